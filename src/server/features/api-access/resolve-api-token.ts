/**
 * Who an `Authorization: Bearer <token>` request is: the token's person as a Viewer, carrying the
 * token's grant (id, kind, scopes, firm). One query: the token by its SHA-256, not revoked, not
 * expired, with its person's user, profile and roles; a firm key only while the admin who made it is
 * still a current admin of that firm. Records the time of use (at most once a minute per token).
 * Anything else is a 401 that tells the caller what to do.
 */
import type { Viewer } from '#server/auth/viewer.ts'
import { parseJsonText, type Database } from '#server/db/client.ts'
import { AppError } from '#server/core/errors.ts'
import { hashApiToken } from './api-token-secret'

export const UNKNOWN_TOKEN_MESSAGE =
  'This API token is not valid: it is unknown, revoked or expired. Create a new one in Settings > API and webhooks.'

const TOKEN_VIEWER_SQL = `
select json_build_object(
  'profileId', p.id, 'authId', u.id, 'email', u.email, 'emailVerified', u.email_verified,
  'fullName', p.full_name, 'sessionId', 'api-token:' || k.id,
  'roles', coalesce((select json_agg(r.role order by r.role) from user_roles r where r.user_id = p.id), '[]'::json),
  'apiToken', json_build_object('id', k.id, 'kind', k.kind, 'scopes', to_json(k.scopes), 'organizationId', k.organization_id)
)::text
from api_tokens k
join profiles p on p.id = k.profile_id
join "user" u on u.id = p.auth_id
where k.token_hash = $1 and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())
  and (k.organization_id is null or exists(select 1 from organization_members om where om.organization_id = k.organization_id
    and om.profile_id = k.profile_id and om.role = 'admin' and om.removed_at is null))`

/** The token's viewer; throws AppError 'unauthenticated' (401) for an unknown, revoked or expired token. */
export async function resolveApiToken(database: Database, token: string): Promise<Viewer> {
  if (!token) throw new AppError('unauthenticated', UNKNOWN_TOKEN_MESSAGE)
  const hash = hashApiToken(token)
  const json = await database.queryJson<Viewer>('viewer_by_api_token', TOKEN_VIEWER_SQL, [hash])
  if (!json) throw new AppError('unauthenticated', UNKNOWN_TOKEN_MESSAGE)
  await database.query(
    `update api_tokens set last_used_at = now()
     where token_hash = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
    [hash],
  )
  return parseJsonText(json)
}
