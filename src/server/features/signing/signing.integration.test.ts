/**
 * E-signing end to end through the API, on disk storage and on S3 (s3rver) — the "must show":
 * the seller uploads a TA6 PDF, the buyer sees it, a second upload makes version 2, the seller asks
 * buyer and seller to sign (in order), both sign (typed and drawn), the signed PDF is version 3 with
 * signed_at and a certificate page naming both, verify says intact (and not after tampering); bound
 * to the version's hash (409), encrypted/damaged PDFs refused, decline, cancel, access.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { inflateSync } from 'node:zlib'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditVerifyResponse } from '#shared/contracts/activity.ts'
import type { DocumentListResponse, DocumentVersion } from '#shared/contracts/documents.ts'
import type { SignatureRequest, SignatureVerifyResponse } from '#shared/contracts/signing.ts'
import { createTransaction } from '#server/test/factories.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { startTestS3, type TestS3 } from '#server/platform/storage/test-s3rver.ts'
import { createTestApp, type TestApp, type TestUser } from '#server/test/test-app.ts'
import { makeEncryptedPdf, makePdf, makeSignaturePng } from '#server/test/test-files.ts'

/** pdf-lib writes text with the standard fonts as hex strings in (deflated) content streams. */
function hasText(pdf: Buffer, text: string): boolean {
  const raw = pdf.toString('latin1')
  const streams = [raw]
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    try {
      streams.push(inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1'))
    } catch {
      // not deflated
    }
  }
  const hex = `<${Buffer.from(text, 'latin1').toString('hex').toUpperCase()}>`
  return streams.some((st) => st.includes(hex))
}

for (const driver of ['disk', 's3'] as const) {
  describe(`e-signing on ${driver} storage`, () => {
    let t: TestApp
    let s3: TestS3 | undefined
    let dataDir: string
    let seller: TestUser, buyer: TestUser, outsider: TestUser
    let txId: string

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'homeward-sign-'))
      if (driver === 's3') s3 = await startTestS3()
      t = await createTestApp({ config: { dataDir, ...s3?.config } })
      ;[seller, buyer, outsider] = await Promise.all([
        t.signUp({ role: 'seller', name: 'Sally Seller' }),
        t.signUp({ role: 'buyer', name: 'Bob Buyer' }),
        t.signUp({ name: 'Olly Outsider' }),
      ])
      ;({ transactionId: txId } = await createTransaction(t.database, {
        buyerProfileId: buyer.profileId,
        sellerProfileId: seller.profileId,
      }))
    })
    afterAll(async () => {
      await t?.close()
      await s3?.close()
      rmSync(dataDir, { recursive: true, force: true })
    })

    async function upload(as: TestUser, body: Buffer, filename = 'TA6.pdf', folder = 'Property') {
      const res = await t.app.request(
        `/api/transactions/${txId}/documents?${new URLSearchParams({ folder, filename })}`,
        { method: 'POST', headers: { cookie: as.cookie }, body: new Uint8Array(body) },
      )
      expect(res.status).toBe(201)
      return (await res.json()) as DocumentVersion
    }
    const ask = (as: TestUser, doc: DocumentVersion, body: Record<string, unknown>) =>
      t.request(`/api/transactions/${txId}/documents/${doc.id}/signature-requests`, {
        as,
        json: { document_sha256: doc.sha256, signer_ids: [buyer.profileId, seller.profileId], ...body },
      })
    const act = (as: TestUser | null, reqId: string, action: string, json?: unknown) =>
      t.request(`/api/transactions/${txId}/signature-requests/${reqId}/${action}`, { as, method: 'POST', json })

    it('runs the whole journey: request on version 2, sign in order (typed, drawn), signed version 3, verify', async () => {
      const v1 = await upload(seller, await makePdf('TA6 draft', 2))
      const seen = (await (
        await t.request(`/api/transactions/${txId}/documents`, { as: buyer })
      ).json()) as DocumentListResponse
      expect(seen.documents.map((d) => d.id)).toContain(v1.id)
      const v2 = await upload(seller, await makePdf('TA6 final', 2))
      expect(v2.version).toBe(2)

      // Bound to the version's hash: version 2's request with version 1's hash, and the reverse, are 409.
      expect((await ask(seller, v2, { document_sha256: v1.sha256 })).status).toBe(409)
      expect((await ask(seller, v1, { document_sha256: v2.sha256 })).status).toBe(409)

      const created = await ask(seller, v2, { in_order: true, page: 2, message: 'Please sign the TA6.' })
      expect(created.status).toBe(201)
      const req = (await created.json()) as SignatureRequest
      expect(req).toMatchObject({
        status: 'pending',
        document_id: v2.id,
        document_sha256: v2.sha256,
        in_order: true,
        page: 2,
      })
      expect(req.signers.map((s) => [s.full_name, s.status])).toEqual([
        ['Bob Buyer', 'pending'],
        ['Sally Seller', 'pending'],
      ])
      expect((await ask(seller, v2, {})).status).toBe(409) // one pending request per version

      // In order: the seller waits for the buyer.
      const early = await act(seller, req.id, 'sign', {
        consent: true,
        method: 'typed',
        typed_name: 'Sally Seller',
        document_sha256: v2.sha256,
      })
      expect(early.status).toBe(409)
      expect(((await early.json()) as { error: { message: string } }).error.message).toMatch(
        /Bob Buyer signs before you/,
      )
      // Consent is required, and the signature is bound to the hash the signer reviewed.
      expect(
        (
          await act(buyer, req.id, 'sign', {
            consent: false,
            method: 'typed',
            typed_name: 'Bob',
            document_sha256: v2.sha256,
          })
        ).status,
      ).toBe(400)
      expect(
        (
          await act(buyer, req.id, 'sign', {
            consent: true,
            method: 'typed',
            typed_name: 'Bob Buyer',
            document_sha256: v1.sha256,
          })
        ).status,
      ).toBe(409)
      expect(
        (
          await act(outsider, req.id, 'sign', {
            consent: true,
            method: 'typed',
            typed_name: 'Olly',
            document_sha256: v2.sha256,
          })
        ).status,
      ).toBe(404)

      const b = await act(buyer, req.id, 'sign', {
        consent: true,
        method: 'typed',
        typed_name: 'Bob Buyer',
        document_sha256: v2.sha256,
      })
      expect(b.status).toBe(200)
      const png = makeSignaturePng()
      const s = await act(seller, req.id, 'sign', {
        consent: true,
        method: 'drawn',
        signature_png: `data:image/png;base64,${png.toString('base64')}`,
        document_sha256: v2.sha256,
      })
      expect(s.status).toBe(200)
      const done = (await s.json()) as SignatureRequest
      expect(done.status).toBe('completed')
      expect(done.signers.map((x) => [x.status, x.method])).toEqual([
        ['signed', 'typed'],
        ['signed', 'drawn'],
      ])

      const list = (await (
        await t.request(`/api/transactions/${txId}/documents`, { as: buyer })
      ).json()) as DocumentListResponse
      const row = list.documents.find((d) => d.filename === 'TA6.pdf')!
      expect(row).toMatchObject({
        id: done.signed_document_id,
        version: 3,
        version_count: 3,
        sha256: done.signed_sha256,
      })
      expect(row.signed_at).not.toBeNull()

      const link = (await (
        await t.request(`/api/transactions/${txId}/documents/${row.id}/url`, { as: buyer })
      ).json()) as { url: string }
      const signedPdf = Buffer.from(await (await t.request(link.url, { as: buyer })).arrayBuffer())
      const parsed = await PDFDocument.load(signedPdf)
      expect(parsed.getPageCount()).toBe(3) // two pages, signatures on page 2, plus the certificate
      for (const text of [
        'Certificate of completion',
        '1. Bob Buyer <' + buyer.email + '>',
        '2. Sally Seller <' + seller.email + '>',
        `${v2.sha256}`,
      ])
        expect(hasText(signedPdf, text), text).toBe(true)
      expect(hasText(signedPdf, 'Method: drawn signature')).toBe(true)
      expect(signedPdf.toString('latin1')).toMatch(/\/Subtype \/Image/)

      const verify = await t.request(`/api/transactions/${txId}/documents/${row.id}/signature/verify`, { as: seller })
      expect(verify.status).toBe(200)
      expect((await verify.json()) as SignatureVerifyResponse).toMatchObject({
        intact: true,
        request_id: req.id,
        signed: { intact: true, computed_sha256: done.signed_sha256 },
        original: { intact: true, computed_sha256: v2.sha256 },
      })
      expect(
        (await t.request(`/api/transactions/${txId}/documents/${v2.id}/signature/verify`, { as: seller })).status,
      ).toBe(422)

      // Emails went through the outbox: a request to the first signer, then the second, then completion.
      const mails = await t.database.query<{ to_address: string; kind: string }>(
        `select to_address, kind from mail_outbox where transaction_id = $1 and kind like 'signature.%' order by created_at`,
        [txId],
      )
      expect(mails.filter((m) => m.kind === 'signature.request').map((m) => m.to_address)).toEqual([
        buyer.email,
        seller.email,
      ])
      expect(
        mails
          .filter((m) => m.kind === 'signature.completed')
          .map((m) => m.to_address)
          .sort(),
      ).toEqual([buyer.email, seller.email].sort())

      // The audit trail records it all and still verifies.
      const kinds = (
        await t.database.query<{ kind: string }>(
          'select kind from activity_events where transaction_id = $1 order by seq',
          [txId],
        )
      ).map((r) => r.kind)
      expect(kinds).toEqual(
        expect.arrayContaining([
          'signature.requested',
          'signature.signed',
          'signature.completed',
          'signature.verified',
        ]),
      )
      const chain = (await (
        await t.request(`/api/transactions/${txId}/activity/verify`, { as: buyer })
      ).json()) as AuditVerifyResponse
      expect(chain.intact).toBe(true)

      // Tamper with the stored signed file: verify says it is not intact.
      const [{ storage_key }] = await t.database.query<{ storage_key: string }>(
        'select storage_key from documents where id = $1',
        [row.id],
      )
      await storageFor(t.config).put(
        storage_key,
        Readable.from([Buffer.concat([signedPdf, Buffer.from('\n%tampered')])]),
        {
          contentType: 'application/pdf',
        },
      )
      const bad = (await (
        await t.request(`/api/transactions/${txId}/documents/${row.id}/signature/verify`, { as: buyer })
      ).json()) as SignatureVerifyResponse
      expect(bad).toMatchObject({ intact: false, signed: { intact: false }, original: { intact: true } })
    })

    it('refuses encrypted and damaged PDFs, non-PDFs, and signers who are not on the move', async () => {
      const enc = await upload(seller, await makeEncryptedPdf(), 'Locked.pdf')
      const r1 = await ask(seller, enc, {})
      expect(r1.status).toBe(422)
      expect(((await r1.json()) as { error: { message: string } }).error.message).toMatch(
        /encrypted or password-protected/,
      )
      const bad = await upload(seller, Buffer.from('%PDF-1.7\n1 0 obj garbage\n%%EOF'), 'Broken.pdf')
      const r2 = await ask(seller, bad, {})
      expect(r2.status).toBe(422)
      expect(((await r2.json()) as { error: { message: string } }).error.message).toMatch(/damaged/)
      const png = await upload(seller, makeSignaturePng(), 'Photo.png', 'Identity')
      expect((await ask(seller, png, {})).status).toBe(422)
      const ok = await upload(seller, await makePdf('x'), 'Ok.pdf')
      const r3 = await ask(seller, ok, { signer_ids: [outsider.profileId] })
      expect(r3.status).toBe(422)
      expect((await ask(seller, ok, { page: 5 })).status).toBe(400)
      expect((await ask(outsider, ok, {})).status).toBe(404)
      expect((await t.request(`/api/transactions/${txId}/signature-requests`, { as: outsider })).status).toBe(404)
    })

    it('a signer declines with a reason; the requester alone cancels', async () => {
      const doc = await upload(seller, await makePdf('Fixtures list'), 'TA10.pdf', 'Fixtures')
      const req = (await (await ask(seller, doc, {})).json()) as SignatureRequest
      const declined = await act(buyer, req.id, 'decline', { reason: 'The oven is not listed.' })
      expect(declined.status).toBe(200)
      expect((await declined.json()) as SignatureRequest).toMatchObject({
        status: 'declined',
        signers: [{ status: 'declined', declined_reason: 'The oven is not listed.' }, { status: 'pending' }],
      })
      expect(
        (
          await act(seller, req.id, 'sign', {
            consent: true,
            method: 'typed',
            typed_name: 'Sally Seller',
            document_sha256: doc.sha256,
          })
        ).status,
      ).toBe(409)

      const again = (await (await ask(seller, doc, {})).json()) as SignatureRequest
      expect((await act(buyer, again.id, 'cancel')).status).toBe(403)
      const cancelled = await act(seller, again.id, 'cancel')
      expect(cancelled.status).toBe(200)
      expect(((await cancelled.json()) as SignatureRequest).status).toBe('cancelled')
      const list = (await (
        await t.request(`/api/transactions/${txId}/signature-requests?document_id=${doc.id}`, { as: buyer })
      ).json()) as {
        requests: SignatureRequest[]
      }
      expect(list.requests.map((r) => r.status)).toEqual(['cancelled', 'declined'])
    })
  })
}
