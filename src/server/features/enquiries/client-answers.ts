/**
 * The client answers an enquiry in a task (issue 37 item 3), the same for both sides:
 * - askClient: a conveyancer turns an enquiry into a task for their own client when it is their turn
 *   (src/shared/domain/enquiries.ts mayAskClient): the seller's conveyancer asks the seller while it
 *   waits for a reply, the buyer's conveyancer asks the buyer once it is answered (a reply that needs
 *   the buyer's confirmation, or before a further enquiry). A timeline task in the enquiries stage,
 *   owned by that client's side, once per enquiry and client (409 after); the client is told.
 * - getClientTask: what the task shows: the enquiry's full text, the answer once sent, its files.
 *   The client and their conveyancer read it; anyone else gets 404, as for a task they cannot see.
 * - saveClientAnswer: the client saves their answer and files without sending them ('unsent': read
 *   by them alone, shown again in the task).
 * - answerClientTask: the client sends a free-text answer with files (uploaded beforehand through
 *   the documents path with the audience of the client and their conveyancer, decision 051). In one
 *   transaction: a DRAFT message on the enquiry's thread (a reply on the seller's side, a further
 *   enquiry on the buyer's) with the files attached through thread-attachments.ts, the task ticked
 *   through the one tick path (core/timeline/tick-task.ts), the audit entry for the client and their
 *   conveyancer only, and that conveyancer told. Answering twice is 409; anyone but that client 403
 *   (their conveyancer) or 404 (anyone else).
 * - sendDraft / discardDraft: the conveyancer edits and sends the draft (it becomes the normal reply
 *   or further enquiry through the same rule as one they write: change-enquiry.ts, and its files are
 *   widened to the clients and both conveyancers), or discards it. A draft is read only by the
 *   conveyancer of its side (list-enquiries.ts); anyone else finds no such draft (404).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ClientTask } from '#shared/contracts/enquiries.ts'
import {
  CLOSED_ENQUIRY_STATUSES,
  ENQUIRY_ATTACHMENT_AUDIENCE,
  clientOfPart,
  clientTaskTitle,
  draftKindOf,
  ENQUIRY_CATEGORIES,
  ENQUIRY_MESSAGE_STATES,
  ENQUIRY_STATUSES,
  ENQUIRY_STATUS_LABELS,
  enquiryRoleOf,
  mayAskClient,
  type EnquiryClient,
} from '#shared/domain/enquiries.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { enquiryTaskPath, transactionPath } from '#shared/paths.ts'
import { documentAudienceFor, readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow, rows, Timestamp } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { notifyPeople } from '#server/core/notify/notify-people.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { setDocumentAudience } from '#server/core/documents/change-audience.ts'
import { restageAfterEdit, tickTask } from '#server/core/timeline/tick-task.ts'
import { applyStatusChange, sendReply } from './change-enquiry'
import { lockEnquiry, lockMatter, saveEnquiry, type EnquiryContext } from './enquiry-context'
import { checkThreadFiles, linkThreadFiles } from './thread-attachments'

const CLIENT_NAME: Record<EnquiryClient, string> = { seller: 'seller', buyer: 'buyer' }

/** Where a sent answer's files go: the clients and both conveyancers, as every file of the thread (decision 051). */
const SENT_ANSWER_AUDIENCE = ENQUIRY_ATTACHMENT_AUDIENCE

/** The people who are that client on the move: the move's buyer or seller and participants in that role. */
async function clientIds(tx: Tx, txId: string, client: EnquiryClient): Promise<string[]> {
  const column = client === 'seller' ? sql`seller_user_id` : sql`buyer_user_id`
  const res = await tx.execute(sql`
    select ${column} as id from transactions where id = ${txId} and ${column} is not null
    union select user_id from transaction_participants where transaction_id = ${txId} and role = ${client}`)
  return rows(IdRow, res).map((r) => r.id)
}

async function conveyancerIds(tx: Tx, txId: string, client: EnquiryClient): Promise<string[]> {
  const res = await tx.execute(sql`select user_id as id from transaction_participants
    where transaction_id = ${txId} and role = ${`${client}_conveyancer`}`)
  return rows(IdRow, res).map((r) => r.id)
}

/**
 * A conveyancer asks their own client about an enquiry: a task on the timeline for that client.
 * `client`, when given (the older seller-task endpoint), must be the viewer's client: 403 otherwise.
 * Errors: 404 off the matter or no such enquiry; 409 stale version or already asked; 403 not a
 * conveyancer on the matter; 422 not their turn, or no enquiries stage on the timeline.
 */
export async function askClient(
  database: Database,
  ctx: EnquiryContext,
  input: { enquiryId: string; version: number; client?: EnquiryClient },
): Promise<{ version: number; taskId: string }> {
  return database.db.transaction(async (tx) => {
    const { part } = await lockMatter(tx, ctx.viewer, ctx.txId)
    const enquiry = await lockEnquiry(tx, ctx.txId, input.enquiryId, input.version)
    const client = clientOfPart(part)
    if (!client || (input.client && input.client !== client))
      throw new AppError(
        'forbidden',
        input.client
          ? `Only the ${input.client}'s conveyancer turns an enquiry into a task for the ${input.client}.`
          : 'Only the conveyancers on this matter ask their own client about an enquiry.',
      )
    if (!mayAskClient(part, enquiry.status))
      throw new AppError(
        'unprocessable',
        client === 'seller'
          ? `Enquiry ${enquiry.number} is not waiting for a reply, so the seller has nothing to answer.`
          : `Enquiry ${enquiry.number} has no reply for the buyer to look at: ask the buyer once it is answered.`,
      )
    if (client === 'seller' ? enquiry.seller_task_id : enquiry.buyer_task_id)
      throw new AppError('conflict', `Enquiry ${enquiry.number} already has a task for the ${client}.`)
    const stage = await tx.execute(sql`
      select k.stage_id from tasks k join timeline_stages s on s.id = k.stage_id
      where s.transaction_id = ${ctx.txId} and k.title = ${TASK_TITLES.repliesSent} limit 1`)
    const stageId = firstRow(z.object({ stage_id: z.string() }), stage)?.stage_id
    if (!stageId)
      throw new AppError('unprocessable', 'This matter has no enquiries stage on its timeline to add the task to.')
    const res = await tx.execute(sql`
      insert into tasks (stage_id, title, owner_side, sort_index)
      values (${stageId}, ${clientTaskTitle(enquiry.number, enquiry.body)}, ${`${client}_side`},
        (select coalesce(max(sort_index), -1) + 1 from tasks where stage_id = ${stageId}))
      returning id`)
    const taskId = oneRow(IdRow, res).id
    await saveEnquiry(tx, enquiry.id, client === 'seller' ? { sellerTaskId: taskId } : { buyerTaskId: taskId })
    await restageAfterEdit(tx, { txId: ctx.txId, stageId })
    await recordActivity(tx, {
      transactionId: ctx.txId,
      actorId: ctx.viewer.profileId,
      kind: client === 'seller' ? 'enquiry.seller_task' : 'enquiry.buyer_task',
      summary: `asked the ${client} to answer enquiry ${enquiry.number} (a task on the timeline)`,
      payload: { enquiryId: enquiry.id, number: enquiry.number, taskId, stageId },
    })
    await notifyPeople(tx, {
      recipients: await clientIds(tx, ctx.txId, client),
      kind: 'enquiry_update',
      transactionId: ctx.txId,
      actorId: ctx.viewer.profileId,
      title: `Your conveyancer needs your answer to enquiry ${enquiry.number}`,
      body: enquiry.body.slice(0, 200),
      link: enquiryTaskPath(ctx.txId, taskId),
      publicUrl: ctx.publicUrl,
      deliverMail: ctx.deliverMail,
    })
    return { version: enquiry.version + 1, taskId }
  })
}

const TaskEnquiryRow = z.object({
  task_id: z.string(),
  task_title: z.string(),
  task_status: z.string(),
  task_completed_at: Timestamp.nullable(),
  enquiry_id: z.string(),
  number: z.number(),
  category: z.enum(ENQUIRY_CATEGORIES),
  status: z.enum(ENQUIRY_STATUSES),
  body: z.string(),
  version: z.number(),
  client: z.enum(['buyer', 'seller']),
})

/** The enquiry a client's task was made from, locked when `lock`; null when the task is no such task of this move. */
async function taskEnquiry(tx: Tx, txId: string, taskId: string, lock: boolean) {
  const res = await tx.execute(sql`
    select k.id as task_id, k.title as task_title, k.status as task_status, k.completed_at as task_completed_at,
      e.id as enquiry_id, e.number, e.category, e.status, e.body, e.version,
      case when e.seller_task_id = k.id then 'seller' else 'buyer' end as client
    from enquiries e join tasks k on k.id = e.seller_task_id or k.id = e.buyer_task_id
    where e.transaction_id = ${txId} and k.id = ${taskId}
    ${lock ? sql`for update of e` : sql``}`)
  return firstRow(TaskEnquiryRow, res)
}

/** 404 unless the viewer is the task's client or their conveyancer (the other side never reads it). */
function assertReadsTask(role: string, client: EnquiryClient) {
  if (role !== client && role !== `${client}_conveyancer`) throw notFound('task')
}

const AnswerRow = z.object({
  id: z.string(),
  state: z.enum(ENQUIRY_MESSAGE_STATES),
  client_body: z.string().nullable(),
  client_name: z.string().nullable(),
  documents: z.array(z.object({ id: z.string(), filename: z.string(), folder: z.string(), version: z.number() })),
})

/** GET .../enquiry-tasks/{taskId}: the task, its enquiry in full and the answer once sent. */
export async function getClientTask(opts: {
  database: Database
  viewer: Viewer
  txId: string
  taskId: string
}): Promise<ClientTask> {
  return opts.database.db.transaction(async (tx) => {
    const role = await readViewerRole(tx, opts.viewer, opts.txId)
    const row = await taskEnquiry(tx, opts.txId, opts.taskId, false)
    if (!row) throw notFound('task')
    assertReadsTask(role, row.client)
    const res = await tx.execute(sql`
      select r.id, r.state, r.client_body, p.full_name as client_name,
        coalesce((select json_agg(json_build_object('id', d.id, 'filename', d.filename, 'folder', d.folder,
            'version', d.version) order by d.filename)
          from enquiry_reply_documents rd join documents d on d.id = rd.document_id
          where rd.reply_id = r.id and ${documentAudienceFor('d', opts.viewer.profileId)}), '[]'::json) as documents
      from enquiry_replies r left join profiles p on p.id = r.client_id
      where r.client_task_id = ${opts.taskId}`)
    const found = firstRow(AnswerRow, res)
    // A saved answer not sent yet is the client's alone.
    const saved = found?.state === 'unsent' ? found : null
    const answer = found && found.state !== 'unsent' ? { ...found, state: found.state } : null
    const answered = !!answer || row.task_status === 'completed'
    return {
      task: {
        id: row.task_id,
        title: row.task_title,
        status: row.task_status === 'completed' ? 'completed' : 'not_completed',
        completed_at: row.task_completed_at ? new Date(row.task_completed_at).toISOString() : null,
      },
      client: row.client,
      enquiry: {
        id: row.enquiry_id,
        number: row.number,
        category: row.category,
        status: row.status,
        body: row.body,
      },
      answer: answer
        ? {
            body: answer.client_body ?? '',
            by: answer.client_name,
            state: answer.state,
            documents: answer.documents,
          }
        : null,
      saved: saved && role === row.client ? { body: saved.client_body ?? '', documents: saved.documents } : null,
      may_answer: role === row.client && !answered && !CLOSED_ENQUIRY_STATUSES.includes(row.status),
    }
  })
}

/**
 * The checks of a client's answer, saved or sent, inside the caller's transaction: the task locked;
 * 404 not a task of theirs or their conveyancer's; 403 their conveyancer (the client answers); 409
 * already sent; 422 the enquiry is closed, or a file is not one they uploaded that their conveyancer
 * can read. Returns the task's enquiry, the client's saved (unsent) answer's id if any and the files.
 */
async function checkClientAnswer(tx: Tx, ctx: EnquiryContext, input: { taskId: string; documentIds: string[] }) {
  const { role } = await lockMatter(tx, ctx.viewer, ctx.txId)
  const row = await taskEnquiry(tx, ctx.txId, input.taskId, true)
  if (!row) throw notFound('task')
  const client = row.client
  assertReadsTask(role, client)
  if (role !== client)
    throw new AppError(
      'forbidden',
      `Only the ${client} answers this task: it asks for their answer. Reply under Documents, Enquiries, instead.`,
    )
  const existing = firstRow(
    z.object({ id: z.string(), state: z.enum(ENQUIRY_MESSAGE_STATES) }),
    await tx.execute(sql`select id, state from enquiry_replies where client_task_id = ${input.taskId} for update`),
  )
  if ((existing && existing.state !== 'unsent') || row.task_status === 'completed')
    throw new AppError(
      'conflict',
      `You have already sent your answer to enquiry ${row.number}: your conveyancer has it. Message them in Chat to add anything.`,
    )
  if (CLOSED_ENQUIRY_STATUSES.includes(row.status))
    throw new AppError(
      'unprocessable',
      `Enquiry ${row.number} is ${ENQUIRY_STATUS_LABELS[row.status].toLowerCase()}, so your conveyancer no longer needs an answer.`,
    )
  // Each file: a document of this move the client uploaded, which their conveyancer may read.
  const ids = await checkThreadFiles(tx, ctx, {
    documentIds: input.documentIds,
    readBy: `${client}_conveyancer`,
    ownUploads: true,
  })
  return { row, client, savedId: existing?.id ?? null, ids }
}

/** Writes the client's answer row in `state` (a new one, or their saved one) with exactly the files `ids`. */
async function writeAnswer(
  tx: Tx,
  ctx: EnquiryContext,
  input: {
    taskId: string
    enquiryId: string
    client: EnquiryClient
    savedId: string | null
    body: string
    ids: string[]
    state: 'unsent' | 'draft'
  },
): Promise<string> {
  const res = input.savedId
    ? await tx.execute(sql`update enquiry_replies
        set body = ${input.body}, client_body = ${input.body}, state = ${input.state}, created_at = now()
        where id = ${input.savedId} returning id`)
    : await tx.execute(sql`
        insert into enquiry_replies (enquiry_id, kind, author_id, body, state, client_task_id, client_id, client_body)
        values (${input.enquiryId}, ${draftKindOf(input.client)}, ${ctx.viewer.profileId}, ${input.body}, ${input.state},
          ${input.taskId}, ${ctx.viewer.profileId}, ${input.body})
        returning id`)
  const id = oneRow(IdRow, res).id
  await linkThreadFiles(tx, id, input.ids, { replace: true })
  return id
}

/**
 * PUT .../enquiry-tasks/{taskId}/answer: the client saves their answer and files without sending
 * them: read by nobody but them, shown again when they come back to the task. Errors as answering.
 */
export async function saveClientAnswer(
  database: Database,
  ctx: EnquiryContext,
  input: { taskId: string; body: string; documentIds: string[] },
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const { row, client, savedId, ids } = await checkClientAnswer(tx, ctx, input)
    await writeAnswer(tx, ctx, {
      taskId: input.taskId,
      enquiryId: row.enquiry_id,
      client,
      savedId,
      body: input.body,
      ids,
      state: 'unsent',
    })
  })
}

/**
 * POST .../enquiry-tasks/{taskId}/answer: the client sends their answer with files (their saved answer,
 * if any, becomes it). Errors: see checkClientAnswer. Returns the draft message's id.
 */
export async function answerClientTask(
  database: Database,
  ctx: EnquiryContext,
  input: { taskId: string; body: string; documentIds: string[] },
): Promise<{ draftId: string }> {
  return database.db.transaction(async (tx) => {
    const { row, client, savedId, ids } = await checkClientAnswer(tx, ctx, input)
    const kind = draftKindOf(client)
    const draftId = await writeAnswer(tx, ctx, {
      taskId: input.taskId,
      enquiryId: row.enquiry_id,
      client,
      savedId,
      body: input.body,
      ids,
      state: 'draft',
    })
    const notify = { publicUrl: ctx.publicUrl, deliverMail: ctx.deliverMail }
    await tickTask(tx, {
      txId: ctx.txId,
      task: { id: input.taskId },
      status: 'completed',
      actorId: ctx.viewer.profileId,
      reason: `: the ${client} sent their answer to enquiry ${row.number}`,
      payload: { cause: 'enquiry_answer', enquiryId: row.enquiry_id },
      notify,
    })
    const audience = client === 'seller' ? 'seller_client' : 'buyer_client'
    const what = kind === 'reply' ? 'a draft reply' : 'a draft further enquiry'
    await recordActivity(tx, {
      transactionId: ctx.txId,
      actorId: ctx.viewer.profileId,
      kind: 'enquiry.client_answered',
      audience,
      summary: `answered enquiry ${row.number} for their conveyancer (${what} to review)`,
      payload: { enquiryId: row.enquiry_id, number: row.number, replyId: draftId, documents: ids.length },
    })
    await notifyPeople(tx, {
      recipients: await conveyancerIds(tx, ctx.txId, client),
      kind: 'enquiry_update',
      transactionId: ctx.txId,
      actorId: ctx.viewer.profileId,
      title: `The ${CLIENT_NAME[client]} answered enquiry ${row.number}: ${what} to review`,
      body: input.body.slice(0, 200),
      link: transactionPath(ctx.txId, { view: 'enquiries' }),
      audience,
      ...notify,
    })
    return { draftId }
  })
}

const DraftRow = z.object({ id: z.string(), kind: z.enum(['reply', 'further_enquiry']) })

/** The viewer's side's draft on this enquiry, locked; 404 for anyone else (they never see it). */
async function lockDraft(tx: Tx, enquiryId: string, draftId: string, part: ReturnType<typeof enquiryRoleOf>) {
  const client = clientOfPart(part)
  const res = await tx.execute(sql`select id, kind from enquiry_replies
    where id = ${draftId} and enquiry_id = ${enquiryId} and state = 'draft' for update`)
  const draft = firstRow(DraftRow, res)
  if (!draft || !client || draft.kind !== draftKindOf(client)) throw notFound('draft')
  return { ...draft, client }
}

/**
 * POST .../enquiries/{enquiryId}/drafts/{draftId}/send: the conveyancer sends their client's answer
 * as they edited it (`body`): a reply (seller's side) or a further enquiry (buyer's side), by the same
 * rule and with the same effects as one they write. Its files are widened to the clients and both
 * conveyancers, so the other side reads them with the message. Errors: as replying or raising a
 * further enquiry; 404 for a draft that is not the viewer's side's.
 */
export async function sendDraft(
  database: Database,
  ctx: EnquiryContext & { ip?: string | null },
  input: { enquiryId: string; draftId: string; version: number; body: string },
): Promise<{ version: number }> {
  return database.db.transaction(async (tx) => {
    const { part } = await lockMatter(tx, ctx.viewer, ctx.txId)
    const enquiry = await lockEnquiry(tx, ctx.txId, input.enquiryId, input.version)
    const draft = await lockDraft(tx, enquiry.id, input.draftId, part)
    if (draft.kind === 'reply') await sendReply(tx, ctx, { enquiry, part, body: input.body, draftId: draft.id })
    else
      await applyStatusChange(tx, ctx, {
        enquiry,
        part,
        status: 'further_enquiry',
        body: input.body,
        draftId: draft.id,
      })
    const docs = await tx.execute(sql`select d.id from enquiry_reply_documents rd
      join documents d on d.id = rd.document_id
      where rd.reply_id = ${draft.id} and d.audience <> ${SENT_ANSWER_AUDIENCE} and d.audience <> 'everyone'`)
    for (const { id } of rows(IdRow, docs))
      await setDocumentAudience(tx, {
        txId: ctx.txId,
        docId: id,
        audience: SENT_ANSWER_AUDIENCE,
        actorId: ctx.viewer.profileId,
        ip: ctx.ip,
      })
    return { version: enquiry.version + 1 }
  })
}

/**
 * POST .../enquiries/{enquiryId}/drafts/{draftId}/discard: the conveyancer decides not to send their
 * client's answer (e.g. the buyer confirmed a reply, and the conveyancer marks it satisfied). The
 * draft leaves the thread; the client's task still shows their answer. 404 as sendDraft.
 */
export async function discardDraft(
  database: Database,
  ctx: EnquiryContext,
  input: { enquiryId: string; draftId: string; version: number },
): Promise<{ version: number }> {
  return database.db.transaction(async (tx) => {
    const { part } = await lockMatter(tx, ctx.viewer, ctx.txId)
    const enquiry = await lockEnquiry(tx, ctx.txId, input.enquiryId, input.version)
    const draft = await lockDraft(tx, enquiry.id, input.draftId, part)
    await tx.execute(sql`update enquiry_replies set state = 'discarded' where id = ${draft.id}`)
    await saveEnquiry(tx, enquiry.id, {})
    await recordActivity(tx, {
      transactionId: ctx.txId,
      actorId: ctx.viewer.profileId,
      kind: 'enquiry.draft_discarded',
      audience: draft.client === 'seller' ? 'seller_client' : 'buyer_client',
      summary: `did not send the ${draft.client}'s answer to enquiry ${enquiry.number}`,
      payload: { enquiryId: enquiry.id, number: enquiry.number, replyId: draft.id },
    })
    return { version: enquiry.version + 1 }
  })
}
