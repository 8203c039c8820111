/**
 * The access matrix, continued (ASVS 8.2) for what hangs off a transaction besides its
 * timeline and invitations (those are in access-matrix.integration.test.ts): documents, file
 * links, e-signing and the audit trail. Every endpoint is called as buyer, seller, participant
 * professional, outsider and anonymous. The allowed get their data; outsiders get the same 404 as
 * for an unknown transaction, signed-out callers 401 before anything else, with no
 * case data in the body, and their writes change nothing. File links are the exception by design
 *: a link made for one person answers 403 to anyone else signed in. New transaction endpoints add a row to READS or WRITES.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditTrailResponse, AuditVerifyResponse } from '#shared/contracts/activity.ts'
import {
  DocumentListResponse,
  DocumentVersion,
  DocumentVersionsResponse,
  SignedUrlResponse,
} from '#shared/contracts/documents.ts'
import { SignatureRequest, SignatureRequestListResponse, SignatureVerifyResponse } from '#shared/contracts/signing.ts'
import { createTransaction, type InsertedTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { makePdf } from '#server/test/test-files.ts'
import { withoutRequestId } from '#server/test/error-body.ts'

type Actor = 'buyer' | 'seller' | 'professional' | 'outsider' | 'anonymous'
const ALLOWED = ['buyer', 'seller', 'professional'] as const
const DENIED = ['outsider', 'anonymous'] as const
/** What an unknown id gets: the transaction's, or (for a document or request id) that item's 404. */
const NOT_FOUND = {
  error: {
    code: 'not_found',
    message: expect.stringMatching(/^Could not find this (transaction|document|signature request)\.$/),
  },
}
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

// Case data that must never reach a denied caller, in any answer.
const SECRET_ADDRESS = '17 Hidden Mews'
const SECRET_FILE = 'Hidden-Mews-TA6.pdf'
const SECRET_REQUEST_NOTE = 'Please sign the Hidden Mews TA6'

let dataDir: string
let users: Record<Exclude<Actor, 'anonymous'>, TestUser>
let tx: InsertedTransaction
/** TA6 version 2 (the version asked to be signed) and the signed version the last signature made. */
let ta6: DocumentVersion
let signed: DocumentVersion
let completedRequest: SignatureRequest
/** A request still waiting for signatures, for the denied writes. */
let pending: SignatureRequest
let pendingDoc: DocumentVersion

const as = (actor: Actor) => (actor === 'anonymous' ? null : users[actor])
const base = () => `/api/transactions/${tx.transactionId}`

async function upload(actor: Actor, filename: string, folder = 'Property', text = 'TA6 Property Information Form') {
  const user = as(actor)
  return t.app.request(`${base()}/documents?${new URLSearchParams({ folder, filename })}`, {
    method: 'POST',
    headers: user ? { cookie: user.cookie } : {},
    body: new Uint8Array(await makePdf(text, 2)),
  })
}

async function uploaded(actor: Actor, filename: string, folder?: string) {
  const res = await upload(actor, filename, folder)
  expect(res.status).toBe(201)
  return DocumentVersion.parse(await res.json())
}

async function askToSign(actor: Actor, doc: DocumentVersion, signers: TestUser[]) {
  return t.request(`${base()}/documents/${doc.id}/signature-requests`, {
    as: as(actor),
    json: { document_sha256: doc.sha256, signer_ids: signers.map((s) => s.profileId), message: SECRET_REQUEST_NOTE },
  })
}

async function asked(actor: Actor, doc: DocumentVersion, signers: TestUser[]) {
  const res = await askToSign(actor, doc, signers)
  expect(res.status).toBe(201)
  return SignatureRequest.parse(await res.json())
}

const sign = (actor: Actor, req: SignatureRequest, sha256: string) =>
  t.request(`${base()}/signature-requests/${req.id}/sign`, {
    as: as(actor),
    json: { consent: true, method: 'typed', typed_name: `${actor} signs`, document_sha256: sha256 },
  })

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'homeward-matrix-'))
})
const t = useTestApp(() => ({ config: { dataDir } }))
beforeAll(async () => {
  users = {
    buyer: await t.signUp({ role: 'buyer', name: 'Bea Buyer' }),
    seller: await t.signUp({ role: 'seller', name: 'Sam Seller' }),
    professional: await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' }),
    outsider: await t.signUp({ role: 'buyer', name: 'Olly Outsider' }),
  }
  tx = await createTransaction(t.database, {
    buyerProfileId: users.buyer.profileId,
    sellerProfileId: users.seller.profileId,
    participants: [
      { profileId: users.professional.profileId, role: 'seller_conveyancer', invitedBy: users.seller.profileId },
    ],
    property: { addressLines: [SECRET_ADDRESS, 'Hitchin'], postcode: 'SG5 1AA' },
  })
  await uploaded('seller', SECRET_FILE)
  ta6 = await uploaded('seller', SECRET_FILE)
  expect(ta6.version).toBe(2)
  completedRequest = await asked('seller', ta6, [users.buyer, users.seller])
  expect((await sign('buyer', completedRequest, ta6.sha256!)).status).toBe(200)
  const last = await sign('seller', completedRequest, ta6.sha256!)
  expect(last.status).toBe(200)
  completedRequest = SignatureRequest.parse(await last.json())
  expect(completedRequest.status).toBe('completed')
  const docs = DocumentListResponse.parse(await (await t.request(`${base()}/documents`, { as: users.seller })).json())
  signed = docs.documents.find((d) => d.filename === SECRET_FILE && d.version === 3)!
  expect(signed.signed_at).not.toBeNull()

  pendingDoc = await uploaded('seller', 'Hidden-Mews-TA10.pdf', 'Fixtures')
  pending = await asked('seller', pendingDoc, [users.buyer, users.seller])
})

afterAll(async () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** A denied answer: the unknown-transaction 404, and nothing of the case in it. */
/** A signed-out caller is told to sign in before anything else (decision 005). */
const UNAUTHENTICATED = { error: { code: 'unauthenticated', message: 'Sign in to continue.' } }

/** The outsider's 404 (same as for an unknown id), or the signed-out caller's 401; no case data either way. */
async function expectDenied(actor: (typeof DENIED)[number], res: Response) {
  expect(res.status).toBe(actor === 'anonymous' ? 401 : 404)
  const text = await res.text()
  expect(withoutRequestId(JSON.parse(text))).toEqual(actor === 'anonymous' ? UNAUTHENTICATED : NOT_FOUND)
  for (const secret of [SECRET_ADDRESS, SECRET_FILE, SECRET_REQUEST_NOTE, ta6.sha256, 'Bea Buyer', 'Sam Seller'])
    expect(text).not.toContain(secret)
}

/** Transaction-scoped reads: each returns the case's data to the allowed. */
const READS: Array<{ name: string; call: (actor: Actor) => Promise<Response>; check: (body: unknown) => void }> = [
  {
    name: 'GET /api/transactions/{txId}/documents',
    call: (actor) => t.request(`${base()}/documents`, { as: as(actor) }),
    check: (body) => {
      const list = DocumentListResponse.parse(body)
      expect(list.documents.map((d) => d.id)).toContain(signed.id)
    },
  },
  {
    name: 'GET /api/transactions/{txId}/documents/{docId}',
    call: (actor) => t.request(`${base()}/documents/${ta6.id}`, { as: as(actor) }),
    check: (body) => expect(DocumentVersion.parse(body)).toMatchObject({ id: ta6.id, filename: SECRET_FILE }),
  },
  {
    name: 'GET /api/transactions/{txId}/documents/{docId}/versions',
    call: (actor) => t.request(`${base()}/documents/${ta6.id}/versions`, { as: as(actor) }),
    check: (body) =>
      expect(DocumentVersionsResponse.parse(body).versions.map((v) => v.version)).toEqual(
        expect.arrayContaining([1, 2]),
      ),
  },
  {
    name: 'GET /api/transactions/{txId}/documents/{docId}/url',
    call: (actor) => t.request(`${base()}/documents/${ta6.id}/url`, { as: as(actor) }),
    check: (body) => expect(SignedUrlResponse.parse(body).url).toContain(`/api/files/${ta6.id}?`),
  },
  {
    name: 'GET /api/transactions/{txId}/signature-requests',
    call: (actor) => t.request(`${base()}/signature-requests`, { as: as(actor) }),
    check: (body) =>
      expect(SignatureRequestListResponse.parse(body).requests.map((r) => r.id)).toEqual(
        expect.arrayContaining([completedRequest.id, pending.id]),
      ),
  },
  {
    name: 'GET /api/transactions/{txId}/signature-requests/{reqId}',
    call: (actor) => t.request(`${base()}/signature-requests/${completedRequest.id}`, { as: as(actor) }),
    check: (body) => {
      const req = SignatureRequest.parse(body)
      expect(req.id).toBe(completedRequest.id)
      expect(req.signers.map((s) => s.full_name)).toEqual(['Bea Buyer', 'Sam Seller'])
    },
  },
  {
    name: 'GET /api/transactions/{txId}/documents/{docId}/signature/verify',
    call: (actor) => t.request(`${base()}/documents/${signed.id}/signature/verify`, { as: as(actor) }),
    check: (body) => expect(SignatureVerifyResponse.parse(body)).toMatchObject({ intact: true }),
  },
  {
    name: 'GET /api/transactions/{txId}/activity',
    call: (actor) => t.request(`${base()}/activity`, { as: as(actor) }),
    check: (body) => {
      const trail = AuditTrailResponse.parse(body)
      expect(trail.entries.length).toBeGreaterThan(3)
      expect(JSON.stringify(trail)).toContain(SECRET_FILE)
    },
  },
  {
    name: 'GET /api/transactions/{txId}/activity/verify',
    call: (actor) => t.request(`${base()}/activity/verify`, { as: as(actor) }),
    check: (body) => expect(AuditVerifyResponse.parse(body)).toMatchObject({ intact: true, first_broken: null }),
  },
]

describe.each(READS)('$name', ({ call, check }) => {
  it.each(ALLOWED)('gives the %s the data', async (actor) => {
    const res = await call(actor)
    expect(res.status).toBe(200)
    check(await res.json())
  })

  it.each(DENIED)('gives the %s 404 (signed out: 401) and no data', async (actor) => {
    await expectDenied(actor, await call(actor))
  })
})

describe('GET /api/files/{docId} (a link made for one person)', () => {
  async function linkFor(actor: (typeof ALLOWED)[number]) {
    const res = await t.request(`${base()}/documents/${ta6.id}/url`, { as: users[actor] })
    return SignedUrlResponse.parse(await res.json()).url
  }

  it.each(ALLOWED)('gives the %s the bytes of their own link', async (actor) => {
    const res = await t.request(await linkFor(actor), { as: users[actor] })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
  })

  it.each(DENIED)('answers 403 (signed out: 401) with no file to the %s holding the buyer’s link', async (actor) => {
    const res = await t.request(await linkFor('buyer'), { as: as(actor) })
    expect(res.status).toBe(actor === 'anonymous' ? 401 : 403)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const text = await res.text()
    expect(JSON.parse(text).error.code).toBe(actor === 'anonymous' ? 'unauthenticated' : 'forbidden')
    expect(text).not.toContain('%PDF')
    expect(text).not.toContain(SECRET_FILE)
  })

  it('answers 403 to a participant holding someone else’s link', async () => {
    const res = await t.request(await linkFor('buyer'), { as: users.seller })
    expect(res.status).toBe(403)
  })
})

/** Everything a write could change on the case, read straight from the database. */
async function snapshot() {
  const [row] = await t.database.query<{ s: string }>(
    `select json_build_object(
       'documents', (select json_agg(row_to_json(d) order by d.id) from documents d where d.transaction_id = $1),
       'requests', (select json_agg(row_to_json(r) order by r.id) from signature_requests r where r.transaction_id = $1),
       'signers', (select json_agg(row_to_json(s) order by s.id) from signature_request_signers s
                   join signature_requests r on r.id = s.request_id where r.transaction_id = $1),
       'activity', (select count(*) from activity_events where transaction_id = $1),
       'mail', (select count(*) from mail_outbox where transaction_id = $1)
     )::text as s`,
    [tx.transactionId],
  )
  return JSON.parse(row.s) as Record<string, unknown>
}

/** Transaction-scoped writes, each as an allowed caller would send it. */
const WRITES: Array<{ name: string; call: (actor: Actor) => Promise<Response> }> = [
  {
    name: 'POST /api/transactions/{txId}/documents',
    call: (actor) => upload(actor, 'Intruder.pdf'),
  },
  {
    name: 'POST /api/transactions/{txId}/documents/{docId}/signature-requests',
    call: (actor) => askToSign(actor, ta6, [users.buyer]),
  },
  {
    name: 'POST /api/transactions/{txId}/signature-requests/{reqId}/sign',
    call: (actor) => sign(actor, pending, pendingDoc.sha256!),
  },
  {
    name: 'POST /api/transactions/{txId}/signature-requests/{reqId}/decline',
    call: (actor) =>
      t.request(`${base()}/signature-requests/${pending.id}/decline`, { as: as(actor), json: { reason: 'No' } }),
  },
  {
    name: 'POST /api/transactions/{txId}/signature-requests/{reqId}/cancel',
    call: (actor) => t.request(`${base()}/signature-requests/${pending.id}/cancel`, { as: as(actor), method: 'POST' }),
  },
]

describe.each(WRITES)('$name', ({ call }) => {
  it.each(DENIED)('gives the %s 404 (signed out: 401) and changes nothing', async (actor) => {
    const before = await snapshot()
    await expectDenied(actor, await call(actor))
    expect(await snapshot()).toEqual(before)
  })
})

describe('writes by the allowed', () => {
  it.each(ALLOWED)('the %s uploads a document and asks the buyer and seller to sign it', async (actor) => {
    const doc = await uploaded(actor, `${actor}-report.pdf`, 'Searches')
    const req = await asked(actor, doc, [users.buyer, users.seller])
    expect(req.signers.map((s) => s.user_id)).toEqual([users.buyer.profileId, users.seller.profileId])
  })

  it('a signer signs, another declines, and the requester cancels their own request', async () => {
    const doc = await uploaded('professional', 'Completion-statement.pdf', 'Contracts')
    const first = await asked('professional', doc, [users.buyer, users.seller])
    expect((await sign('buyer', first, doc.sha256!)).status).toBe(200)
    const declined = await t.request(`${base()}/signature-requests/${first.id}/decline`, {
      as: users.seller,
      json: { reason: 'The completion date is wrong' },
    })
    expect(declined.status).toBe(200)
    expect(SignatureRequest.parse(await declined.json()).status).toBe('declined')

    const second = await asked('professional', doc, [users.buyer])
    const cancelled = await t.request(`${base()}/signature-requests/${second.id}/cancel`, {
      as: users.professional,
      method: 'POST',
    })
    expect(cancelled.status).toBe(200)
    expect(SignatureRequest.parse(await cancelled.json()).status).toBe('cancelled')
  })

  it('a participant who is not a signer may read the request but gets 403 on sign and decline', async () => {
    const before = await snapshot()
    expect((await sign('professional', pending, pendingDoc.sha256!)).status).toBe(403)
    const declined = await t.request(`${base()}/signature-requests/${pending.id}/decline`, {
      as: users.professional,
      json: { reason: 'Not mine to decline' },
    })
    expect(declined.status).toBe(403)
    expect(await snapshot()).toEqual(before)
  })
})

describe('a forbidden id reads exactly like an unknown one', () => {
  it.each([
    ['document', () => `${base()}/documents/${ta6.id}`, () => `${base()}/documents/${UNKNOWN_ID}`],
    ['versions', () => `${base()}/documents/${ta6.id}/versions`, () => `${base()}/documents/${UNKNOWN_ID}/versions`],
    [
      'signature request',
      () => `${base()}/signature-requests/${completedRequest.id}`,
      () => `${base()}/signature-requests/${UNKNOWN_ID}`,
    ],
    ['document list', () => `${base()}/documents`, () => `/api/transactions/${UNKNOWN_ID}/documents`],
    ['audit trail', () => `${base()}/activity`, () => `/api/transactions/${UNKNOWN_ID}/activity`],
  ])('%s', async (_name, forbiddenPath, unknownPath) => {
    const forbidden = await t.request(forbiddenPath(), { as: users.outsider })
    const unknown = await t.request(unknownPath(), { as: users.buyer })
    expect(forbidden.status).toBe(404)
    expect(unknown.status).toBe(404)
    expect(withoutRequestId(JSON.parse(await forbidden.text()))).toEqual(
      withoutRequestId(JSON.parse(await unknown.text())),
    )
  })
})

describe('ids replayed under the outsider’s own transaction', () => {
  it('documents, versions, links, requests and verifications of this case are not found there', async () => {
    const own = await createTransaction(t.database, { buyerProfileId: users.outsider.profileId })
    const other = `/api/transactions/${own.transactionId}`
    const before = await snapshot()
    const attempts = [
      t.request(`${other}/documents/${ta6.id}`, { as: users.outsider }),
      t.request(`${other}/documents/${ta6.id}/versions`, { as: users.outsider }),
      t.request(`${other}/documents/${ta6.id}/url`, { as: users.outsider }),
      t.request(`${other}/documents/${signed.id}/signature/verify`, { as: users.outsider }),
      t.request(`${other}/signature-requests/${completedRequest.id}`, { as: users.outsider }),
      t.request(`${other}/documents/${ta6.id}/signature-requests`, {
        as: users.outsider,
        json: { document_sha256: ta6.sha256, signer_ids: [users.outsider.profileId] },
      }),
      t.request(`${other}/signature-requests/${pending.id}/cancel`, { as: users.outsider, method: 'POST' }),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404)
      const text = await res.text()
      expect(text).not.toContain(SECRET_FILE)
      expect(text).not.toContain(SECRET_REQUEST_NOTE)
    }
    expect(await snapshot()).toEqual(before)
  })
})
