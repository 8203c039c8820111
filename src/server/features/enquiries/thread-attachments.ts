/**
 * A message of an enquiry's thread written on Homeward (a reply, or a further enquiry) with the files
 * attached to it (enquiry_reply_documents). Each file is a document of this matter that the writer
 * may read and that the conveyancer it is addressed to may read too (its audience includes their
 * role, decision 051): a file the other side could not open is refused (422) rather than attached in
 * vain. The thread lists each file under its message to those who may read the document.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { AUDIENCE_INFO, audienceIncludes, DOCUMENT_AUDIENCES } from '#shared/domain/document-audiences.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { documentAudienceFor } from '#server/access/transactions.ts'
import type { Tx } from '#server/db/client.ts'
import { oneRow, rows } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import type { EnquiryContext } from './enquiry-context'

/** Inserts the message and links its files; returns the message's id. */
export async function insertThreadMessage(
  tx: Tx,
  ctx: Pick<EnquiryContext, 'viewer' | 'txId'>,
  msg: {
    enquiryId: string
    kind: 'reply' | 'further_enquiry'
    body: string
    documentIds: readonly string[]
    /** The role the message is addressed to, who must be able to read each file. */
    readBy: 'buyer_conveyancer' | 'seller_conveyancer'
  },
): Promise<string> {
  if (msg.documentIds.length) {
    const found = rows(
      z.object({ id: z.string(), filename: z.string(), audience: z.enum(DOCUMENT_AUDIENCES) }),
      await tx.execute(sql`select d.id, d.filename, d.audience from documents d where d.transaction_id = ${ctx.txId}
        and ${documentAudienceFor('d', ctx.viewer.profileId)}
        and d.id in (${sql.join(
          msg.documentIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    )
    if (found.length !== msg.documentIds.length)
      throw new AppError('unprocessable', 'An attached file is not one of this matter’s documents.', {
        document_ids: ['Attach documents of this matter only'],
      })
    const unreadable = found.find((d) => !audienceIncludes(d.audience, msg.readBy))
    if (unreadable)
      throw new AppError(
        'unprocessable',
        `"${unreadable.filename}" is for ${AUDIENCE_INFO[unreadable.audience].label.toLowerCase()} only, so the ${participantRoleLabel(msg.readBy).toLowerCase()} could not open it. Change who can see it, or attach another file.`,
        { document_ids: ['Attach files the other conveyancer may read'] },
      )
  }
  const reply = oneRow(
    z.object({ id: z.string() }),
    await tx.execute(sql`insert into enquiry_replies (enquiry_id, kind, author_id, body)
      values (${msg.enquiryId}, ${msg.kind}, ${ctx.viewer.profileId}, ${msg.body}) returning id`),
  )
  for (const docId of msg.documentIds) {
    await tx.execute(sql`insert into enquiry_reply_documents (reply_id, document_id) values (${reply.id}, ${docId})`)
  }
  return reply.id
}
