/**
 * Personal access tokens and firm API keys: list, create (the secret in that answer only, stored as
 * its SHA-256), revoke. Session only: the routes refuse API tokens (their entries list no scopes).
 * A firm key is made and revoked by the firm's admins and acts as the admin who made it while they
 * are still one (features/api-access/resolve-api-token.ts). docs/decisions/032-open-api-and-webhooks.md.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ApiTokenList, CreateApiTokenInput, CreatedApiToken } from '#shared/contracts/api-access.ts'
import { ApiToken, CreateApiTokenInput as CreateInput } from '#shared/contracts/api-access.ts'
import { canManageApiRow, firmNameOf, resolveApiOwner } from '#server/access/api-access.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow, rows, Timestamp } from '#server/db/rows.ts'
import type { ClientInfo } from '#server/auth/client-info.ts'
import { notFound } from '#server/core/errors.ts'
import { newApiTokenSecret } from './api-token-secret'
import { recordApiEvent } from './api-events'

const TOKEN_JSON = sql.raw(`json_build_object('id', k.id, 'kind', k.kind, 'name', k.name, 'prefix', k.prefix,
  'scopes', to_json(k.scopes), 'created_at', k.created_at, 'created_by', coalesce(p.full_name, 'Former member'),
  'last_used_at', k.last_used_at, 'expires_at', k.expires_at, 'revoked_at', k.revoked_at)`)

/** A row of `select ${TOKEN_JSON} as token`: the token as the API answers it, built in SQL. */
const TokenRow = z.object({ token: ApiToken })

async function tokenById(db: Tx | Database['db'], id: string): Promise<ApiToken> {
  const res = await db.execute(
    sql`select ${TOKEN_JSON} as token from api_tokens k left join profiles p on p.id = k.profile_id where k.id = ${id}`,
  )
  return oneRow(TokenRow, res).token
}

/** The owner's tokens, newest first: live ones and those revoked or expired in the last 30 days. */
export async function listApiTokens(options: {
  database: Database
  viewer: Viewer
  firmId?: string
}): Promise<ApiTokenList> {
  const { database, viewer } = options
  const owner = await resolveApiOwner(database.db, viewer, options.firmId)
  const whose = owner.organizationId
    ? sql`k.organization_id = ${owner.organizationId}`
    : sql`k.organization_id is null and k.profile_id = ${owner.profileId}`
  const res = await database.db.execute(sql`
    select ${TOKEN_JSON} as token from api_tokens k left join profiles p on p.id = k.profile_id
    where ${whose} and (k.revoked_at is null or k.revoked_at > now() - interval '30 days')
      and (k.expires_at is null or k.expires_at > now() - interval '30 days')
    order by k.created_at desc, k.id limit 200`)
  return {
    tokens: rows(TokenRow, res).map((r) => r.token),
    firm_name: await firmNameOf(database.db, owner.organizationId),
  }
}

/** Creates a token; answers it with its secret, which is not kept and cannot be shown again. */
export async function createApiToken(options: {
  database: Database
  viewer: Viewer
  input: CreateApiTokenInput
  origin?: ClientInfo
}): Promise<CreatedApiToken> {
  const { database, viewer, origin } = options
  const input = CreateInput.parse(options.input)
  return database.db.transaction(async (tx) => {
    const owner = await resolveApiOwner(tx, viewer, input.firm_id)
    const kind = owner.organizationId ? 'firm' : 'personal'
    const { secret, hash, prefix } = newApiTokenSecret(kind)
    const expires = input.expires_in_days === null ? null : sql`now() + make_interval(days => ${input.expires_in_days})`
    const res = await tx.execute(sql`
      insert into api_tokens (kind, name, prefix, token_hash, scopes, profile_id, organization_id, expires_at)
      values (${kind}, ${input.name}, ${prefix}, ${hash}, ${`{${input.scopes.join(',')}}`}::text[],
        ${owner.profileId}, ${owner.organizationId}, ${expires})
      returning id`)
    const id = oneRow(IdRow, res).id
    await recordApiEvent(tx, {
      viewer,
      owner,
      kind: 'api_token.created',
      detail: { token_id: id, name: input.name, prefix, scopes: input.scopes, expires_in_days: input.expires_in_days },
      origin,
    })
    return { token: await tokenById(tx, id), secret }
  })
}

/** Revokes a token the viewer may manage (404 otherwise); revoking a revoked one changes nothing. */
export async function revokeApiToken(options: {
  database: Database
  viewer: Viewer
  tokenId: string
  origin?: ClientInfo
}): Promise<void> {
  const { database, viewer, tokenId, origin } = options
  await database.db.transaction(async (tx) => {
    const res = await tx.execute(sql`
      select k.id, k.name, k.prefix, k.organization_id, k.revoked_at from api_tokens k
      where k.id = ${tokenId} and ${canManageApiRow('k', viewer)} for update`)
    const row = firstRow(
      z.object({
        id: z.string(),
        name: z.string(),
        prefix: z.string(),
        organization_id: z.string().nullable(),
        revoked_at: Timestamp.nullable(),
      }),
      res,
    )
    if (!row) throw notFound('API token')
    if (row.revoked_at) return
    await tx.execute(
      sql`update api_tokens set revoked_at = now(), revoked_by = ${viewer.profileId} where id = ${tokenId}`,
    )
    await recordApiEvent(tx, {
      viewer,
      owner: { profileId: viewer.profileId, organizationId: row.organization_id },
      kind: 'api_token.revoked',
      detail: { token_id: row.id, name: row.name, prefix: row.prefix },
      origin,
    })
  })
}
