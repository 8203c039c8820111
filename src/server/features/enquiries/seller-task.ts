/**
 * When an answer needs the seller, the seller's conveyancer turns the enquiry into a task for the
 * seller: a timeline task in the enquiries stage, owned by the seller's side, linked from the
 * enquiry. Only while the enquiry waits for a reply, once per enquiry (409 after); the seller is
 * told, the stage's progress recomputed and the audit trail records it.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { canReply } from '#shared/domain/enquiries.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { transactionPath } from '#shared/paths.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow, rows } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { notifyPeople } from '#server/core/notify/notify-people.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { restageAfterEdit } from '#server/core/timeline/tick-task.ts'
import { lockEnquiry, lockMatter, saveEnquiry, type EnquiryContext } from './enquiry-context'

/** Longest task title (tasks_title_length). */
const TASK_TITLE_MAX = 300

export async function makeSellerTask(
  database: Database,
  ctx: EnquiryContext,
  input: { enquiryId: string; version: number },
): Promise<{ version: number; taskId: string }> {
  return database.db.transaction(async (tx) => {
    const { part } = await lockMatter(tx, ctx.viewer, ctx.txId)
    const enquiry = await lockEnquiry(tx, ctx.txId, input.enquiryId, input.version)
    if (part !== 'replier')
      throw new AppError('forbidden', "Only the seller's conveyancer turns an enquiry into a task for the seller.")
    if (!canReply(enquiry.status))
      throw new AppError(
        'unprocessable',
        `Enquiry ${enquiry.number} is not waiting for a reply, so the seller has nothing to answer.`,
      )
    if (enquiry.seller_task_id)
      throw new AppError('conflict', `Enquiry ${enquiry.number} already has a task for the seller.`)
    const stage = await tx.execute(sql`
      select k.stage_id from tasks k join timeline_stages s on s.id = k.stage_id
      where s.transaction_id = ${ctx.txId} and k.title = ${TASK_TITLES.repliesSent} limit 1`)
    const stageId = firstRow(z.object({ stage_id: z.string() }), stage)?.stage_id
    if (!stageId)
      throw new AppError('unprocessable', 'This matter has no enquiries stage on its timeline to add the task to.')
    const prefix = `Answer enquiry ${enquiry.number} for your conveyancer: `
    const text = enquiry.body.replace(/\s+/g, ' ')
    const title =
      prefix.length + text.length <= TASK_TITLE_MAX
        ? prefix + text
        : prefix + text.slice(0, TASK_TITLE_MAX - prefix.length - 1) + '…'
    const res = await tx.execute(sql`
      insert into tasks (stage_id, title, owner_side, sort_index)
      values (${stageId}, ${title}, 'seller_side',
        (select coalesce(max(sort_index), -1) + 1 from tasks where stage_id = ${stageId}))
      returning id`)
    const taskId = oneRow(IdRow, res).id
    await saveEnquiry(tx, enquiry.id, { sellerTaskId: taskId })
    await restageAfterEdit(tx, { txId: ctx.txId, stageId })
    await recordActivity(tx, {
      transactionId: ctx.txId,
      actorId: ctx.viewer.profileId,
      kind: 'enquiry.seller_task',
      summary: `asked the seller to answer enquiry ${enquiry.number} (a task on the timeline)`,
      payload: { enquiryId: enquiry.id, number: enquiry.number, taskId, stageId },
    })
    const sellers = await tx.execute(sql`
      select seller_user_id as id from transactions where id = ${ctx.txId} and seller_user_id is not null
      union select user_id from transaction_participants where transaction_id = ${ctx.txId} and role = 'seller'`)
    await notifyPeople(tx, {
      recipients: rows(IdRow, sellers).map((r) => r.id),
      kind: 'enquiry_update',
      transactionId: ctx.txId,
      actorId: ctx.viewer.profileId,
      title: `Your conveyancer needs your answer to enquiry ${enquiry.number}`,
      body: enquiry.body.slice(0, 200),
      link: transactionPath(ctx.txId, { tab: 'timeline' }),
      publicUrl: ctx.publicUrl,
      deliverMail: ctx.deliverMail,
    })
    return { version: enquiry.version + 1, taskId }
  })
}
