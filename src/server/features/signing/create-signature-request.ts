/**
 * Asks named participants to sign one PDF version. The request is bound to that
 * version's SHA-256: a hash from another version gives 409. Encrypted or damaged PDFs are refused
 * (422) with the reason. Signers are emailed through the outbox in the same database transaction:
 * all at once, or only the first when signing in order.
 */
import { sql } from 'drizzle-orm'
import type { CreateSignatureRequestInput, SignatureRequest } from '#shared/contracts/signing.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import { signatureRequests, signatureRequestSigners } from '#server/db/schema/index.ts'
import { AppError } from '#server/core/errors.ts'
import { NotSignableError } from '#server/providers/e-signature/e-signature-provider.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { getDocument } from '#server/core/documents/document-rows.ts'
import { getSignatureRequest } from '#server/core/signing/read-signature-requests.ts'
import { readObject, type SigningContext } from '#server/core/signing/signing-context.ts'
import { notifySigner } from '#server/core/signing/signing-email.ts'

/** Creates the request; returns it. Errors: 404 not visible; 409 wrong version or one already pending; 422 not signable. */
export async function createSignatureRequest(
  ctx: SigningContext & { txId: string; docId: string; input: CreateSignatureRequestInput },
): Promise<SignatureRequest> {
  const { database, viewer, txId, docId, input } = ctx
  const doc = await getDocument({ database, viewer, txId, docId })
  // Rows without a stored file (the demo move's listed documents) have no hash and nothing to sign.
  if (doc.sha256 === null)
    throw new AppError('unprocessable', 'This document has no file uploaded yet, so it cannot be signed.')
  const docSha256 = doc.sha256
  if (input.document_sha256 !== docSha256)
    throw new AppError(
      'conflict',
      `This signature request is for another version. Version ${doc.version} of "${doc.filename}" has a different SHA-256.`,
    )
  if (doc.content_type !== 'application/pdf') throw new AppError('unprocessable', 'Only PDF documents can be signed.')
  const [row] = await database.query<{ storage_key: string }>('select storage_key from documents where id = $1', [
    doc.id,
  ])
  const file = await readObject(ctx.storage, row.storage_key)
  if (file.sha256 !== doc.sha256)
    throw new AppError('conflict', 'The stored file no longer matches its recorded SHA-256, so it cannot be signed.')
  let pageCount: number
  try {
    ;({ pageCount } = await ctx.provider.inspect(file.bytes))
  } catch (err) {
    if (err instanceof NotSignableError) throw new AppError('unprocessable', err.message)
    throw err
  }
  if (input.page && input.page > pageCount)
    throw new AppError(
      'validation_failed',
      `This PDF has ${pageCount} page(s); choose a page from 1 to ${pageCount}.`,
      {
        page: [`At most ${pageCount}`],
      },
    )

  const reqId = await database.db.transaction(async (tx) => {
    await lockTransactionForViewer(tx, viewer, txId)
    const pending = await tx.execute(
      sql`select 1 from signature_requests where document_id = ${doc.id} and status = 'pending'`,
    )
    if (pending.rows.length)
      throw new AppError('conflict', 'This version already has a signature request in progress. Cancel it first.')
    const people = await tx.execute(sql`
      select p.id, p.full_name, p.email, p.deleted_at from profiles p
      where p.id in (select unnest(${`{${input.signer_ids.join(',')}}`}::uuid[]))
        and (p.id in (select tp.user_id from transaction_participants tp where tp.transaction_id = ${txId})
             or p.id in (select t.buyer_user_id from transactions t where t.id = ${txId}
                         union select t.seller_user_id from transactions t where t.id = ${txId}))`)
    const rows = people.rows as { id: string; full_name: string; email: string; deleted_at: unknown }[]
    // A deleted account (docs/decisions/011-data-rights.md) stays on the move as 'Former participant' but cannot sign.
    const gone = rows.filter((p) => p.deleted_at !== null).map((p) => p.id)
    if (gone.length)
      throw new AppError('unprocessable', 'A person who has deleted their account cannot be asked to sign.', {
        signer_ids: gone.map((id) => `${id} has deleted their account`),
      })
    const byId = new Map(rows.map((p) => [p.id, p]))
    const missing = input.signer_ids.filter((id) => !byId.has(id))
    if (missing.length)
      throw new AppError('unprocessable', 'Only people on this move can be asked to sign.', {
        signer_ids: missing.map((id) => `${id} is not on this move`),
      })
    const [{ id }] = await tx
      .insert(signatureRequests)
      .values({
        transactionId: txId,
        documentId: doc.id,
        documentSha256: docSha256,
        provider: ctx.provider.name,
        requestedBy: viewer.profileId,
        inOrder: input.in_order,
        page: input.page ?? null,
        message: input.message ?? null,
      })
      .returning({ id: signatureRequests.id })
    // One insert per signer, in signing order: the audit entry lists their ids in that order.
    const signerRows: string[] = []
    for (const [i, userId] of input.signer_ids.entries()) {
      const [signer] = await tx
        .insert(signatureRequestSigners)
        .values({ requestId: id, userId, sortIndex: i })
        .returning({ id: signatureRequestSigners.id })
      signerRows.push(signer.id)
    }
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'signature.requested',
      summary: `asked ${input.signer_ids.map((s) => byId.get(s)!.full_name).join(', ')} to sign "${doc.filename}" (version ${doc.version})`,
      payload: {
        requestId: id,
        documentId: doc.id,
        documentSha256: docSha256,
        signerIds: signerRows,
        inOrder: input.in_order,
      },
      ip: ctx.ip,
    })
    const notify = input.in_order ? input.signer_ids.slice(0, 1) : input.signer_ids
    for (const userId of notify) {
      const p = byId.get(userId)!
      await notifySigner(tx, {
        signer: p,
        actorId: viewer.profileId,
        subject: `Please sign "${doc.filename}"`,
        lines: [
          `${viewer.fullName} has asked you to sign "${doc.filename}" (version ${doc.version}) on Homeward.`,
          ...(input.message ? ['', input.message] : []),
          '',
          'Review the document, then sign by typing your name or drawing your signature.',
        ],
        txId,
        publicUrl: ctx.publicUrl,
        deliver: ctx.deliverMail,
      })
    }
    return id
  })
  return getSignatureRequest({ database, viewer, txId, reqId })
}
