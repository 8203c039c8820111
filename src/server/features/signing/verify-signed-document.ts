/**
 * Verifies a signed PDF: reads the stored bytes of the signed version and of the
 * original, recomputes both SHA-256s, and compares them with what was recorded when the request was
 * made and completed. Recorded in the audit trail as signature.verified.
 */
import type { SignatureVerifyResponse } from '#shared/contracts/signing.ts'
import { visibleTransactionIdsSql } from '#server/access/transactions.ts'
import { AppError } from '#server/core/errors.ts'
import { StorageNotFoundError } from '#server/platform/storage/index.ts'
import { getDocument } from '#server/core/documents/document-rows.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { getSignatureRequest } from '#server/core/signing/read-signature-requests.ts'
import { readObject, type SigningContext } from '#server/core/signing/signing-context.ts'

/** Errors: 404 not visible; 422 when this version is not the result of a completed signature request. */
export async function verifySignedDocument(
  ctx: SigningContext & { txId: string; docId: string },
): Promise<SignatureVerifyResponse> {
  const { database, viewer, txId, docId } = ctx
  const signed = await getDocument({ database, viewer, txId, docId })
  const [req] = await database.query<{
    id: string
    document_id: string
    document_sha256: string
    signed_sha256: string
  }>(
    `select id, document_id, document_sha256, signed_sha256 from signature_requests
     where signed_document_id = $1 and transaction_id = $2 and status = 'completed'
       and transaction_id in ${visibleTransactionIdsSql('$3')}`,
    [docId, txId, viewer.profileId],
  )
  if (!req) throw new AppError('unprocessable', 'This version is not a signed document, so there is nothing to verify.')
  const keys = await database.query<{ id: string; storage_key: string }>(
    `select id, storage_key from documents
      where id = any($1::uuid[]) and transaction_id = $2 and transaction_id in ${visibleTransactionIdsSql('$3')}`,
    [`{${docId},${req.document_id}}`, txId, viewer.profileId],
  )
  const keyOf = (id: string) => keys.find((k) => k.id === id)?.storage_key
  const hashOf = async (id: string) => {
    const key = keyOf(id)
    if (!key) return null
    try {
      return (await readObject(ctx.storage, key)).sha256
    } catch (err) {
      if (err instanceof StorageNotFoundError) return null
      throw err
    }
  }
  const [signedHash, originalHash] = await Promise.all([hashOf(docId), hashOf(req.document_id)])
  const signedOk = signedHash === req.signed_sha256 && signed.sha256 === req.signed_sha256
  const originalOk = originalHash === req.document_sha256
  const request = await getSignatureRequest({ database, viewer, txId, reqId: req.id })
  await database.db.transaction((tx) =>
    recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'signature.verified',
      summary: `verified the signed "${signed.filename}": ${signedOk && originalOk ? 'intact' : 'NOT intact'}`,
      payload: { requestId: req.id, documentId: docId, intact: signedOk && originalOk, computedSha256: signedHash },
      ip: ctx.ip,
    }),
  )
  return {
    intact: signedOk && originalOk,
    request_id: req.id,
    signed: {
      document_id: docId,
      recorded_sha256: req.signed_sha256,
      computed_sha256: signedHash ?? '',
      intact: signedOk,
    },
    original: {
      document_id: req.document_id,
      recorded_sha256: req.document_sha256,
      computed_sha256: originalHash,
      intact: originalOk,
    },
    signers: request.signers.map((s) => ({ full_name: s.full_name, signed_at: s.signed_at, method: s.method })),
  }
}
