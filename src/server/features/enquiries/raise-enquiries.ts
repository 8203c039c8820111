/**
 * Raises one or several pre-contract enquiries at once (from the standard list or written fresh).
 * Only the buyer's conveyancer on the matter may (403 naming the rule for anyone else on it; 404 for
 * anyone not on it, exactly like a matter that does not exist). Each gets the next number, its
 * linked documents (which must be this matter's), and a reply clock; the enquiry tasks tick, the
 * audit trail records each, and the seller's conveyancer is told once: in the app when on Homeward,
 * else by email with a reply link when a firm not on Homeward is recorded (email-link.ts). One database transaction.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { ENQUIRY_CATEGORY_LABELS, type EnquiryCategory } from '#shared/domain/enquiries.ts'
import { transactionPath } from '#shared/paths.ts'
import type { Database } from '#server/db/client.ts'
import { IdRow, oneRow, rows } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { notifyPeople } from '#server/core/notify/notify-people.ts'
import { alertClocksOfTransaction } from '#server/core/clocks/check-clocks.ts'
import { startEnquiryClock } from '#server/core/clocks/clock-sync.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { lockMatter, type EnquiryContext } from './enquiry-context'
import { syncEnquiryTasks } from './enquiry-tasks'
import { emailEnquiriesToFirm } from './email-link'
import { isFormQuestion } from '#server/core/pdtf/form-model.ts'
import { documentAudienceFor } from '#server/access/transactions.ts'

export const ONLY_BUYER_CONVEYANCER_RAISES =
  "Only the buyer's conveyancer on this matter raises pre-contract enquiries; the seller's conveyancer answers them."

export async function raiseEnquiries(
  database: Database,
  ctx: EnquiryContext,
  input: { enquiries: { category: EnquiryCategory; body: string; document_ids: string[]; form_question?: string }[] },
): Promise<{ ids: string[] }> {
  return database.db.transaction(async (tx) => {
    const { part } = await lockMatter(tx, ctx.viewer, ctx.txId)
    if (part !== 'raiser') throw new AppError('forbidden', ONLY_BUYER_CONVEYANCER_RAISES)
    const docIds = [...new Set(input.enquiries.flatMap((e) => e.document_ids))]
    if (docIds.length) {
      const found = await tx.execute(sql`select id from documents d where transaction_id = ${ctx.txId}
        and ${documentAudienceFor('d', ctx.viewer.profileId)}
        and id in (${sql.join(
          docIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`)
      if (found.rows.length !== docIds.length)
        throw new AppError('unprocessable', 'A linked document is not one of this matter’s documents.', {
          document_ids: ['Link documents of this matter only'],
        })
    }
    for (const e of input.enquiries) {
      if (e.form_question && !isFormQuestion(e.form_question))
        throw new AppError('unprocessable', 'The form question it refers to is not one the TA6 or TA10 asks.', {
          form_question: ['Raise it from an answer of the form'],
        })
    }
    const next = await tx.execute(
      sql`select coalesce(max(number), 0) as n from enquiries where transaction_id = ${ctx.txId}`,
    )
    let number = oneRow(z.object({ n: z.number() }), next).n
    const ids: string[] = []
    for (const e of input.enquiries) {
      number += 1
      const res = await tx.execute(sql`
        insert into enquiries (transaction_id, number, category, body, raised_by, form_question)
        values (${ctx.txId}, ${number}, ${e.category}, ${e.body}, ${ctx.viewer.profileId}, ${e.form_question ?? null})
        returning id`)
      const id = oneRow(IdRow, res).id
      ids.push(id)
      for (const docId of e.document_ids) {
        await tx.execute(sql`insert into enquiry_documents (enquiry_id, document_id) values (${id}, ${docId})`)
      }
      await startEnquiryClock(tx, ctx.txId, id)
      await recordActivity(tx, {
        transactionId: ctx.txId,
        actorId: ctx.viewer.profileId,
        kind: 'enquiry.raised',
        summary: `raised enquiry ${number} (${ENQUIRY_CATEGORY_LABELS[e.category]})`,
        payload: {
          enquiryId: id,
          number,
          category: e.category,
          documentIds: e.document_ids,
          ...(e.form_question ? { formQuestion: e.form_question } : {}),
        },
      })
    }
    await syncEnquiryTasks(tx, ctx.txId, ctx.viewer.profileId, {
      publicUrl: ctx.publicUrl,
      deliverMail: ctx.deliverMail,
    })
    const sellerConveyancers = await tx.execute(sql`select user_id from transaction_participants
      where transaction_id = ${ctx.txId} and role = 'seller_conveyancer'`)
    await notifyPeople(tx, {
      recipients: rows(z.object({ user_id: z.string() }), sellerConveyancers).map((r) => r.user_id),
      kind: 'enquiry_update',
      transactionId: ctx.txId,
      actorId: ctx.viewer.profileId,
      title:
        ids.length === 1
          ? `${ctx.viewer.fullName} raised enquiry ${number}`
          : `${ctx.viewer.fullName} raised ${ids.length} enquiries`,
      body: 'Replies are due within the firm’s SLA for replies to enquiries.',
      link: transactionPath(ctx.txId, { view: 'enquiries' }),
      publicUrl: ctx.publicUrl,
      deliverMail: ctx.deliverMail,
    })
    // A seller's firm not on Homeward gets them by email with a reply link (decision 054).
    await emailEnquiriesToFirm(tx, {
      txId: ctx.txId,
      sender: { profileId: ctx.viewer.profileId, fullName: ctx.viewer.fullName, email: ctx.viewer.email },
      publicUrl: ctx.publicUrl,
      deliverMail: ctx.deliverMail,
      newIds: ids,
    })
    await alertClocksOfTransaction(tx, ctx.txId, ctx)
    return { ids }
  })
}
