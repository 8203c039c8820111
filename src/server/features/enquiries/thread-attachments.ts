/**
 * The one path for a message of an enquiry's thread and the files attached to it
 * (enquiry_reply_documents), whoever writes it: a reply or further enquiry written on Homeward, a
 * draft made from a client's answer in their task (client-answers.ts) and sent on, a reply through an
 * emailed link (reply-by-link.ts links its files here too).
 * - checkThreadFiles: each file is a document of this matter that the writer may read and that the
 *   conveyancer the message is addressed to may read too (its audience includes their role, decision
 *   051): a file they could not open is refused (422) rather than attached in vain. A client's answer
 *   also takes only files the client uploaded (`ownUploads`).
 * - linkThreadFiles: links files to a message (replacing its files, for a client's saved answer).
 * - writeThreadMessage: writes a sent message, or sends a draft (`draftId`), and links its files.
 * The thread lists each file under its message to those who may read the document.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { AUDIENCE_INFO, audienceIncludes, DOCUMENT_AUDIENCES } from '#shared/domain/document-audiences.ts'
import { ENQUIRY_MAX_ATTACHMENTS } from '#shared/domain/enquiries.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { documentAudienceFor } from '#server/access/transactions.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow, rows } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import type { EnquiryContext } from './enquiry-context'

/** The role a message is addressed to, who must be able to read each of its files. */
export type ThreadReader = 'buyer_conveyancer' | 'seller_conveyancer'

/**
 * 422 unless each of `documentIds` (at most ENQUIRY_MAX_ATTACHMENTS) is a document of the matter the
 * viewer may read (and uploaded, with `ownUploads`) and `readBy` may read. Returns the ids without repeats.
 */
export async function checkThreadFiles(
  tx: Tx,
  ctx: Pick<EnquiryContext, 'viewer' | 'txId'>,
  input: { documentIds: readonly string[]; readBy: ThreadReader; ownUploads?: boolean },
): Promise<string[]> {
  const ids = [...new Set(input.documentIds)]
  if (ids.length > ENQUIRY_MAX_ATTACHMENTS)
    throw new AppError('unprocessable', `Attach at most ${ENQUIRY_MAX_ATTACHMENTS} files to one message.`, {
      document_ids: [`At most ${ENQUIRY_MAX_ATTACHMENTS} files`],
    })
  if (!ids.length) return ids
  const found = rows(
    z.object({ id: z.string(), filename: z.string(), audience: z.enum(DOCUMENT_AUDIENCES) }),
    await tx.execute(sql`select d.id, d.filename, d.audience from documents d where d.transaction_id = ${ctx.txId}
      and ${documentAudienceFor('d', ctx.viewer.profileId)}
      ${input.ownUploads ? sql`and d.uploaded_by = ${ctx.viewer.profileId}` : sql``}
      and d.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  )
  const unreadable = found.find((d) => !audienceIncludes(d.audience, input.readBy))
  if (input.ownUploads && (found.length !== ids.length || unreadable))
    throw new AppError(
      'unprocessable',
      'Attach only files you uploaded to this move for your answer, which your conveyancer can see. Upload them again from this task.',
      { document_ids: ['Upload the files from this task'] },
    )
  if (found.length !== ids.length)
    throw new AppError('unprocessable', 'An attached file is not one of this matter’s documents.', {
      document_ids: ['Attach documents of this matter only'],
    })
  if (unreadable)
    throw new AppError(
      'unprocessable',
      `"${unreadable.filename}" is for ${AUDIENCE_INFO[unreadable.audience].label.toLowerCase()} only, so the ${participantRoleLabel(input.readBy).toLowerCase()} could not open it. Change who can see it, or attach another file.`,
      { document_ids: ['Attach files the other conveyancer may read'] },
    )
  return ids
}

/** Links checked files to a message; `replace` first removes the files it had (a client's saved answer). */
export async function linkThreadFiles(
  tx: Tx,
  replyId: string,
  documentIds: readonly string[],
  opts: { replace?: boolean } = {},
): Promise<void> {
  if (opts.replace) await tx.execute(sql`delete from enquiry_reply_documents where reply_id = ${replyId}`)
  for (const docId of documentIds)
    await tx.execute(sql`insert into enquiry_reply_documents (reply_id, document_id) values (${replyId}, ${docId})
      on conflict do nothing`)
}

/**
 * A message of the thread by the viewer: a new sent one, or their side's draft `draftId` (made from
 * their client's answer) sent with `body` as they leave it (404 when it is no such draft). Checks and
 * links `documentIds` (files added to a draft join the client's). Returns the message's id.
 */
export async function writeThreadMessage(
  tx: Tx,
  ctx: Pick<EnquiryContext, 'viewer' | 'txId'>,
  msg: {
    enquiryId: string
    kind: 'reply' | 'further_enquiry'
    body: string
    documentIds: readonly string[]
    readBy: ThreadReader
    draftId?: string
  },
): Promise<string> {
  const ids = await checkThreadFiles(tx, ctx, { documentIds: msg.documentIds, readBy: msg.readBy })
  const res = msg.draftId
    ? await tx.execute(sql`update enquiry_replies
        set state = 'sent', body = ${msg.body}, author_id = ${ctx.viewer.profileId}, created_at = now()
        where id = ${msg.draftId} and enquiry_id = ${msg.enquiryId} and kind = ${msg.kind} and state = 'draft'
        returning id`)
    : await tx.execute(sql`insert into enquiry_replies (enquiry_id, kind, author_id, body)
        values (${msg.enquiryId}, ${msg.kind}, ${ctx.viewer.profileId}, ${msg.body}) returning id`)
  const row = msg.draftId ? firstRow(IdRow, res) : oneRow(IdRow, res)
  if (!row) throw notFound('draft')
  await linkThreadFiles(tx, row.id, ids)
  return row.id
}
