/**
 * Moving an enquiry along (src/shared/domain/enquiries.ts):
 * - replyToEnquiry: the seller's conveyancer answers an open enquiry or a further enquiry; its reply
 *   clock stops. The buyer's conveyancer answering their own enquiry is 409 naming the rule.
 * - changeEnquiryStatus: the buyer's conveyancer marks an answered enquiry satisfied, raises a
 *   further enquiry on it (a new reply clock), or withdraws it (its clock is cancelled).
 * - editEnquiry: the buyer's conveyancer corrects text or category; a closed (satisfied or
 *   withdrawn) enquiry cannot be edited: 422 naming the rule.
 * Every change names the version it read (409 when stale), ticks the enquiry tasks, and is in the
 * audit trail, in one database transaction.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  canReply,
  CLOSED_ENQUIRY_STATUSES,
  ENQUIRY_STATUS_LABELS,
  raiserTransitions,
  type EnquiryCategory,
} from '#shared/domain/enquiries.ts'
import { transactionPath } from '#shared/paths.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { rows } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { notifyPeople } from '#server/core/notify/notify-people.ts'
import { alertClocksOfTransaction } from '#server/core/clocks/check-clocks.ts'
import { startEnquiryClock, stopEnquiryClock } from '#server/core/clocks/clock-sync.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import {
  lockEnquiry,
  lockMatter,
  saveEnquiry,
  type EnquiryContext,
  type EnquiryPart,
  type LockedEnquiry,
} from './enquiry-context'
import { syncEnquiryTasks } from './enquiry-tasks'
import { emailEnquiriesToFirm } from './email-link'
import { writeThreadMessage } from './thread-attachments'

export const OWN_ENQUIRY_RULE =
  "You raised this enquiry, so the seller's conveyancer answers it. To ask more, raise a further enquiry once it is answered."
export const CLOSED_ENQUIRY_RULE = (status: string) =>
  `This enquiry is ${status.toLowerCase()}, and a closed enquiry cannot be changed. Raise a new enquiry instead.`

async function tellSide(tx: Tx, ctx: EnquiryContext, role: string, title: string, body: string | null) {
  const people = await tx.execute(
    sql`select user_id from transaction_participants where transaction_id = ${ctx.txId} and role = ${role}`,
  )
  await notifyPeople(tx, {
    recipients: rows(z.object({ user_id: z.string() }), people).map((r) => r.user_id),
    kind: 'enquiry_update',
    transactionId: ctx.txId,
    actorId: ctx.viewer.profileId,
    title,
    body,
    link: transactionPath(ctx.txId, { view: 'enquiries' }),
    publicUrl: ctx.publicUrl,
    deliverMail: ctx.deliverMail,
  })
}

/** The seller's conveyancer answers, with files. Returns the enquiry's new version. */
export async function replyToEnquiry(
  database: Database,
  ctx: EnquiryContext,
  input: { enquiryId: string; version: number; body: string; document_ids?: string[] },
): Promise<{ version: number }> {
  return database.db.transaction(async (tx) => {
    const { part } = await lockMatter(tx, ctx.viewer, ctx.txId)
    const enquiry = await lockEnquiry(tx, ctx.txId, input.enquiryId, input.version)
    await sendReply(tx, ctx, { enquiry, part, body: input.body, documentIds: input.document_ids ?? [] })
    return { version: enquiry.version + 1 }
  })
}

/**
 * The rule and effects of a reply, inside the caller's transaction on a locked enquiry: who may
 * answer, in which states, the message with its files (thread-attachments.ts), the status, clock,
 * audit entry, enquiry tasks and the buyer's conveyancer told. `draftId`: send that draft (made from
 * the seller's answer in their task) as the reply, with `body` as the conveyancer leaves it, instead
 * of writing a new message. Returns the message's id.
 */
export async function sendReply(
  tx: Tx,
  ctx: EnquiryContext,
  input: { enquiry: LockedEnquiry; part: EnquiryPart; body: string; documentIds?: string[]; draftId?: string },
): Promise<string> {
  const { enquiry, part } = input
  if (part === 'raiser') throw new AppError('conflict', OWN_ENQUIRY_RULE)
  if (part !== 'replier')
    throw new AppError('forbidden', "Only the seller's conveyancer on this matter answers its enquiries.")
  if (CLOSED_ENQUIRY_STATUSES.includes(enquiry.status))
    throw new AppError('unprocessable', CLOSED_ENQUIRY_RULE(ENQUIRY_STATUS_LABELS[enquiry.status]))
  if (!canReply(enquiry.status))
    throw new AppError(
      'conflict',
      `Enquiry ${enquiry.number} is already answered; wait for the buyer's conveyancer to raise a further enquiry.`,
    )
  const replyId = await writeThreadMessage(tx, ctx, {
    enquiryId: enquiry.id,
    kind: 'reply',
    body: input.body,
    documentIds: input.documentIds ?? [],
    readBy: 'buyer_conveyancer',
    draftId: input.draftId,
  })
  await saveEnquiry(tx, enquiry.id, { status: 'answered' })
  await stopEnquiryClock(tx, enquiry.id, 'replied')
  await recordActivity(tx, {
    transactionId: ctx.txId,
    actorId: ctx.viewer.profileId,
    kind: 'enquiry.answered',
    summary: `answered enquiry ${enquiry.number}`,
    payload: { enquiryId: enquiry.id, number: enquiry.number, replyId },
  })
  await syncEnquiryTasks(tx, ctx.txId, ctx.viewer.profileId, {
    publicUrl: ctx.publicUrl,
    deliverMail: ctx.deliverMail,
  })
  await tellSide(tx, ctx, 'buyer_conveyancer', `Enquiry ${enquiry.number} is answered`, input.body.slice(0, 200))
  await alertClocksOfTransaction(tx, ctx.txId, ctx)
  return replyId
}

/** The buyer's conveyancer marks it satisfied, raises a further enquiry (with files), or withdraws it. */
export async function changeEnquiryStatus(
  database: Database,
  ctx: EnquiryContext,
  input: {
    enquiryId: string
    version: number
    status: 'satisfied' | 'withdrawn' | 'further_enquiry'
    body?: string
    document_ids?: string[]
  },
): Promise<{ version: number }> {
  return database.db.transaction(async (tx) => {
    const { part } = await lockMatter(tx, ctx.viewer, ctx.txId)
    const enquiry = await lockEnquiry(tx, ctx.txId, input.enquiryId, input.version)
    await applyStatusChange(tx, ctx, {
      enquiry,
      part,
      status: input.status,
      body: input.body,
      documentIds: input.document_ids ?? [],
    })
    return { version: enquiry.version + 1 }
  })
}

/**
 * The rule and effects of the buyer's conveyancer's change, inside the caller's transaction on a
 * locked enquiry: a further enquiry is written with its files (thread-attachments.ts), the seller's
 * conveyancer told and, for a seller's firm not on Homeward, emailed with a fresh reply link
 * (decision 054). `draftId` (a further enquiry only): send that draft, made from the buyer's answer
 * in their task, as the further enquiry with `body`.
 */
export async function applyStatusChange(
  tx: Tx,
  ctx: EnquiryContext,
  input: {
    enquiry: LockedEnquiry
    part: EnquiryPart
    status: 'satisfied' | 'withdrawn' | 'further_enquiry'
    body?: string
    documentIds?: string[]
    draftId?: string
  },
): Promise<void> {
  const { enquiry, part } = input
  if (part !== 'raiser')
    throw new AppError(
      'forbidden',
      "Only the buyer's conveyancer on this matter marks an enquiry satisfied, raises a further enquiry or withdraws it.",
    )
  if (CLOSED_ENQUIRY_STATUSES.includes(enquiry.status))
    throw new AppError('unprocessable', CLOSED_ENQUIRY_RULE(ENQUIRY_STATUS_LABELS[enquiry.status]))
  if (!raiserTransitions(enquiry.status).includes(input.status))
    throw new AppError(
      'unprocessable',
      input.status === 'satisfied'
        ? `Enquiry ${enquiry.number} has no reply yet: it can be satisfied once the seller's conveyancer answers.`
        : `Enquiry ${enquiry.number} is waiting for a reply: raise a further enquiry once it is answered.`,
    )
  if (input.status !== 'further_enquiry' && input.documentIds?.length)
    throw new AppError(
      'unprocessable',
      'Files go with a further enquiry; marking it satisfied or withdrawing it takes none.',
      {
        document_ids: ['Attach files to a further enquiry only'],
      },
    )
  if (input.status === 'further_enquiry') {
    await writeThreadMessage(tx, ctx, {
      enquiryId: enquiry.id,
      kind: 'further_enquiry',
      body: input.body ?? '',
      documentIds: input.documentIds ?? [],
      readBy: 'seller_conveyancer',
      draftId: input.draftId,
    })
  }
  await saveEnquiry(tx, enquiry.id, { status: input.status })
  if (input.status === 'further_enquiry') await startEnquiryClock(tx, ctx.txId, enquiry.id)
  if (input.status === 'withdrawn') await stopEnquiryClock(tx, enquiry.id, 'cancelled')
  const verb = {
    satisfied: 'marked satisfied',
    withdrawn: 'withdrew',
    further_enquiry: 'raised a further enquiry on',
  }
  await recordActivity(tx, {
    transactionId: ctx.txId,
    actorId: ctx.viewer.profileId,
    kind: `enquiry.${input.status}`,
    summary:
      input.status === 'withdrawn'
        ? `withdrew enquiry ${enquiry.number}`
        : `${verb[input.status]} enquiry ${enquiry.number}`,
    payload: { enquiryId: enquiry.id, number: enquiry.number, from: enquiry.status, to: input.status },
  })
  await syncEnquiryTasks(tx, ctx.txId, ctx.viewer.profileId, {
    publicUrl: ctx.publicUrl,
    deliverMail: ctx.deliverMail,
  })
  if (input.status === 'further_enquiry') {
    await tellSide(tx, ctx, 'seller_conveyancer', `Further enquiry on enquiry ${enquiry.number}`, input.body ?? null)
    // A seller's firm not on Homeward gets it by email with a fresh reply link (decision 054).
    await emailEnquiriesToFirm(tx, {
      txId: ctx.txId,
      sender: { profileId: ctx.viewer.profileId, fullName: ctx.viewer.fullName, email: ctx.viewer.email },
      publicUrl: ctx.publicUrl,
      deliverMail: ctx.deliverMail,
      newIds: [enquiry.id],
    })
  }
  await alertClocksOfTransaction(tx, ctx.txId, ctx)
}

/** The buyer's conveyancer corrects the text or category of an enquiry that is not closed. */
export async function editEnquiry(
  database: Database,
  ctx: EnquiryContext,
  input: { enquiryId: string; version: number; body?: string; category?: EnquiryCategory },
): Promise<{ version: number }> {
  return database.db.transaction(async (tx) => {
    const { part } = await lockMatter(tx, ctx.viewer, ctx.txId)
    const enquiry = await lockEnquiry(tx, ctx.txId, input.enquiryId, input.version)
    if (part !== 'raiser')
      throw new AppError('forbidden', "Only the buyer's conveyancer who raises enquiries on this matter edits them.")
    if (CLOSED_ENQUIRY_STATUSES.includes(enquiry.status))
      throw new AppError('unprocessable', CLOSED_ENQUIRY_RULE(ENQUIRY_STATUS_LABELS[enquiry.status]))
    await saveEnquiry(tx, enquiry.id, { body: input.body, category: input.category })
    await recordActivity(tx, {
      transactionId: ctx.txId,
      actorId: ctx.viewer.profileId,
      kind: 'enquiry.edited',
      summary: `edited enquiry ${enquiry.number}`,
      payload: { enquiryId: enquiry.id, number: enquiry.number },
    })
    return { version: enquiry.version + 1 }
  })
}
