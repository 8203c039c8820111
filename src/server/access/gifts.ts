/**
 * The giftor's narrow access (part of the one access module, decision 037): someone giving money
 * towards a buyer's deposit sees their own gift (the gift page: the declaration and their identity
 * step) and nothing else of the move. They are not a participant, so the move's routes answer them
 * 404 (access/transactions.ts never lists them); here, a gift is theirs when `funding_gifts.giftor_profile_id`
 * is their profile, set when they accepted the emailed invitation. Anyone else, the buyer included,
 * gets the standard 404 on the gift's routes (the buyer follows the gift in the funding picture).
 * Permission: `update:gift:giftor`.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { notFound } from '#server/core/errors.ts'

/** A gift row as its giftor's use cases need it. Money in pence. */
const GiftorGift = z.object({
  id: z.string(),
  transaction_id: z.string(),
  transaction_status: z.string(),
  giftor_name: z.string(),
  giftor_email: z.string(),
  relationship: z.string(),
  amount_pence: z.number(),
  document_id: z.string().nullable(),
  signature_request_id: z.string().nullable(),
  source_of_money: z.string().nullable(),
  giftor_will_live: z.boolean().nullable(),
  identity_check_id: z.string().nullable(),
  created_by: z.string().nullable(),
})
export type GiftorGift = z.output<typeof GiftorGift>

const GIFT_COLUMNS = sql`g.id, g.transaction_id, t.status as transaction_status, g.giftor_name, g.giftor_email,
  g.relationship, g.amount_pence::float8 as amount_pence, g.document_id, g.signature_request_id, g.source_of_money,
  g.giftor_will_live, g.identity_check_id, g.created_by`

/** For a read: the viewer's own gift; the standard 404 for anyone else or an unknown id. */
export async function readGiftForGiftor(tx: Tx, viewer: Viewer, giftId: string): Promise<GiftorGift> {
  const res =
    await tx.execute(sql`select ${GIFT_COLUMNS} from funding_gifts g join transactions t on t.id = g.transaction_id
    where g.id = ${giftId} and g.giftor_profile_id = ${viewer.profileId}`)
  const row = firstRow(GiftorGift, res)
  if (!row) throw notFound('gift')
  return row
}

/**
 * For the giftor's writes: locks the move's row, then the gift's (the order every write on a move
 * takes, so writes on the same move queue instead of deadlocking), and returns the gift; 404 as above.
 */
export async function lockGiftForGiftor(tx: Tx, viewer: Viewer, giftId: string): Promise<GiftorGift> {
  const found = await tx.execute(
    sql`select transaction_id from funding_gifts where id = ${giftId} and giftor_profile_id = ${viewer.profileId}`,
  )
  const target = firstRow(z.object({ transaction_id: z.string() }), found)
  if (!target) throw notFound('gift')
  await tx.execute(sql`select 1 from transactions where id = ${target.transaction_id} for update`)
  const res =
    await tx.execute(sql`select ${GIFT_COLUMNS} from funding_gifts g join transactions t on t.id = g.transaction_id
    where g.id = ${giftId} and g.giftor_profile_id = ${viewer.profileId} for update of g`)
  const row = firstRow(GiftorGift, res)
  if (!row) throw notFound('gift')
  return row
}
