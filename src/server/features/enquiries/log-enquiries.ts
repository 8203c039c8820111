/**
 * The seller's conveyancer logs enquiries that reached them by email or letter (issue 37 item 2), so
 * the thread holds every enquiry of the matter however it arrived: the date received (not in the
 * future), how, who sent them (as written; by default the recorded buyer's conveyancer, on Homeward or
 * not), the text of each, and the original attached as a document of the matter. Each then lives as
 * any raised enquiry does: numbered, with a reply clock, the enquiry tasks ticking, in the trail.
 * Only the seller's conveyancer on the matter may (403); 404 off the matter. One database transaction.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { ENQUIRY_CATEGORY_LABELS, type EnquiryCategory, type EnquiryReceivedVia } from '#shared/domain/enquiries.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import { transactionPath } from '#shared/paths.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, oneRow, rows } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { notifyPeople } from '#server/core/notify/notify-people.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { alertClocksOfTransaction } from '#server/core/clocks/check-clocks.ts'
import { startEnquiryClock } from '#server/core/clocks/clock-sync.ts'
import { documentAudienceFor } from '#server/access/transactions.ts'
import { findOffPlatformParty } from '#server/core/off-platform-parties/list-parties.ts'
import { lockMatter, type EnquiryContext } from './enquiry-context'
import { syncEnquiryTasks } from './enquiry-tasks'
import { partyLabel } from './enquiry-seat'

export const ONLY_SELLER_CONVEYANCER_LOGS =
  "Only the seller's conveyancer on this matter logs enquiries received by email or letter; the buyer's conveyancer raises them here."

/** Today in Europe/London, 'yyyy-mm-dd'. */
function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
}

export async function logEnquiries(
  database: Database,
  ctx: EnquiryContext,
  input: {
    received_on: string
    received_via: EnquiryReceivedVia
    from?: string
    original_document_id: string
    enquiries: { category: EnquiryCategory; body: string }[]
  },
): Promise<{ ids: string[] }> {
  return database.db.transaction(async (tx) => {
    const { part } = await lockMatter(tx, ctx.viewer, ctx.txId)
    if (part !== 'replier') throw new AppError('forbidden', ONLY_SELLER_CONVEYANCER_LOGS)
    if (input.received_on > londonToday())
      throw new AppError('unprocessable', 'The date received cannot be in the future.', {
        received_on: ['Give the day the email or letter arrived'],
      })
    const original = firstRow(
      z.object({ id: z.string() }),
      await tx.execute(sql`select d.id from documents d where d.id = ${input.original_document_id}
        and d.transaction_id = ${ctx.txId} and ${documentAudienceFor('d', ctx.viewer.profileId)}`),
    )
    if (!original)
      throw new AppError('unprocessable', 'Attach the original email or letter as a document of this matter.', {
        original_document_id: ['Upload the original first'],
      })
    let from = input.from?.trim() || null
    if (!from) {
      const party = await findOffPlatformParty(tx, ctx.txId, 'buyer_conveyancer')
      const participant = firstRow(
        z.object({ full_name: z.string() }),
        await tx.execute(sql`select p.full_name from transaction_participants tp join profiles p on p.id = tp.user_id
          where tp.transaction_id = ${ctx.txId} and tp.role = 'buyer_conveyancer' limit 1`),
      )
      from = participant?.full_name ?? (party ? partyLabel(party) : null)
    }
    let number = oneRow(
      z.object({ n: z.number() }),
      await tx.execute(sql`select coalesce(max(number), 0) as n from enquiries where transaction_id = ${ctx.txId}`),
    ).n
    const ids: string[] = []
    for (const e of input.enquiries) {
      number += 1
      const id = oneRow(
        z.object({ id: z.string() }),
        await tx.execute(sql`insert into enquiries (transaction_id, number, category, body, raised_by, received_on,
            received_via, logged_by, raised_by_label)
          values (${ctx.txId}, ${number}, ${e.category}, ${e.body}, null, ${input.received_on}::date, ${input.received_via},
            ${ctx.viewer.profileId}, ${from}) returning id`),
      ).id
      ids.push(id)
      await tx.execute(sql`insert into enquiry_documents (enquiry_id, document_id) values (${id}, ${original.id})`)
      await startEnquiryClock(tx, ctx.txId, id)
      await recordActivity(tx, {
        transactionId: ctx.txId,
        actorId: ctx.viewer.profileId,
        kind: 'enquiry.logged',
        summary: `logged enquiry ${number} (${ENQUIRY_CATEGORY_LABELS[e.category]}), received by ${input.received_via} on ${ukDate(new Date(`${input.received_on}T12:00:00Z`))}`,
        payload: {
          enquiryId: id,
          number,
          category: e.category,
          receivedVia: input.received_via,
          documentId: original.id,
        },
      })
    }
    await syncEnquiryTasks(tx, ctx.txId, ctx.viewer.profileId, {
      publicUrl: ctx.publicUrl,
      deliverMail: ctx.deliverMail,
    })
    const buyerConveyancers = await tx.execute(sql`select user_id from transaction_participants
      where transaction_id = ${ctx.txId} and role = 'buyer_conveyancer'`)
    await notifyPeople(tx, {
      recipients: rows(z.object({ user_id: z.string() }), buyerConveyancers).map((r) => r.user_id),
      kind: 'enquiry_update',
      transactionId: ctx.txId,
      actorId: ctx.viewer.profileId,
      title: `${ctx.viewer.fullName} logged ${ids.length === 1 ? 'an enquiry' : `${ids.length} enquiries`} received by ${input.received_via}`,
      body: null,
      link: transactionPath(ctx.txId, { view: 'enquiries' }),
      publicUrl: ctx.publicUrl,
      deliverMail: ctx.deliverMail,
    })
    await alertClocksOfTransaction(tx, ctx.txId, ctx)
    return { ids }
  })
}
