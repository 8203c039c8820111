/**
 * 'Request update': a buyer or seller asks the conveyancer on their side for an update,
 * with an optional note, at most once per 24 hours per transaction per person. The conveyancer gets
 * a notification (and email, per their settings); their next reply in chat marks it answered
 * (post-message.ts).
 */
import { sql } from 'drizzle-orm'
import { UPDATE_REQUEST_INTERVAL_MS } from '#shared/domain/chat.ts'
import { ukDateTime } from '#shared/domain/uk-time.ts'
import { transactionPath } from '#shared/paths.ts'
import { canSeeTransactionSql, lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { UpdateRequest, UpdateRequestListResponse } from '#shared/contracts/update-requests.ts'
import type { Database, JsonText } from '#server/db/client.ts'
import { updateRequests } from '#server/db/schema/index.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { notifyPeople } from '#server/core/notify/notify-people.ts'
import { requirePermission } from '#server/access/permissions.ts'

const REQUEST_JSON = `json_build_object('id', r.id, 'note', r.note, 'created_at', r.created_at, 'answered_at', r.answered_at,
  'requested_by', (select json_build_object('id', p.id, 'full_name', p.full_name) from profiles p where p.id = r.requested_by),
  'answered_by', (select json_build_object('id', p.id, 'full_name', p.full_name) from profiles p where p.id = r.answered_by))`

/**
 * The viewer's side ('buyer', 'seller' or null), how many conveyancers that side has, when the
 * viewer last asked, and the latest 20 requests as JSON; no row when the viewer may not see the
 * transaction.
 */
const LIST_SQL = `
select t.side, t.last_request_at,
  (select count(*)::int from transaction_participants tp where tp.transaction_id = $1 and tp.role = t.side || '_conveyancer') as conveyancers,
  (select coalesce(json_agg(${REQUEST_JSON} order by r.created_at desc), '[]'::json)::text
     from (select * from update_requests where transaction_id = $1 order by created_at desc limit 20) r) as requests
from (
  select case when x.buyer_user_id = $2 then 'buyer' when x.seller_user_id = $2 then 'seller' end as side,
    (select max(u.created_at) from update_requests u where u.transaction_id = $1 and u.requested_by = $2) as last_request_at
  from transactions x where x.id = $1 and ${canSeeTransactionSql('$2', '$1')}
) t`

/**
 * GET .../update-requests: the latest 20 requests on the transaction, and whether the viewer may ask
 * now (a buyer or seller with a conveyancer on their side, 24 hours after their last request).
 */
export async function listUpdateRequests({
  database,
  viewer,
  txId,
}: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<JsonText<UpdateRequestListResponse>> {
  const [row] = await database.query<{
    side: string | null
    last_request_at: Date | string | null
    conveyancers: number | null
    requests: string
  }>(LIST_SQL, [txId, viewer.profileId])
  if (!row) throw notFound()
  // A buyer or seller can ask only when a conveyancer on their side is there to be asked.
  const isParty = !!row.side && (row.conveyancers ?? 0) > 0
  const after = row.last_request_at
    ? new Date(new Date(row.last_request_at).getTime() + UPDATE_REQUEST_INTERVAL_MS)
    : null
  // When the viewer may ask again (null: now).
  const next = isParty && after && after.getTime() > Date.now() ? after : null
  const requests = row.requests
  return `{"requests":${requests},"can_request":${isParty && !next},"next_allowed_at":${next ? JSON.stringify(next.toISOString()) : 'null'}}` as JsonText<UpdateRequestListResponse>
}

/**
 * POST .../update-requests. 403 for anyone but the buyer or seller; 409 when their side has no
 * conveyancer yet; 429 (with Retry-After seconds in `retryAfterSeconds`) within 24 hours of their last request.
 */
export async function createUpdateRequest({
  database,
  viewer,
  txId,
  note,
  publicUrl,
  deliverMail,
}: {
  database: Database
  viewer: Viewer
  txId: string
  note?: string
  publicUrl: string
  deliverMail: boolean
}): Promise<JsonText<UpdateRequest>> {
  return database.db.transaction(async (tx) => {
    const locked = await lockTransactionForViewer(tx, viewer, txId)
    const side =
      locked.buyerUserId === viewer.profileId ? 'buyer' : locked.sellerUserId === viewer.profileId ? 'seller' : null
    requirePermission(
      'create:update-request:party',
      side !== null,
      'Only the buyer or the seller can ask their conveyancer for an update.',
    )
    const last = await tx.execute(sql`select created_at from update_requests
      where transaction_id = ${txId} and requested_by = ${viewer.profileId} order by created_at desc limit 1`)
    const lastAt = (last.rows[0] as { created_at: string | Date } | undefined)?.created_at
    if (lastAt) {
      const next = new Date(new Date(lastAt).getTime() + UPDATE_REQUEST_INTERVAL_MS)
      if (next.getTime() > Date.now()) {
        throw new UpdateRequestTooSoon(next)
      }
    }
    const conveyancers = await tx.execute(sql`select user_id from transaction_participants
      where transaction_id = ${txId} and role = ${`${side}_conveyancer`}`)
    const recipients = (conveyancers.rows as { user_id: string }[]).map((r) => r.user_id)
    if (recipients.length === 0) {
      throw new AppError(
        'conflict',
        `There is no ${side}'s conveyancer on this move yet. Invite one from the People tab or the marketplace first.`,
      )
    }
    const [{ id }] = await tx
      .insert(updateRequests)
      .values({ transactionId: txId, requestedBy: viewer.profileId, note: note ?? null })
      .returning({ id: updateRequests.id })
    await notifyPeople(tx, {
      recipients,
      kind: 'update_requested',
      transactionId: txId,
      actorId: viewer.profileId,
      title: `${viewer.fullName} asked for an update`,
      body: note ?? 'No note was added. Reply in chat to let them know where things stand.',
      link: transactionPath(txId, { tab: 'chat' }),
      publicUrl,
      deliverMail,
    })
    const res = await tx.execute(
      sql`select ${sql.raw(REQUEST_JSON)}::text as json from update_requests r where r.id = ${id}`,
    )
    return (res.rows[0] as { json: JsonText<UpdateRequest> }).json
  })
}

/** 429: asked within the last 24 hours. The message says when they can ask again (UK time). */
export class UpdateRequestTooSoon extends AppError {
  constructor(public readonly nextAllowedAt: Date) {
    super(
      'rate_limited',
      `You asked for an update less than 24 hours ago. You can ask again from ${ukDateTime(nextAllowedAt)} (UK time).`,
    )
  }
}
