/**
 * A firm's activity (GET /api/firms/{orgId}/events): its `firm.*` events (docs/decisions/018: kept
 * in the append-only security_events of whoever made each change, with the firm's id in `detail`),
 * newest first, in keyset pages on (created_at, id), one SQL statement each, by the partial index
 * security_events_firm_created_idx. Only the firm's admins (access/firms.ts): 404 for anyone not in
 * the firm, 403 for its other members.
 */
import { z } from 'zod'
import type { FirmEventsResponse } from '#shared/contracts/firms.ts'
import { assertFirmAdmin } from '#server/access/firms.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, JsonText } from '#server/db/client.ts'
import { AppError } from '#server/core/errors.ts'

/** $1 organisation id, $2 cursor time (timestamptz text), $3 cursor event id, $4 page size. */
const SQL = `
with page as (
  select se.id, se.kind, se.detail, se.created_at, p.full_name as actor_name
  from security_events se
  left join profiles p on p.auth_id = se.user_id
  where se.kind like 'firm.%' and (se.detail->>'organization_id') = $1::text
    and ($2::timestamptz is null or (se.created_at, se.id) < ($2::timestamptz, $3::uuid))
  order by se.created_at desc, se.id desc
  limit $4 + 1
),
numbered as (select pg.*, row_number() over (order by pg.created_at desc, pg.id desc) as n from page pg)
select json_build_object(
  'events', coalesce((select json_agg(json_build_object('id', x.id, 'kind', x.kind, 'detail', x.detail,
      'actor', case when x.actor_name is null then null else json_build_object('full_name', x.actor_name) end,
      'created_at', x.created_at) order by x.n)
    from numbered x where x.n <= $4), '[]'::json),
  'next_cursor', (select rtrim(translate(replace(encode(convert_to(json_build_array(x.created_at::text, x.id)::text, 'UTF8'),
       'base64'), E'\\n', ''), '+/', '-_'), '=') from numbered x
     where x.n = $4 and exists(select 1 from numbered y where y.n = $4 + 1))
)::text`

/** PostgreSQL's text of a timestamptz, e.g. '2026-11-27 09:07:50.123456+00'. */
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/
const Cursor = z.tuple([z.string().regex(PG_TIMESTAMP), z.guid()])

/** The cursor is base64url of the JSON [created_at as text, event id], made by the SQL above. */
function decodeCursor(cursor: string): [string, string] {
  try {
    return Cursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
  } catch {
    throw new AppError('validation_failed', 'cursor: This page link is not valid. Reload the activity.', {
      cursor: ['Not a cursor this list gave out'],
    })
  }
}

/** Returns FirmEventsResponse as JSON text. Throws 404/403 (assertFirmAdmin), 400 for a foreign cursor. */
export async function listFirmEvents({
  database,
  viewer,
  orgId,
  cursor,
  limit,
}: {
  database: Database
  viewer: Viewer
  orgId: string
  cursor?: string
  limit: number
}): Promise<JsonText<FirmEventsResponse>> {
  await assertFirmAdmin(database.db, viewer, orgId)
  const [at, id] = cursor ? decodeCursor(cursor) : [null, null]
  return (await database.queryJson<FirmEventsResponse>('firm_events', SQL, [orgId, at, id, limit]))!
}
