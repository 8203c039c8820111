/**
 * 'Request update' (issue 6): a buyer or seller asks the conveyancer on their side for an update,
 * with an optional note, at most once per 24 hours per transaction per person. The conveyancer gets
 * a notification (and email, per their settings); their next reply in chat marks it answered
 * (post-message.ts).
 */
import { sql } from 'drizzle-orm'
import { UPDATE_REQUEST_INTERVAL_MS } from '../../../shared/domain/chat'
import { ukDateTime } from '../../../shared/domain/uk-time'
import { transactionPath } from '../../../shared/paths'
import { assertCanSeeTransaction, lockTransactionForViewer } from '../../access/transactions'
import type { Viewer } from '../../auth/viewer'
import type { Database } from '../../db/client'
import { updateRequests } from '../../db/schema'
import { AppError } from '../../http/errors'
import { notifyPeople } from './notify-people'

const REQUEST_JSON = `json_build_object('id', r.id, 'note', r.note, 'created_at', r.created_at, 'answered_at', r.answered_at,
  'requested_by', (select json_build_object('id', p.id, 'full_name', p.full_name) from profiles p where p.id = r.requested_by),
  'answered_by', (select json_build_object('id', p.id, 'full_name', p.full_name) from profiles p where p.id = r.answered_by))`

/** When the viewer may ask again (null: now). */
async function nextAllowedAt(database: Database, txId: string, profileId: string): Promise<Date | null> {
  const [row] = await database.query<{ created_at: Date | string }>(
    `select created_at from update_requests where transaction_id = $1 and requested_by = $2 order by created_at desc limit 1`,
    [txId, profileId],
  )
  if (!row) return null
  const next = new Date(new Date(row.created_at).getTime() + UPDATE_REQUEST_INTERVAL_MS)
  return next.getTime() > Date.now() ? next : null
}

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
  viewer: Viewer | null
  txId: string
}): Promise<string> {
  await assertCanSeeTransaction(database, viewer, txId)
  const [role] = await database.query<{ role: string | null }>(
    `select case when buyer_user_id = $2 then 'buyer' when seller_user_id = $2 then 'seller' end as role
     from transactions where id = $1`,
    [txId, viewer!.profileId],
  )
  const side = role?.role ?? null
  // A buyer or seller can ask only when a conveyancer on their side is there to be asked.
  const [conveyancer] = side
    ? await database.query<{ n: number }>(
        'select count(*)::int as n from transaction_participants where transaction_id = $1 and role = $2',
        [txId, `${side}_conveyancer`],
      )
    : []
  const isParty = !!side && (conveyancer?.n ?? 0) > 0
  const next = isParty ? await nextAllowedAt(database, txId, viewer!.profileId) : null
  const requests = await database.queryJson(
    'update_requests_list',
    `select coalesce(json_agg(${REQUEST_JSON} order by r.created_at desc), '[]'::json)::text
     from (select * from update_requests where transaction_id = $1 order by created_at desc limit 20) r`,
    [txId],
  )
  return `{"requests":${requests},"can_request":${isParty && !next},"next_allowed_at":${next ? JSON.stringify(next.toISOString()) : 'null'}}`
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
  viewer: Viewer | null
  txId: string
  note?: string
  publicUrl: string
  deliverMail: boolean
}): Promise<string> {
  return database.db.transaction(async (tx) => {
    const locked = await lockTransactionForViewer(tx, viewer, txId)
    const side =
      locked.buyerUserId === viewer!.profileId ? 'buyer' : locked.sellerUserId === viewer!.profileId ? 'seller' : null
    if (!side) throw new AppError('forbidden', 'Only the buyer or the seller can ask their conveyancer for an update.')
    const last = await tx.execute(sql`select created_at from update_requests
      where transaction_id = ${txId} and requested_by = ${viewer!.profileId} order by created_at desc limit 1`)
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
      .values({ transactionId: txId, requestedBy: viewer!.profileId, note: note ?? null })
      .returning({ id: updateRequests.id })
    await notifyPeople(tx, {
      recipients,
      kind: 'update_requested',
      transactionId: txId,
      actorId: viewer!.profileId,
      title: `${viewer!.fullName} asked for an update`,
      body: note ?? 'No note was added. Reply in chat to let them know where things stand.',
      link: transactionPath(txId, { tab: 'chat' }),
      publicUrl,
      deliverMail,
    })
    const res = await tx.execute(
      sql`select ${sql.raw(REQUEST_JSON)}::text as json from update_requests r where r.id = ${id}`,
    )
    return (res.rows[0] as { json: string }).json
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
