/**
 * A signer signs or declines; the requester cancels. Each runs in one database
 * transaction holding the transaction row and the request row locks, so two last signers cannot
 * both complete it. When the last signer signs, the provider renders the signed PDF, which is
 * stored as a new version of the same document with signed_at set; everyone is emailed.
 */
import { createHash, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { SignatureRequest, SignInput } from '#shared/contracts/signing.ts'
import { DOCUMENT_FOLDERS } from '#shared/domain/statuses.ts'
import { SIGNATURE_METHODS } from '#shared/domain/signing.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow, oneRow, rows, Timestamp } from '#server/db/rows.ts'
import { nextDocumentVersion } from '../documents/next-version'
import { documents, signatureRequests, signatureRequestSigners } from '#server/db/schema/index.ts'
import { requireVerifiedEmail } from '#server/auth/require-verified-email.ts'
import { AppError, notFound } from '../errors.ts'
import { activityAudienceOfDocument } from '#shared/domain/activity-audiences.ts'
import { recordActivity } from '../audit/record-activity.ts'
import { getSignatureRequest } from './read-signature-requests'
import { documentsLink, readObject, type SigningContext } from './signing-context'
import { notifySigner, queueSigningEmail } from './signing-email'
import { PermissionDenied, requirePermission } from '#server/access/permissions.ts'
import { DOCUMENT_AUDIENCES } from '#shared/domain/document-audiences.ts'

const MAX_PNG_BYTES = 200 * 1024

const RequestRow = z.object({
  id: z.string(),
  document_id: z.string(),
  document_sha256: z.string(),
  status: z.string(),
  in_order: z.boolean(),
  page: z.number().nullable(),
  requested_by: z.string().nullable(),
})
type RequestRow = z.output<typeof RequestRow>
const SignerRow = z.object({
  id: z.string(),
  user_id: z.string(),
  sort_index: z.number(),
  status: z.string(),
  full_name: z.string(),
  email: z.string(),
  method: z.enum(SIGNATURE_METHODS).nullable(),
  typed_name: z.string().nullable(),
  signature_png: z.string().nullable(),
  consented_at: Timestamp.nullable(),
  signed_at: Timestamp.nullable(),
  ip: z.string().nullable(),
})
/** The document a request signs. Its storage key is set: the request was made by hashing the stored file. */
const RequestDocument = z.object({
  id: z.string(),
  filename: z.string(),
  folder: z.enum(DOCUMENT_FOLDERS),
  version: z.number(),
  storage_key: z.string(),
  audience: z.enum(DOCUMENT_AUDIENCES),
})
const EmailRow = z.object({ email: z.string() })

/** Locks the move for the viewer: a participant's own check by default; a giftor's through access/gifts.ts. */
export type LockMove = (tx: Tx) => Promise<unknown>

async function lockRequest(tx: Tx, ctx: SigningContext, txId: string, reqId: string, lockMove?: LockMove) {
  if (lockMove) await lockMove(tx)
  else await lockTransactionForViewer(tx, ctx.viewer, txId)
  const res = await tx.execute(sql`select id, document_id, document_sha256, status, in_order, page, requested_by
    from signature_requests where id = ${reqId} and transaction_id = ${txId} for update`)
  const req = firstRow(RequestRow, res)
  if (!req) throw notFound('signature request')
  const signers = rows(
    SignerRow,
    await tx.execute(sql`select s.id, s.user_id, s.sort_index, s.status, p.full_name, p.email, s.method, s.typed_name,
      s.signature_png, s.consented_at, s.signed_at, s.ip
    from signature_request_signers s join profiles p on p.id = s.user_id
    where s.request_id = ${reqId} order by s.sort_index`),
  )
  const docRes = await tx.execute(
    sql`select id, filename, folder, version, storage_key, audience from documents where id = ${req.document_id}`,
  )
  const doc = oneRow(RequestDocument, docRes)
  return { req, signers, doc }
}

/**
 * How the audit trail names the document: its filename. Every signing entry names its document in
 * its payload (`documentId`), so only that document's audience reads it (access/activity.ts, decision
 * 052), and webhooks follow the same rule (access/transactions.ts webhookSeesDocument).
 */
function shownName(doc: { filename: string }): string {
  return `"${doc.filename}"`
}

function assertPending(req: RequestRow) {
  if (req.status !== 'pending') throw new AppError('conflict', `This signature request is already ${req.status}.`)
}

/** Decodes and checks a drawn signature: a real PNG of at most 200 KB that pdf-lib can embed. */
async function decodeSignaturePng(data: string): Promise<Buffer> {
  const bytes = Buffer.from(data.replace(/^data:image\/png;base64,/, ''), 'base64')
  const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  if (!isPng || bytes.length > MAX_PNG_BYTES)
    throw new AppError('validation_failed', 'The drawn signature must be a PNG image of at most 200 KB.', {
      signature_png: ['Must be a PNG of at most 200 KB'],
    })
  try {
    const { PDFDocument } = await import('pdf-lib')
    await (await PDFDocument.create()).embedPng(bytes)
  } catch {
    throw new AppError('validation_failed', 'The drawn signature could not be read as a PNG image.', {
      signature_png: ['Not a readable PNG'],
    })
  }
  return bytes
}

/**
 * Signs as the viewer. Errors: 404 not visible; 403 not a signer; 409 not pending, another
 * version's hash, or waiting for an earlier signer (in order); 400 bad drawn signature.
 */
export async function signRequest(
  ctx: SigningContext & { txId: string; reqId: string; input: SignInput; userAgent: string | null },
): Promise<SignatureRequest> {
  await signAsSigner(ctx)
  return getSignatureRequest({ database: ctx.database, viewer: ctx.viewer, txId: ctx.txId, reqId: ctx.reqId })
}

/**
 * The signing itself, shared by the move's signers (signRequest) and a giftor signing their
 * gifted-deposit declaration (features/funds/giftor.ts), who reaches the request through `lockMove`
 * (their gift) rather than the move, and whose `afterComplete` runs in the same database transaction
 * once the signed PDF is filed (completion emails go to the requester only, linking `completionLink`).
 * Errors as signRequest.
 */
export async function signAsSigner(
  ctx: SigningContext & {
    txId: string
    reqId: string
    input: SignInput
    userAgent: string | null
    lockMove?: LockMove
    afterComplete?: (tx: Tx, signedDocumentId: string) => Promise<void>
    completionLink?: string
  },
): Promise<void> {
  const { database, storage, viewer, txId, reqId, input } = ctx
  const png = input.method === 'drawn' ? await decodeSignaturePng(input.signature_png!) : null
  let newKey: string | null = null
  try {
    await database.db.transaction(async (tx) => {
      const { req, signers, doc } = await lockRequest(tx, ctx, txId, reqId, ctx.lockMove)
      const me = signers.find((s) => s.user_id === viewer.profileId)
      if (!me) throw new PermissionDenied('update:signature-request:signer', 'You are not asked to sign this document.')
      requireVerifiedEmail(viewer, 'sign documents')
      assertPending(req)
      if (input.document_sha256 !== req.document_sha256)
        throw new AppError(
          'conflict',
          'This signature is bound to another version of the document. Review the version you were asked to sign.',
        )
      if (me.status !== 'pending') throw new AppError('conflict', `You have already ${me.status} this document.`)
      const waitingFor = req.in_order
        ? signers.find((s) => s.sort_index < me.sort_index && s.status !== 'signed')
        : null
      if (waitingFor) throw new AppError('conflict', `${waitingFor.full_name} signs before you. You will be emailed.`)
      const now = new Date()
      await tx
        .update(signatureRequestSigners)
        .set({
          status: 'signed',
          consentedAt: now,
          signedAt: now,
          method: input.method,
          typedName: input.method === 'typed' ? input.typed_name! : null,
          signaturePng: png ? png.toString('base64') : null,
          ip: ctx.ip,
          userAgent: ctx.userAgent?.slice(0, 500) ?? null,
        })
        .where(eq(signatureRequestSigners.id, me.id))
      Object.assign(me, {
        status: 'signed',
        consented_at: now,
        signed_at: now,
        method: input.method,
        typed_name: input.typed_name ?? null,
        signature_png: png?.toString('base64') ?? null,
        ip: ctx.ip,
      })
      await recordActivity(tx, {
        transactionId: txId,
        actorId: viewer.profileId,
        kind: 'signature.signed',
        // An entry about a restricted document is read by that document's audience only (decision 052).
        audience: activityAudienceOfDocument(doc.audience),
        summary: `signed ${shownName(doc)} (version ${doc.version}) by ${input.method === 'typed' ? 'typing their name' : 'drawing'}`,
        payload: {
          requestId: req.id,
          documentId: doc.id,
          signerId: me.id,
          method: input.method,
          documentSha256: req.document_sha256,
        },
        ip: ctx.ip,
      })
      const next = signers.find((s) => s.status === 'pending')
      if (next) {
        if (req.in_order)
          await notifySigner(tx, {
            signer: { id: next.user_id, email: next.email },
            actorId: viewer.profileId,
            subject: `Please sign "${doc.filename}"`,
            lines: [`It is your turn to sign "${doc.filename}" (version ${doc.version}) on Homeward.`],
            txId,
            publicUrl: ctx.publicUrl,
            deliver: ctx.deliverMail,
          })
        return
      }

      // Everyone has signed: produce the signed PDF as the next version.
      const original = await readObject(storage, doc.storage_key)
      if (original.sha256 !== req.document_sha256)
        throw new AppError('conflict', 'The stored file no longer matches the version that was signed.')
      const rendered = await ctx.provider.render({
        original: original.bytes,
        originalSha256: req.document_sha256,
        documentName: doc.filename,
        requestId: req.id,
        page: req.page,
        completedAt: now,
        signatures: signers.map((s) => ({
          signerId: s.id,
          fullName: s.full_name,
          email: s.email,
          method: s.method!,
          typedName: s.typed_name,
          signaturePng: s.signature_png ? Buffer.from(s.signature_png, 'base64') : null,
          consentedAt: new Date(s.consented_at!),
          signedAt: new Date(s.signed_at!),
          ip: s.ip,
        })),
      })
      const finalSha = createHash('sha256').update(rendered.pdf).digest('hex')
      newKey = `documents/${txId}/${randomUUID()}`
      await storage.put(newKey, Readable.from([rendered.pdf]), { contentType: 'application/pdf' })
      const version = await nextDocumentVersion(tx, { txId, folder: doc.folder, filename: doc.filename })
      const [{ id: signedId }] = await tx
        .insert(documents)
        .values({
          transactionId: txId,
          filename: doc.filename,
          folder: doc.folder,
          version,
          uploadedBy: req.requested_by,
          contentType: 'application/pdf',
          sizeBytes: rendered.pdf.length,
          storageKey: newKey,
          sha256: finalSha,
          signedAt: now,
          // The signed version keeps the original's audience (a gifted-deposit declaration stays buyer-side).
          audience: doc.audience,
        })
        .returning({ id: documents.id })
      await tx
        .update(signatureRequests)
        .set({ status: 'completed', completedAt: now, signedDocumentId: signedId, signedSha256: finalSha })
        .where(eq(signatureRequests.id, req.id))
      await recordActivity(tx, {
        transactionId: txId,
        actorId: null,
        kind: 'signature.completed',
        // An entry about a restricted document is read by that document's audience only (decision 052).
        audience: activityAudienceOfDocument(doc.audience),
        summary: `${shownName(doc)} was signed by everyone; the signed PDF is version ${version}`,
        payload: {
          requestId: req.id,
          documentId: signedId,
          originalSha256: req.document_sha256,
          signedContentSha256: rendered.signedContentSha256,
          signedSha256: finalSha,
        },
      })
      if (ctx.afterComplete) await ctx.afterComplete(tx, signedId)
      // A giftor's completion: they see it on their gift page; only the requester is emailed.
      const recipients = new Map(ctx.completionLink ? [] : signers.map((s) => [s.email, s.full_name]))
      if (req.requested_by) {
        const rb = await tx.execute(sql`select email, full_name from profiles where id = ${req.requested_by}`)
        const r = firstRow(EmailRow.extend({ full_name: z.string() }), rb)
        if (r) recipients.set(r.email, r.full_name)
      }
      for (const email of recipients.keys())
        await queueSigningEmail(tx, {
          to: email,
          subject: `"${doc.filename}" has been signed`,
          lines: [
            `Everyone has signed "${doc.filename}". The signed PDF, with its certificate, is version ${version}.`,
          ],
          link: ctx.completionLink ?? documentsLink(ctx.publicUrl, txId),
          txId,
          kind: 'signature.completed',
          deliver: ctx.deliverMail,
        })
    })
  } catch (err) {
    if (newKey) await storage.delete(newKey).catch(() => {})
    throw err
  }
}

/** Declines as the viewer, with a reason; the request ends as 'declined' and the requester is emailed. */
export async function declineRequest(
  ctx: SigningContext & { txId: string; reqId: string; reason: string },
): Promise<SignatureRequest> {
  const { database, viewer, txId, reqId } = ctx
  await database.db.transaction(async (tx) => {
    const { req, signers, doc } = await lockRequest(tx, ctx, txId, reqId)
    const me = signers.find((s) => s.user_id === viewer.profileId)
    if (!me) throw new PermissionDenied('update:signature-request:signer', 'You are not asked to sign this document.')
    assertPending(req)
    if (me.status !== 'pending') throw new AppError('conflict', `You have already ${me.status} this document.`)
    await tx
      .update(signatureRequestSigners)
      .set({ status: 'declined', declinedAt: sql`now()`, declinedReason: ctx.reason, ip: ctx.ip })
      .where(eq(signatureRequestSigners.id, me.id))
    await tx.update(signatureRequests).set({ status: 'declined' }).where(eq(signatureRequests.id, req.id))
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'signature.declined',
      // An entry about a restricted document is read by that document's audience only (decision 052).
      audience: activityAudienceOfDocument(doc.audience),
      summary: `declined to sign "${doc.filename}": ${ctx.reason}`.slice(0, 1000),
      payload: { requestId: req.id, documentId: doc.id, signerId: me.id },
      ip: ctx.ip,
    })
    const rb = req.requested_by
      ? firstRow(EmailRow, await tx.execute(sql`select email from profiles where id = ${req.requested_by}`))
      : undefined
    if (rb)
      await queueSigningEmail(tx, {
        to: rb.email,
        subject: `${viewer.fullName} declined to sign "${doc.filename}"`,
        lines: [`${viewer.fullName} declined to sign "${doc.filename}".`, '', `Their reason: ${ctx.reason}`],
        link: documentsLink(ctx.publicUrl, txId),
        txId,
        kind: 'signature.declined',
        deliver: ctx.deliverMail,
      })
  })
  return getSignatureRequest({ database, viewer, txId, reqId })
}

/** Cancels a pending request; only its requester may (403 otherwise). Pending signers are emailed. */
export async function cancelRequest(ctx: SigningContext & { txId: string; reqId: string }): Promise<SignatureRequest> {
  const { database, viewer, txId, reqId } = ctx
  await database.db.transaction(async (tx) => {
    const { req, signers, doc } = await lockRequest(tx, ctx, txId, reqId)
    requirePermission(
      'delete:signature-request:requester',
      req.requested_by === viewer.profileId,
      'Only the person who asked for signatures can cancel the request.',
    )
    assertPending(req)
    await tx
      .update(signatureRequests)
      .set({ status: 'cancelled', cancelledAt: sql`now()` })
      .where(eq(signatureRequests.id, req.id))
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'signature.cancelled',
      // An entry about a restricted document is read by that document's audience only (decision 052).
      audience: activityAudienceOfDocument(doc.audience),
      summary: `cancelled the signature request for "${doc.filename}"`,
      payload: { requestId: req.id, documentId: doc.id },
      ip: ctx.ip,
    })
    for (const s of signers.filter((x) => x.status === 'pending'))
      await queueSigningEmail(tx, {
        to: s.email,
        subject: `Signature no longer needed: "${doc.filename}"`,
        lines: [`${viewer.fullName} cancelled the request to sign "${doc.filename}". You do not need to do anything.`],
        link: documentsLink(ctx.publicUrl, txId),
        txId,
        kind: 'signature.cancelled',
        deliver: ctx.deliverMail,
      })
  })
  return getSignatureRequest({ database, viewer, txId, reqId })
}
