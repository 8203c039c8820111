/**
 * The access matrix over the whole API (ASVS 8.2; docs/decisions/005-access-control.md): every
 * operation of the OpenAPI document on a `/transactions/{txId}` path, called by every actor, answers
 * the status its row names. The operations come from the document the app serves, so a new route
 * without a row fails here. Rows make real requests: reads and denied calls against one move set up
 * once; an allowed write against a fresh move of the same people, so that rows do not depend on
 * each other's order. Denied answers are the unknown-transaction 404 (a removed participant is an
 * outsider again) or, signed out, 401, with none of the move's data in the body.
 * Firms: every move is a matter of the professional's firm (buyer's side), so its assistant works it
 * as the firm's conveyancer, like the professional; a member of another firm and an ex-member of this
 * one (removed from the firm) are outsiders. The giftor accepted the emailed invitation to confirm a gift
 * towards the buyer's deposit on the shared move: they see only their gift (/api/gifts/{giftId}), so
 * every route of the move answers them 404, as an outsider (access/gifts.ts, decision 037).
 * The deeper checks of the main endpoints (the data the allowed get, nothing changed by a denied
 * write) are in access-matrix.integration.test.ts and access-matrix-case-files.integration.test.ts.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DocumentVersion } from '#shared/contracts/documents.ts'
import { SignatureRequest } from '#shared/contracts/signing.ts'
import { Invitation } from '#shared/contracts/invitations.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { CDD_TASK_TITLES } from '#shared/domain/client-due-diligence.ts'
import { SURVEY_TERMS_VERSION } from '#shared/domain/surveys.ts'
import { makePdf } from '#server/test/test-files.ts'
import { JPEG_BASE64, passportMrzLine } from '#server/test/test-identity.ts'

const ACTORS = [
  'buyer',
  'seller',
  'professional',
  'assistant',
  'removed',
  'outsider',
  'otherFirm',
  'exMember',
  'giftor',
  'anonymous',
] as const
type Allowed = 'buyer' | 'seller' | 'professional' | 'assistant'
type Actor = (typeof ACTORS)[number]
type Person = Exclude<Actor, 'anonymous'>

/** The professional's role on every move here: the buyer's side has a conveyancer (update requests need one). */
const PROFESSIONAL_ROLE = 'buyer_conveyancer'
/** The side whose tasks each allowed actor ticks. */
const OWN_SIDE: Record<Allowed, string> = {
  buyer: 'buyer_side',
  seller: 'seller_side',
  professional: 'buyer_conveyancer',
  assistant: 'buyer_conveyancer',
}
const SECRET_ADDRESS = '9 Matrix Row'
const SECRET_FILE = 'Matrix-Row-TA6.pdf'
const SECRET_MESSAGE = 'The matrix deposit clears on Tuesday'

let dataDir: string
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'homeward-matrix-routes-'))
})
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})
const t = useTestApp(() => ({ config: { dataDir } }))

let users: Record<Person, TestUser>
let firmId: string
const as = (actor: Actor) => (actor === 'anonymous' ? null : users[actor])

/** A move of the buyer, the seller and the professional; the removed participant was on it and was taken off. */
async function newMove(address = `${Math.floor(Math.random() * 900) + 10} Fresh Lane`) {
  const move = await createTransaction(t.database, {
    buyerProfileId: users.buyer.profileId,
    sellerProfileId: users.seller.profileId,
    participants: [
      { profileId: users.professional.profileId, role: PROFESSIONAL_ROLE, invitedBy: users.buyer.profileId },
      { profileId: users.removed.profileId, role: 'surveyor', invitedBy: users.buyer.profileId },
    ],
    property: { addressLines: [address, 'Harpenden'], postcode: 'AL5 2JX' },
  })
  await t.database.query(`delete from transaction_participants where transaction_id = $1 and user_id = $2`, [
    move.transactionId,
    users.removed.profileId,
  ])
  await t.database.query(
    `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name) values ($1, $2, 'buyer', $3, 'Bea Buyer')`,
    [firmId, move.transactionId, users.professional.profileId],
  )
  return move.transactionId
}

const base = (txId: string) => `/api/transactions/${txId}`

let pdf: Buffer
beforeAll(async () => {
  pdf = await makePdf('Matrix Row TA6', 1)
})

async function upload(actor: Actor, txId: string, filename: string): Promise<Response> {
  const user = as(actor)
  return t.app.request(`${base(txId)}/documents?${new URLSearchParams({ folder: 'Property', filename })}`, {
    method: 'POST',
    headers: { ...(user ? { cookie: user.cookie } : {}), origin: new URL(t.config.publicUrl).origin },
    body: new Uint8Array(pdf),
  })
}

async function uploaded(actor: Person, txId: string, filename = `Doc-${Math.random().toString(36).slice(2)}.pdf`) {
  const res = await upload(actor, txId, filename)
  expect(res.status).toBe(201)
  const doc = DocumentVersion.parse(await res.json())
  // An uploaded file always has its hash (only the demo move's listed rows have none).
  if (doc.sha256 === null) throw new Error('uploaded document without a SHA-256')
  return { ...doc, sha256: doc.sha256 }
}

async function askToSign(actor: Person, txId: string, doc: DocumentVersion, signers: Person[]) {
  const res = await t.request(`${base(txId)}/documents/${doc.id}/signature-requests`, {
    as: as(actor),
    json: { document_sha256: doc.sha256, signer_ids: signers.map((s) => users[s].profileId) },
  })
  expect(res.status).toBe(201)
  return SignatureRequest.parse(await res.json())
}

/** Asks `actor` themselves to sign: the answer as it comes (the assistant, not on the move, gets 422). */
const askToSignSelf = (actor: Person, txId: string, doc: DocumentVersion) =>
  t.request(`${base(txId)}/documents/${doc.id}/signature-requests`, {
    as: as(actor),
    json: { document_sha256: doc.sha256, signer_ids: [users[actor].profileId] },
  })

const sign = (actor: Actor, txId: string, req: SignatureRequest, sha256: string) =>
  t.request(`${base(txId)}/signature-requests/${req.id}/sign`, {
    as: as(actor),
    json: { consent: true, method: 'typed', typed_name: `${actor} signs`, document_sha256: sha256 },
  })

/** An open proposal of a surveyor on move `txId` (as a broker's invitation leaves it), by someone since gone: its id. */
async function proposal(txId: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `insert into invitations (transaction_id, email, role, token_hash, status, expires_at)
     values ($1, $2, 'surveyor', $3, 'proposed', now() + interval '7 days') returning id`,
    [txId, `proposed-${randomUUID()}@homeward.test`, `unsent-proposal:${randomUUID()}`],
  )
  return row.id
}

async function invite(actor: Person, txId: string) {
  const res = await t.request(`${base(txId)}/invitations`, {
    as: as(actor),
    json: {
      email: `matrix-${Math.random().toString(36).slice(2)}@homeward.test`,
      role: actor === 'seller' ? 'estate_agent' : 'mortgage_broker',
    },
  })
  expect(res.status).toBe(201)
  return Invitation.parse(await res.json())
}

async function postMessage(actor: Person, txId: string) {
  const res = await t.request(`${base(txId)}/threads/${await generalThread(txId)}/messages`, {
    as: as(actor),
    json: { body_md: `A note from the ${actor}`, mentions: [] },
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

async function generalThread(txId: string) {
  const [row] = await t.database.query<{ id: string }>(
    `select id from message_threads where transaction_id = $1 and topic = 'general'`,
    [txId],
  )
  return row.id
}

async function firstStage(txId: string) {
  const [row] = await t.database.query<{ id: string; version: number }>(
    'select id, version from timeline_stages where transaction_id = $1 order by sort_index limit 1',
    [txId],
  )
  return row
}

async function openTask(txId: string, side: string) {
  const [row] = await t.database.query<{ id: string; version: number }>(
    `select k.id, k.version from tasks k join timeline_stages s on s.id = k.stage_id
     where s.transaction_id = $1 and k.owner_side = $2 and k.status = 'not_completed' and k.title <> all($3)
     order by s.sort_index, k.sort_index limit 1`,
    // The ID and AML tasks tick only from approved CDD records (a manual tick is 422): pick another.
    [txId, side, Object.values(CDD_TASK_TITLES)],
  )
  return row
}

/** An enquiry the professional (the buyer's conveyancer) raises on the move. */
async function raised(txId: string) {
  const res = await t.request(`${base(txId)}/enquiries`, {
    as: users.professional,
    json: { enquiries: [{ category: 'searches', body: 'Please supply the drainage search.' }] },
  })
  expect(res.status).toBe(201)
  const { ids } = (await res.json()) as { ids: string[] }
  return { id: ids[0], version: 1 }
}

async function txVersion(txId: string) {
  const [row] = await t.database.query<{ version: number }>('select version from transactions where id = $1', [txId])
  return row.version
}

/** The move every read and every denied call goes to, with one of each thing a route can address. */
let move: {
  txId: string
  doc: DocumentVersion
  signed: DocumentVersion
  completed: SignatureRequest
  pendingDoc: DocumentVersion & { sha256: string }
  pending: SignatureRequest
  invitation: Invitation
  messageId: string
  threadId: string
  enquiryId: string
  /** A task for the buyer to answer the enquiry (made in SQL: asking needs a reply first). */
  clientTaskId: string
}

beforeAll(async () => {
  users = {
    buyer: await t.signUp({ role: 'buyer', name: 'Bea Buyer' }),
    seller: await t.signUp({ role: 'seller', name: 'Sam Seller' }),
    professional: await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' }),
    removed: await t.signUp({ role: 'surveyor', name: 'Rory Removed' }),
    outsider: await t.signUp({ role: 'buyer', name: 'Olly Outsider' }),
    assistant: await t.signUp({ role: 'conveyancer', name: 'Asha Assistant' }),
    otherFirm: await t.signUp({ role: 'conveyancer', name: 'Otto Otherfirm' }),
    exMember: await t.signUp({ role: 'conveyancer', name: 'Ezra Exmember' }),
    giftor: await t.signUp({ role: 'buyer', name: 'Gina Giftor' }),
  }
  const [firm] = await t.database.query<{ id: string }>(
    `insert into organizations (name, type) values ('Matrix Conveyancing', 'law') returning id`,
  )
  firmId = firm.id
  const [other] = await t.database.query<{ id: string }>(
    `insert into organizations (name, type) values ('Other Firm', 'law') returning id`,
  )
  await t.database.query(
    `insert into organization_members (organization_id, profile_id, role, removed_at) values
      ($1, $2, 'admin', null), ($1, $3, 'assistant', null), ($1, $4, 'fee_earner', now()), ($5, $6, 'admin', null)`,
    [
      firmId,
      users.professional.profileId,
      users.assistant.profileId,
      users.exMember.profileId,
      other.id,
      users.otherFirm.profileId,
    ],
  )
  const txId = await newMove(SECRET_ADDRESS)
  const doc = await uploaded('seller', txId, SECRET_FILE)
  const completed0 = await askToSign('seller', txId, doc, ['buyer'])
  const last = await sign('buyer', txId, completed0, doc.sha256)
  expect(last.status).toBe(200)
  const completed = SignatureRequest.parse(await last.json())
  expect(completed.status).toBe('completed')
  const [signedRow] = await t.database.query<{ id: string }>(
    'select signed_document_id as id from signature_requests where id = $1',
    [completed.id],
  )
  const signedRes = await t.request(`${base(txId)}/documents/${signedRow.id}`, { as: users.seller })
  const signed = DocumentVersion.parse(await signedRes.json())
  const pendingDoc = await uploaded('seller', txId)
  const pending = await askToSign('seller', txId, pendingDoc, ['buyer', 'seller'])
  const invitation = await invite('buyer', txId)
  const messageId = await postMessage('buyer', txId)
  await t.request(`${base(txId)}/messages/${messageId}`, {
    method: 'PATCH',
    as: users.buyer,
    json: { body_md: SECRET_MESSAGE, mentions: [] },
  })
  move = {
    txId,
    doc,
    signed,
    completed,
    pendingDoc,
    pending,
    invitation,
    messageId,
    threadId: await generalThread(txId),
    enquiryId: (await raised(txId)).id,
    clientTaskId: '',
  }
  const [task] = await t.database.query<{ id: string }>(
    `insert into tasks (stage_id, title, owner_side, sort_index)
     select k.stage_id, 'Answer enquiry 1 for your conveyancer: Please supply the drainage search.', 'buyer_side',
       (select max(sort_index) + 1 from tasks where stage_id = k.stage_id)
     from tasks k join timeline_stages s on s.id = k.stage_id where s.transaction_id = $1 limit 1
     returning id`,
    [txId],
  )
  await t.database.query('update enquiries set buyer_task_id = $1 where id = $2', [task.id, move.enquiryId])
  move.clientTaskId = task.id
})

// Verified parties: the buyer verifies identity (sandbox) and the buyer's conveyancer opens the buyer's CDD record.
beforeAll(async () => {
  const image = { content_type: 'image/jpeg', data_base64: JPEG_BASE64 }
  const start = await t.request('/api/me/identity-check', { as: users.buyer, method: 'POST' })
  const { id } = (await start.json()) as { id: string }
  const step = (name: string, json: unknown) =>
    t.request(`/api/me/identity-check/${id}/${name}`, { as: users.buyer, method: 'PUT', json })
  await step('document', {
    document_type: 'passport',
    surname: 'Buyer',
    given_names: 'Bea',
    mrz_line: passportMrzLine(),
    image,
  })
  await step('selfie', { image })
  await step('address', { line1: '9 Matrix Row', town: 'Harpenden', postcode: 'AL5 2JX' })
  expect((await t.request(`/api/me/identity-check/${id}/submit`, { as: users.buyer, method: 'POST' })).status).toBe(200)
  await t.sandboxWebhooks.flush()
  expect((await t.request(cdd(move.txId), { as: users.professional, method: 'POST' })).status).toBe(201)
  await t.sandboxWebhooks.flush()
})

// The giftor: the buyer records a gift from them on the shared move; they accept the emailed link.
beforeAll(async () => {
  const res = await t.request(`${base(move.txId)}/funds/gifts`, {
    as: users.buyer,
    json: {
      giftor_name: 'Gina Giftor',
      giftor_email: users.giftor.email,
      relationship: 'Aunt',
      amount_pence: 10_000_00,
    },
  })
  expect(res.status).toBe(201)
  const [mail] = await t.database.query<{ text_body: string }>(
    'select text_body from mail_outbox where to_address = $1 order by created_at desc limit 1',
    [users.giftor.email.toLowerCase()],
  )
  const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]
  const accepted = await t.request(`/api/invitations/${token}/accept`, { as: users.giftor, method: 'POST' })
  expect(accepted.status).toBe(200)
  expect(((await accepted.json()) as { gift_id: string | null }).gift_id).toBeTruthy()
})

/** A fresh move with a gift from an invited giftor: the gift's id. */
async function giftOn(txId: string): Promise<string> {
  const res = await t.request(`${base(txId)}/funds/gifts`, {
    as: users.buyer,
    json: {
      giftor_name: 'Gil Giftor',
      giftor_email: `giftor-${Math.random().toString(36).slice(2)}@homeward.test`,
      relationship: 'Father',
      amount_pence: 5_000_00,
    },
  })
  expect(res.status).toBe(201)
  const [row] = await t.database.query<{ id: string }>('select id from funding_gifts where transaction_id = $1', [txId])
  return row.id
}

const cdd = (txId: string) => `${base(txId)}/cdd/${users.buyer.profileId}`
/** The buyer's CDD record: only the buyer's conveyancer (and their firm's assistant) may open or change it. */
const conveyancerOnly = (status: number) =>
  answers(status, { buyer: 404, seller: 404, professional: status, assistant: status })
/** A CDD write by the allowed on a fresh move whose record is opened first; the denied on the shared move. */
const cddWrite = (method: string, suffix: string, json: unknown) =>
  write(
    async (actor, txId) => {
      if (actor === 'professional' || actor === 'assistant') {
        expect((await t.request(cdd(txId), { as: as(actor), method: 'POST' })).status).toBe(201)
      }
      return t.request(`${cdd(txId)}${suffix}`, { as: as(actor), method, json })
    },
    (actor) => t.request(`${cdd(move.txId)}${suffix}`, { as: as(actor), method, json }),
  )

/**
 * A pending chain link on `txId`: the seller there buys a new move of their own (from a new seller)
 * and asks to link the sale onward to it; only that new move's seller's side may confirm.
 */
async function pendingLink(txId: string): Promise<string> {
  const top = await t.signUp({ role: 'seller', name: 'Tia Top' })
  const onward = await createTransaction(t.database, {
    buyerProfileId: users.seller.profileId,
    sellerProfileId: top.profileId,
    property: { addressLines: ['1 Onward Way', 'Luton'], postcode: 'LU1 1AA' },
  })
  const res = await t.request(`${base(txId)}/chain/links`, {
    as: users.seller,
    json: { other_transaction_id: onward.transactionId, direction: 'onward' },
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

let sharedLinkId: string | undefined
/** The shared move's pending link, made once (the denied actors' confirm and decline calls use it). */
async function sharedLink(): Promise<string> {
  sharedLinkId ??= await pendingLink(move.txId)
  return sharedLinkId
}

/**
 * An open off-platform record (decision 053) of the seat `role` on move `txId`, as the seller would
 * have recorded it: its id. Each has its own email, so inviting it meets no earlier invitation.
 */
async function recordedParty(txId: string, role = 'seller_conveyancer'): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `insert into off_platform_parties (transaction_id, role, firm_name, email, recorded_by)
     values ($1, $2, 'Offline & Co', $3, $4) returning id`,
    [txId, role, `offline-${randomUUID()}@homeward.test`, users.seller.profileId],
  )
  return row.id
}

let sharedPartyId: string | undefined
/** The shared move's recorded estate agent, made once (the denied actors' calls address it). */
async function sharedParty(): Promise<string> {
  sharedPartyId ??= await recordedParty(move.txId, 'estate_agent')
  return sharedPartyId
}

/** Records the seller's firm of move `txId` off Homeward and raises an enquiry that waits for its reply. */
async function withOffPlatformSellerFirm(txId: string): Promise<string> {
  await recordedParty(txId, 'seller_conveyancer')
  await raised(txId)
  return txId
}

/** An id nothing has: the surveys rows' product, surveyor and booking. */
const UNKNOWN_ID = '00000000-0000-4000-8000-00000000beef'

type Call = (actor: Actor) => Promise<Response>
interface Row {
  /** The request as this actor would send it. */
  call: Call
  /** The status each actor gets. */
  expected: Record<Actor, number>
}

/** The allowed get `status` (or their own, from `own`); the removed participant and the outsider 404; signed out 401. */
const answers = (status: number, own: Partial<Record<Allowed, number>> = {}) => ({
  buyer: status,
  seller: status,
  professional: status,
  // The firm's assistant works the matter as the firm's conveyancer: what the professional gets.
  assistant: own.professional ?? status,
  ...own,
  removed: 404,
  outsider: 404,
  otherFirm: 404,
  exMember: 404,
  giftor: 404,
  anonymous: 401,
})

const isAllowed = (actor: Actor): actor is Allowed =>
  actor === 'buyer' || actor === 'seller' || actor === 'professional' || actor === 'assistant'

/** A write: the allowed act on a fresh move (`fresh`), the denied on the shared one (`denied`). */
const write =
  (fresh: (actor: Allowed, txId: string) => Promise<Response>, denied: Call): Call =>
  async (actor) =>
    isAllowed(actor) ? fresh(actor, await newMove()) : denied(actor)

const get = (url: () => string) => (actor: Actor) => t.request(url(), { as: as(actor) })

/** One row per operation, keyed `METHOD path` as the OpenAPI document names it. */
const ROWS: Record<string, Row> = {
  'GET /api/transactions/{txId}/verification': {
    call: get(() => `${base(move.txId)}/verification`),
    expected: answers(200),
  },
  'GET /api/transactions/{txId}/cdd/{profileId}': { call: get(() => cdd(move.txId)), expected: conveyancerOnly(200) },
  'POST /api/transactions/{txId}/cdd/{profileId}': {
    call: write(
      (actor, txId) => t.request(cdd(txId), { as: as(actor), method: 'POST' }),
      (actor) => t.request(cdd(move.txId), { as: as(actor), method: 'POST' }),
    ),
    expected: conveyancerOnly(201),
  },
  'PUT /api/transactions/{txId}/cdd/{profileId}/edd': {
    call: cddWrite('PUT', '/edd', {
      source_of_wealth: 'Savings from salary over ten years.',
      purpose_of_transaction: 'Home',
      senior_approver: 'Pat Partner',
      source_of_wealth_document_id: null,
    }),
    expected: conveyancerOnly(200),
  },
  'PUT /api/transactions/{txId}/cdd/{profileId}/reliance': {
    call: cddWrite('PUT', '/reliance', {
      firm_name: 'Other LLP',
      consent_on: '2026-11-01',
      note: 'Letter of consent.',
    }),
    expected: conveyancerOnly(200),
  },
  'POST /api/transactions/{txId}/cdd/{profileId}/decision': {
    call: cddWrite('POST', '/decision', { decision: 'refer', note: 'Needs a second look.' }),
    expected: conveyancerOnly(200),
  },
  'GET /api/transactions/{txId}/identity/{profileId}/images/{image}': {
    call: get(() => `${base(move.txId)}/identity/${users.buyer.profileId}/images/selfie`),
    // The person themselves and the conveyancer instructed for them; never the other side.
    expected: answers(200, { seller: 404 }),
  },
  'GET /api/transactions/{txId}': { call: get(() => base(move.txId)), expected: answers(200) },
  'POST /api/transactions/{txId}/status': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(txId)}/status`, {
          as: as(actor),
          json: { action: 'cancel', reason: 'The chain fell through', version: await txVersion(txId) },
        }),
      async (actor) =>
        t.request(`${base(move.txId)}/status`, {
          as: as(actor),
          json: { action: 'cancel', reason: 'Not mine to cancel', version: await txVersion(move.txId) },
        }),
    ),
    expected: answers(200),
  },
  'POST /api/transactions/{txId}/archive': {
    call: write(
      async (actor, txId) => {
        // Only a move that has ended can be archived: this fresh one is cancelled first.
        await t.database.query(
          `update transactions set status = 'cancelled', cancelled_reason = 'The chain fell through' where id = $1`,
          [txId],
        )
        return t.request(`${base(txId)}/archive`, { as: as(actor), json: { archived: true } })
      },
      (actor) => t.request(`${base(move.txId)}/archive`, { as: as(actor), json: { archived: true } }),
    ),
    expected: answers(200),
  },
  'PATCH /api/transactions/{txId}/tasks/{taskId}': {
    call: write(
      async (actor, txId) => {
        const task = await openTask(txId, OWN_SIDE[actor])
        return t.request(`${base(txId)}/tasks/${task.id}`, {
          method: 'PATCH',
          as: as(actor),
          json: { status: 'completed', version: task.version },
        })
      },
      async (actor) => {
        const task = await openTask(move.txId, 'buyer_side')
        return t.request(`${base(move.txId)}/tasks/${task.id}`, {
          method: 'PATCH',
          as: as(actor),
          json: { status: 'completed', version: task.version },
        })
      },
    ),
    expected: answers(200),
  },
  'PATCH /api/transactions/{txId}/stages/{stageId}': {
    call: async (actor) => {
      // Blocking a stage is a conveyancer's (canBlockStage): the buyer and the seller get 403 and change nothing.
      const txId = isAllowed(actor) ? await newMove() : move.txId
      const stage = await firstStage(txId)
      return t.request(`${base(txId)}/stages/${stage.id}`, {
        method: 'PATCH',
        as: as(actor),
        json: { blocked_reason: 'Waiting for the lender', version: stage.version },
      })
    },
    expected: answers(200, { buyer: 403, seller: 403 }),
  },
  'GET /api/transactions/{txId}/activity': { call: get(() => `${base(move.txId)}/activity`), expected: answers(200) },
  'GET /api/transactions/{txId}/activity/verify': {
    call: get(() => `${base(move.txId)}/activity/verify`),
    expected: answers(200),
  },
  'GET /api/transactions/{txId}/documents': { call: get(() => `${base(move.txId)}/documents`), expected: answers(200) },
  'POST /api/transactions/{txId}/documents': {
    call: write(
      (actor, txId) => upload(actor, txId, `${actor}-upload.pdf`),
      (actor) => upload(actor, move.txId, 'Intruder.pdf'),
    ),
    expected: answers(201),
  },
  'GET /api/transactions/{txId}/documents/{docId}': {
    call: get(() => `${base(move.txId)}/documents/${move.doc.id}`),
    expected: answers(200),
  },
  'GET /api/transactions/{txId}/documents/{docId}/versions': {
    call: get(() => `${base(move.txId)}/documents/${move.doc.id}/versions`),
    expected: answers(200),
  },
  'GET /api/transactions/{txId}/documents/{docId}/url': {
    call: get(() => `${base(move.txId)}/documents/${move.doc.id}/url`),
    expected: answers(200),
  },
  // Who sees a document (decision 051): its uploader (or their side's conveyancer) changes it; on the
  // shared move the others are refused before they learn anything (404 for people off the move).
  'PUT /api/transactions/{txId}/documents/{docId}/audience': {
    call: write(
      async (actor, txId) => {
        const doc = await uploaded(actor, txId)
        return t.request(`${base(txId)}/documents/${doc.id}/audience`, {
          method: 'PUT',
          as: as(actor),
          json: { audience: 'everyone' },
        })
      },
      (actor) =>
        t.request(`${base(move.txId)}/documents/${move.doc.id}/audience`, {
          method: 'PUT',
          as: as(actor),
          json: { audience: 'everyone' },
        }),
    ),
    expected: answers(200),
  },
  'POST /api/transactions/{txId}/documents/{docId}/signature-requests': {
    call: write(
      async (actor, txId) => {
        const doc = await uploaded(actor, txId)
        return t.request(`${base(txId)}/documents/${doc.id}/signature-requests`, {
          as: as(actor),
          json: { document_sha256: doc.sha256, signer_ids: [users.buyer.profileId] },
        })
      },
      (actor) =>
        t.request(`${base(move.txId)}/documents/${move.doc.id}/signature-requests`, {
          as: as(actor),
          json: { document_sha256: move.doc.sha256, signer_ids: [users.buyer.profileId] },
        }),
    ),
    expected: answers(201),
  },
  'GET /api/transactions/{txId}/documents/{docId}/signature/verify': {
    call: get(() => `${base(move.txId)}/documents/${move.signed.id}/signature/verify`),
    expected: answers(200),
  },
  'GET /api/transactions/{txId}/signature-requests': {
    call: get(() => `${base(move.txId)}/signature-requests`),
    expected: answers(200),
  },
  'GET /api/transactions/{txId}/signature-requests/{reqId}': {
    call: get(() => `${base(move.txId)}/signature-requests/${move.completed.id}`),
    expected: answers(200),
  },
  'POST /api/transactions/{txId}/signature-requests/{reqId}/sign': {
    call: write(
      async (actor, txId) => {
        const doc = await uploaded(actor, txId)
        if (actor === 'assistant') return askToSignSelf(actor, txId, doc)
        return sign(actor, txId, await askToSign(actor, txId, doc, [actor]), doc.sha256)
      },
      (actor) => sign(actor, move.txId, move.pending, move.pendingDoc.sha256),
    ),
    // Signers are the people on the move; the firm's assistant works the matter but signs nothing (422).
    expected: answers(200, { assistant: 422 }),
  },
  'POST /api/transactions/{txId}/signature-requests/{reqId}/decline': {
    call: write(
      async (actor, txId) => {
        if (actor === 'assistant') return askToSignSelf(actor, txId, await uploaded(actor, txId))
        const req = await askToSign(actor, txId, await uploaded(actor, txId), [actor])
        return t.request(`${base(txId)}/signature-requests/${req.id}/decline`, {
          as: as(actor),
          json: { reason: 'The date is wrong' },
        })
      },
      (actor) =>
        t.request(`${base(move.txId)}/signature-requests/${move.pending.id}/decline`, {
          as: as(actor),
          json: { reason: 'No' },
        }),
    ),
    expected: answers(200, { assistant: 422 }),
  },
  'POST /api/transactions/{txId}/signature-requests/{reqId}/cancel': {
    call: write(
      async (actor, txId) => {
        const req = await askToSign(actor, txId, await uploaded(actor, txId), ['buyer'])
        return t.request(`${base(txId)}/signature-requests/${req.id}/cancel`, { as: as(actor), method: 'POST' })
      },
      (actor) =>
        t.request(`${base(move.txId)}/signature-requests/${move.pending.id}/cancel`, { as: as(actor), method: 'POST' }),
    ),
    expected: answers(200),
  },
  'GET /api/transactions/{txId}/invitations': {
    call: get(() => `${base(move.txId)}/invitations`),
    expected: answers(200),
  },
  'POST /api/transactions/{txId}/invitations': {
    call: write(
      (actor, txId) =>
        t.request(`${base(txId)}/invitations`, {
          as: as(actor),
          json: { email: `new-${actor}@homeward.test`, role: actor === 'seller' ? 'estate_agent' : 'mortgage_broker' },
        }),
      (actor) =>
        t.request(`${base(move.txId)}/invitations`, {
          as: as(actor),
          json: { email: 'intruder-friend@homeward.test', role: 'mortgage_broker' },
        }),
    ),
    expected: answers(201),
  },
  'POST /api/transactions/{txId}/invitations/{invitationId}/resend': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(txId)}/invitations/${(await invite(actor, txId)).id}/resend`, {
          as: as(actor),
          method: 'POST',
        }),
      (actor) =>
        t.request(`${base(move.txId)}/invitations/${move.invitation.id}/resend`, { as: as(actor), method: 'POST' }),
    ),
    expected: answers(200),
  },
  // A proposed surveyor (decision 014): the buyer or their conveyancer (the firm's people too)
  // answers it; the seller's side may not (403).
  'POST /api/transactions/{txId}/invitations/{invitationId}/decision': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(txId)}/invitations/${await proposal(txId)}/decision`, {
          as: as(actor),
          json: { decision: 'decline' },
        }),
      (actor) =>
        t.request(`${base(move.txId)}/invitations/${move.invitation.id}/decision`, {
          as: as(actor),
          json: { decision: 'decline' },
        }),
    ),
    expected: answers(200, { seller: 403 }),
  },
  'DELETE /api/transactions/{txId}/invitations/{invitationId}': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(txId)}/invitations/${(await invite(actor, txId)).id}`, {
          as: as(actor),
          method: 'DELETE',
        }),
      (actor) => t.request(`${base(move.txId)}/invitations/${move.invitation.id}`, { as: as(actor), method: 'DELETE' }),
    ),
    expected: answers(204),
  },
  'GET /api/transactions/{txId}/threads': { call: get(() => `${base(move.txId)}/threads`), expected: answers(200) },
  'POST /api/transactions/{txId}/threads': {
    call: write(
      (actor, txId) =>
        t.request(`${base(txId)}/threads`, {
          as: as(actor),
          json: { title: `From the ${actor}`, topic: 'other', body_md: 'A new thread', mentions: [] },
        }),
      (actor) =>
        t.request(`${base(move.txId)}/threads`, {
          as: as(actor),
          json: { title: 'Sneaky', topic: 'other', body_md: 'hi', mentions: [] },
        }),
    ),
    expected: answers(201),
  },
  'GET /api/transactions/{txId}/threads/{threadId}/messages': {
    call: get(() => `${base(move.txId)}/threads/${move.threadId}/messages`),
    expected: answers(200),
  },
  'POST /api/transactions/{txId}/threads/{threadId}/messages': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(txId)}/threads/${await generalThread(txId)}/messages`, {
          as: as(actor),
          json: { body_md: 'Hello', mentions: [] },
        }),
      (actor) =>
        t.request(`${base(move.txId)}/threads/${move.threadId}/messages`, {
          as: as(actor),
          json: { body_md: 'Let me in', mentions: [] },
        }),
    ),
    expected: answers(201),
  },
  'POST /api/transactions/{txId}/threads/{threadId}/read': {
    call: (actor) => t.request(`${base(move.txId)}/threads/${move.threadId}/read`, { as: as(actor), method: 'POST' }),
    expected: answers(204),
  },
  'PATCH /api/transactions/{txId}/messages/{messageId}': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(txId)}/messages/${await postMessage(actor, txId)}`, {
          method: 'PATCH',
          as: as(actor),
          json: { body_md: 'Edited', mentions: [] },
        }),
      (actor) =>
        t.request(`${base(move.txId)}/messages/${move.messageId}`, {
          method: 'PATCH',
          as: as(actor),
          json: { body_md: 'Defaced', mentions: [] },
        }),
    ),
    expected: answers(200),
  },
  'DELETE /api/transactions/{txId}/messages/{messageId}': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(txId)}/messages/${await postMessage(actor, txId)}`, { method: 'DELETE', as: as(actor) }),
      (actor) => t.request(`${base(move.txId)}/messages/${move.messageId}`, { method: 'DELETE', as: as(actor) }),
    ),
    expected: answers(200),
  },
  'GET /api/transactions/{txId}/events': {
    call: async (actor) => {
      const res = await t.request(`${base(move.txId)}/events`, { as: as(actor) })
      if (res.status !== 200) return res
      // A live stream: its first event says it is ready; then it is closed from this side.
      const reader = res.body!.getReader()
      const first = new TextDecoder().decode((await reader.read()).value)
      expect(first).toContain('event: ready')
      await reader.cancel()
      return new Response(null, { status: res.status })
    },
    expected: answers(200),
  },
  'GET /api/transactions/{txId}/update-requests': {
    call: get(() => `${base(move.txId)}/update-requests`),
    expected: answers(200),
  },
  'POST /api/transactions/{txId}/update-requests': {
    call: write(
      (actor, txId) => t.request(`${base(txId)}/update-requests`, { as: as(actor), json: { note: 'Any news?' } }),
      (actor) => t.request(`${base(move.txId)}/update-requests`, { as: as(actor), json: { note: 'Let me in' } }),
    ),
    // Only the buyer and the seller ask, and only with a conveyancer on their side (this move has the buyer's).
    expected: answers(201, { seller: 409, professional: 403 }),
  },

  // Enquiries: the professional here is the buyer's conveyancer, who raises and closes; only the seller's
  // conveyancer answers or makes a seller task (the buyer's conveyancer answering their own: 409).
  // Surveys: the move's page for everyone on it; booking, moving and cancelling for its buyer side only
  // (the seller 403). No survey firm is set up here: the allowed book an unknown product, or move and cancel
  // an unknown booking, and get its 404 (surveys.integration.test.ts books for real).
  'GET /api/transactions/{txId}/surveys': { call: get(() => `${base(move.txId)}/surveys`), expected: answers(200) },
  // Title checks: everyone on the move sees them; only its conveyancers (here the professional, and the
  // firm's assistant working as them) obtain a register, from the sandbox land registry.
  'GET /api/transactions/{txId}/title-checks': {
    call: get(() => `${base(move.txId)}/title-checks`),
    expected: answers(200),
  },
  'POST /api/transactions/{txId}/title-checks': {
    call: write(
      (actor, txId) => t.request(`${base(txId)}/title-checks`, { as: as(actor), json: { title_number: 'HD412873' } }),
      (actor) => t.request(`${base(move.txId)}/title-checks`, { as: as(actor), json: { title_number: 'HD412873' } }),
    ),
    expected: answers(403, { professional: 201 }),
  },
  // Chains: everyone on the move sees its chain (other moves redacted); links are asked by the side they
  // join (the matrix's moves have no other move of the viewer's, so a link to an unknown move is 422),
  // confirmed by the other side of the move they name (nobody here: 403), withdrawn by the side that
  // asked (the seller); dates are proposed by a conveyancer of a move in a chain (none here: 409).
  'GET /api/transactions/{txId}/chain': { call: get(() => `${base(move.txId)}/chain`), expected: answers(200) },
  'POST /api/transactions/{txId}/chain/links': {
    call: write(
      (actor, txId) =>
        t.request(`${base(txId)}/chain/links`, {
          as: as(actor),
          json: { other_transaction_id: UNKNOWN_ID, direction: actor === 'seller' ? 'onward' : 'previous' },
        }),
      (actor) =>
        t.request(`${base(move.txId)}/chain/links`, {
          as: as(actor),
          json: { other_transaction_id: UNKNOWN_ID, direction: 'onward' },
        }),
    ),
    expected: answers(422),
  },
  'POST /api/transactions/{txId}/chain/links/{linkId}/confirm': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(txId)}/chain/links/${await pendingLink(txId)}/confirm`, { as: as(actor), method: 'POST' }),
      async (actor) =>
        t.request(`${base(move.txId)}/chain/links/${await sharedLink()}/confirm`, { as: as(actor), method: 'POST' }),
    ),
    expected: answers(403),
  },
  'POST /api/transactions/{txId}/chain/links/{linkId}/decline': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(txId)}/chain/links/${await pendingLink(txId)}/decline`, { as: as(actor), method: 'POST' }),
      async (actor) =>
        t.request(`${base(move.txId)}/chain/links/${await sharedLink()}/decline`, { as: as(actor), method: 'POST' }),
    ),
    expected: answers(403, { seller: 200 }),
  },
  'POST /api/transactions/{txId}/chain/date-proposals': {
    call: write(
      (actor, txId) =>
        t.request(`${base(txId)}/chain/date-proposals`, {
          as: as(actor),
          json: { exchange_date: '2027-02-12', completion_date: '2027-02-26' },
        }),
      (actor) =>
        t.request(`${base(move.txId)}/chain/date-proposals`, {
          as: as(actor),
          json: { exchange_date: '2027-02-12', completion_date: '2027-02-26' },
        }),
    ),
    expected: answers(403, { professional: 409 }),
  },
  'POST /api/transactions/{txId}/chain/date-proposals/{proposalId}/respond': {
    // No proposal has this id: 404 for everyone on the move, the unknown-transaction 404 for the rest.
    call: (actor) =>
      t.request(`${base(move.txId)}/chain/date-proposals/${UNKNOWN_ID}/respond`, {
        as: as(actor),
        json: { accept: true },
      }),
    expected: answers(404),
  },
  'POST /api/transactions/{txId}/chain/date-proposals/{proposalId}/mover-answer': {
    // No proposal has this id: 404 for everyone on the move, the unknown-transaction 404 for the rest
    // (a buyer's or seller's answer on a real proposal: chains.integration.test.ts).
    call: (actor) =>
      t.request(`${base(move.txId)}/chain/date-proposals/${UNKNOWN_ID}/mover-answer`, {
        as: as(actor),
        json: { suits: true },
      }),
    expected: answers(404),
  },
  // The seller's TA6 and TA10: everyone on the move reads the form (drafts only the seller's side); the seller
  // and their conveyancer save answers and evidence; only the seller signs (here with answers missing: 422).
  'GET /api/transactions/{txId}/forms/{form}': {
    call: get(() => `${base(move.txId)}/forms/ta6`),
    expected: answers(200),
  },
  'PUT /api/transactions/{txId}/forms/{form}/sections/{section}': {
    call: write(
      (actor, txId) =>
        t.request(`${base(txId)}/forms/ta6/sections/parking`, {
          as: as(actor),
          method: 'PUT',
          json: { answers: { parking: { parkingArrangements: ['Garage'] } } },
        }),
      (actor) =>
        t.request(`${base(move.txId)}/forms/ta6/sections/parking`, {
          as: as(actor),
          method: 'PUT',
          json: { answers: { parking: { parkingArrangements: ['Garage'] } } },
        }),
    ),
    expected: answers(403, { seller: 200 }),
  },
  'POST /api/transactions/{txId}/forms/{form}/sign': {
    call: (actor) =>
      t.request(`${base(move.txId)}/forms/ta6/sign`, {
        as: as(actor),
        json: { typed_name: 'Sam Seller', confirm: true },
      }),
    expected: answers(403, { seller: 422 }),
  },
  'POST /api/transactions/{txId}/forms/{form}/evidence': {
    call: (actor) =>
      t.request(`${base(move.txId)}/forms/ta6/evidence`, {
        as: as(actor),
        json: { question: 'parking.parkingArrangements', document_id: UNKNOWN_ID },
      }),
    expected: answers(403, { seller: 422 }),
  },
  'DELETE /api/transactions/{txId}/forms/{form}/evidence/{evidenceId}': {
    call: (actor) =>
      t.request(`${base(move.txId)}/forms/ta6/evidence/${UNKNOWN_ID}`, { as: as(actor), method: 'DELETE' }),
    expected: answers(403, { seller: 404 }),
  },
  // The completion fee: everyone on the move sees its amount and who pays; the receipt is the payer's
  // alone, and this move has not completed, so nobody has one (404).
  'GET /api/transactions/{txId}/completion-fee': {
    call: get(() => `${base(move.txId)}/completion-fee`),
    expected: answers(200),
  },
  // Accepting the fee is the payer's alone (the seller): everyone else on the move is refused (403).
  // The seller's accept opens the sandbox's card page (201) on a fresh move.
  'POST /api/transactions/{txId}/completion-fee/accept': {
    call: write(
      (actor, txId) => t.request(`${base(txId)}/completion-fee/accept`, { as: as(actor), method: 'POST' }),
      (actor) => t.request(`${base(move.txId)}/completion-fee/accept`, { as: as(actor), method: 'POST' }),
    ),
    expected: answers(403, { seller: 201 }),
  },
  'GET /api/transactions/{txId}/completion-fee/receipt': {
    call: get(() => `${base(move.txId)}/completion-fee/receipt`),
    expected: answers(404),
  },
  // The PDTF property pack: everyone on the move may download it (names and roles only, no contact details).
  'GET /api/transactions/{txId}/pdtf': { call: get(() => `${base(move.txId)}/pdtf`), expected: answers(200) },
  'GET /api/transactions/{txId}/surveys/slots': {
    call: get(() => `${base(move.txId)}/surveys/slots?product_id=${UNKNOWN_ID}`),
    expected: answers(404),
  },
  'POST /api/transactions/{txId}/surveys/bookings': {
    call: (actor) =>
      t.request(`${base(move.txId)}/surveys/bookings`, {
        as: as(actor),
        // A valid booking but for its unknown product (a card and the current terms, so no 400).
        json: {
          product_id: UNKNOWN_ID,
          surveyor_id: UNKNOWN_ID,
          starts_at: '2030-01-07T10:00:00Z',
          payment_method: 'pm_sandbox_card_4242424242424242',
          terms_version: SURVEY_TERMS_VERSION,
          accept_terms: true,
        },
      }),
    expected: answers(404, { seller: 403 }),
  },
  'POST /api/transactions/{txId}/surveys/bookings/{bookingId}/reschedule': {
    call: (actor) =>
      t.request(`${base(move.txId)}/surveys/bookings/${UNKNOWN_ID}/reschedule`, {
        as: as(actor),
        json: { starts_at: '2030-01-07T10:00:00Z' },
      }),
    expected: answers(404, { seller: 403 }),
  },
  'POST /api/transactions/{txId}/surveys/bookings/{bookingId}/cancel': {
    call: (actor) =>
      t.request(`${base(move.txId)}/surveys/bookings/${UNKNOWN_ID}/cancel`, { as: as(actor), method: 'POST' }),
    expected: answers(404, { seller: 403 }),
  },
  // The firm's matter on the move: everyone on it reads it (null for the buyer and seller, who
  // belong to no firm instructed on it).
  'GET /api/transactions/{txId}/matter': { call: get(() => `${base(move.txId)}/matter`), expected: answers(200) },
  'GET /api/transactions/{txId}/enquiries': { call: get(() => `${base(move.txId)}/enquiries`), expected: answers(200) },
  'POST /api/transactions/{txId}/enquiries': {
    call: async (actor) =>
      t.request(`${base(isAllowed(actor) ? await newMove() : move.txId)}/enquiries`, {
        as: as(actor),
        json: { enquiries: [{ category: 'title', body: 'Please supply the official copies.' }] },
      }),
    expected: answers(201, { buyer: 403, seller: 403 }),
  },
  'PATCH /api/transactions/{txId}/enquiries/{enquiryId}': {
    call: write(
      async (actor, txId) => {
        const e = await raised(txId)
        return t.request(`${base(txId)}/enquiries/${e.id}`, {
          method: 'PATCH',
          as: as(actor),
          json: { version: e.version, body: 'Please supply the official copies and the title plan.' },
        })
      },
      async (actor) =>
        t.request(`${base(move.txId)}/enquiries/${move.enquiryId}`, {
          method: 'PATCH',
          as: as(actor),
          json: { version: 1, body: 'Changed by someone not on the matter' },
        }),
    ),
    expected: answers(200, { buyer: 403, seller: 403 }),
  },
  'POST /api/transactions/{txId}/enquiries/{enquiryId}/replies': {
    call: write(
      async (actor, txId) => {
        const e = await raised(txId)
        return t.request(`${base(txId)}/enquiries/${e.id}/replies`, {
          as: as(actor),
          json: { version: e.version, body: 'Official copies attached.' },
        })
      },
      (actor) =>
        t.request(`${base(move.txId)}/enquiries/${move.enquiryId}/replies`, {
          as: as(actor),
          json: { version: 1, body: 'An answer from outside' },
        }),
    ),
    expected: answers(403, { professional: 409 }),
  },
  'POST /api/transactions/{txId}/enquiries/{enquiryId}/status': {
    call: write(
      async (actor, txId) => {
        const e = await raised(txId)
        return t.request(`${base(txId)}/enquiries/${e.id}/status`, {
          as: as(actor),
          json: { version: e.version, status: 'withdrawn' },
        })
      },
      (actor) =>
        t.request(`${base(move.txId)}/enquiries/${move.enquiryId}/status`, {
          as: as(actor),
          json: { version: 1, status: 'withdrawn' },
        }),
    ),
    expected: answers(200, { buyer: 403, seller: 403 }),
  },
  'POST /api/transactions/{txId}/enquiries/{enquiryId}/seller-task': {
    call: (actor) =>
      t.request(`${base(move.txId)}/enquiries/${move.enquiryId}/seller-task`, { as: as(actor), json: { version: 1 } }),
    expected: answers(403),
  },
  // The client answers in a task (features/enquiries/client-answers.ts): here the buyer's task on the
  // open enquiry. Asking is the conveyancer's once it is their turn (the buyer's: once answered, 422
  // here); the task is the buyer's and their conveyancer's to read (the seller: 404, as not theirs);
  // answering and saving are the buyer's (a file that does not exist: 422, nothing written), the
  // conveyancer is told to reply instead (403); drafts are only their own side's (none here: 404).
  'POST /api/transactions/{txId}/enquiries/{enquiryId}/client-task': {
    call: (actor) =>
      t.request(`${base(move.txId)}/enquiries/${move.enquiryId}/client-task`, { as: as(actor), json: { version: 1 } }),
    expected: answers(403, { professional: 422 }),
  },
  'GET /api/transactions/{txId}/enquiry-tasks/{taskId}': {
    call: get(() => `${base(move.txId)}/enquiry-tasks/${move.clientTaskId}`),
    expected: answers(200, { seller: 404 }),
  },
  'POST /api/transactions/{txId}/enquiry-tasks/{taskId}/answer': {
    call: (actor) =>
      t.request(`${base(move.txId)}/enquiry-tasks/${move.clientTaskId}/answer`, {
        as: as(actor),
        json: { body: 'An answer', document_ids: [randomUUID()] },
      }),
    expected: answers(422, { seller: 404, professional: 403 }),
  },
  'PUT /api/transactions/{txId}/enquiry-tasks/{taskId}/answer': {
    call: (actor) =>
      t.request(`${base(move.txId)}/enquiry-tasks/${move.clientTaskId}/answer`, {
        as: as(actor),
        method: 'PUT',
        json: { body: 'An answer', document_ids: [randomUUID()] },
      }),
    expected: answers(422, { seller: 404, professional: 403 }),
  },
  'POST /api/transactions/{txId}/enquiries/{enquiryId}/drafts/{draftId}/send': {
    call: (actor) =>
      t.request(`${base(move.txId)}/enquiries/${move.enquiryId}/drafts/${randomUUID()}/send`, {
        as: as(actor),
        json: { version: 1, body: 'Sent' },
      }),
    expected: answers(404),
  },
  'POST /api/transactions/{txId}/enquiries/{enquiryId}/drafts/{draftId}/discard': {
    call: (actor) =>
      t.request(`${base(move.txId)}/enquiries/${move.enquiryId}/drafts/${randomUUID()}/discard`, {
        as: as(actor),
        json: { version: 1 },
      }),
    expected: answers(404),
  },
  'POST /api/transactions/{txId}/enquiries/export': {
    call: async (actor) =>
      t.request(`${base(isAllowed(actor) ? await newMove() : move.txId)}/enquiries/export`, {
        as: as(actor),
        method: 'POST',
      }),
    expected: answers(201, { buyer: 403, seller: 403 }),
  },
  // The estate agent's portfolio: only the sale's estate agent (none here) previews and sends the
  // weekly update or issues the memorandum; others on the move get 403, outsiders the 404.
  'GET /api/portfolio/sales/{txId}/weekly-update': {
    call: get(() => `/api/portfolio/sales/${move.txId}/weekly-update`),
    expected: answers(403),
  },
  'POST /api/portfolio/sales/{txId}/weekly-update': {
    call: (actor) =>
      t.request(`/api/portfolio/sales/${move.txId}/weekly-update`, { as: as(actor), method: 'POST', json: {} }),
    expected: answers(403),
  },
  'POST /api/portfolio/sales/{txId}/memorandum': {
    call: (actor) =>
      t.request(`/api/portfolio/sales/${move.txId}/memorandum`, {
        as: as(actor),
        method: 'POST',
        json: { buyer_position: 'chain_free', funding: 'cash' },
      }),
    expected: answers(403),
  },
  'GET /api/portfolio/sales/{txId}/memorandum': {
    call: get(() => `/api/portfolio/sales/${move.txId}/memorandum`),
    expected: answers(403),
  },
  'POST /api/portfolio/sales/{txId}/memorandum/preview': {
    call: (actor) =>
      t.request(`/api/portfolio/sales/${move.txId}/memorandum/preview`, {
        as: as(actor),
        method: 'POST',
        json: { buyer_position: 'chain_free', funding: 'cash' },
      }),
    expected: answers(403),
  },
  'POST /api/portfolio/sales/{txId}/chase': {
    call: (actor) =>
      t.request(`/api/portfolio/sales/${move.txId}/chase`, {
        as: as(actor),
        method: 'POST',
        json: { task_id: '00000000-0000-4000-8000-000000000000' },
      }),
    expected: answers(403),
  },
  'GET /api/transactions/{txId}/standard-enquiries': {
    call: get(() => `${base(move.txId)}/standard-enquiries`),
    expected: answers(200),
  },
  'GET /api/transactions/{txId}/sla-clocks': {
    call: get(() => `${base(move.txId)}/sla-clocks`),
    expected: answers(200),
  },
  // Reviews: only the buyer and the seller, and only once the move has completed (this one is active).
  'GET /api/transactions/{txId}/reviews': {
    call: get(() => `${base(move.txId)}/reviews`),
    expected: answers(409, { professional: 403 }),
  },
  'POST /api/transactions/{txId}/reviews': {
    call: (actor) =>
      t.request(`${base(move.txId)}/reviews`, {
        as: as(actor),
        json: { organization_id: '00000000-0000-4000-8000-000000000000', rating_int: 5 },
      }),
    expected: answers(409, { professional: 403 }),
  },
  // Source of funds (access/funds.ts): the buyer's bank data is the buyer's and their conveyancer's (the
  // professional and the firm's assistant here) alone; the seller gets the same 404 as an outsider. The
  // buyer gives, the conveyancer reviews (each 403 for the other). The statuses are for everyone on the move.
  'GET /api/transactions/{txId}/funds': {
    call: get(() => `${base(move.txId)}/funds`),
    expected: answers(200, { seller: 404 }),
  },
  'GET /api/transactions/{txId}/funds/status': {
    call: get(() => `${base(move.txId)}/funds/status`),
    expected: answers(200),
  },
  'PUT /api/transactions/{txId}/funds/plan': {
    call: (actor) =>
      t.request(`${base(move.txId)}/funds/plan`, {
        method: 'PUT',
        as: as(actor),
        json: {
          first_time_buyer: true,
          additional_property: false,
          non_resident: false,
          mortgage_stated_pence: 100_000_00,
          sale_proceeds_pence: null,
          fees_pence: 0,
        },
      }),
    expected: answers(200, { seller: 404, professional: 403 }),
  },
  'POST /api/transactions/{txId}/funds/bank-consents': {
    call: (actor) =>
      t.request(`${base(move.txId)}/funds/bank-consents`, { as: as(actor), json: { bank_id: 'sandbox-saver' } }),
    expected: answers(201, { seller: 404, professional: 403 }),
  },
  'PUT /api/transactions/{txId}/funds/accounts/{accountId}': {
    // No bank is connected on this move: the buyer gets the account's 404, like everyone denied.
    call: (actor) =>
      t.request(`${base(move.txId)}/funds/accounts/${UNKNOWN_ID}`, {
        method: 'PUT',
        as: as(actor),
        json: { selected: false },
      }),
    expected: answers(404, { professional: 403 }),
  },
  'PUT /api/transactions/{txId}/funds/explanations': {
    call: (actor) =>
      t.request(`${base(move.txId)}/funds/explanations`, {
        method: 'PUT',
        as: as(actor),
        json: { account_id: UNKNOWN_ID, transaction_id: 'tx-1', explanation: 'Savings from my salary' },
      }),
    expected: answers(404, { professional: 403 }),
  },
  'POST /api/transactions/{txId}/funds/gifts': {
    call: write(
      (actor, txId) =>
        t.request(`${base(txId)}/funds/gifts`, {
          as: as(actor),
          json: {
            giftor_name: 'Gia Giftor',
            giftor_email: 'gia@homeward.test',
            relationship: 'Mother',
            amount_pence: 100_00,
          },
        }),
      (actor) =>
        t.request(`${base(move.txId)}/funds/gifts`, {
          as: as(actor),
          json: {
            giftor_name: 'Intruder',
            giftor_email: 'x@homeward.test',
            relationship: 'None',
            amount_pence: 100_00,
          },
        }),
    ),
    expected: answers(201, { seller: 404, professional: 403 }),
  },
  // Re-sending the giftor's invitation: the buyer's (their conveyancer 403, the seller's side 404).
  'POST /api/transactions/{txId}/funds/gifts/{giftId}/invitation': {
    call: write(
      async (actor, txId) => {
        const giftId = await giftOn(txId)
        return t.request(`${base(txId)}/funds/gifts/${giftId}/invitation`, { as: as(actor), method: 'POST' })
      },
      (actor) =>
        t.request(`${base(move.txId)}/funds/gifts/${UNKNOWN_ID}/invitation`, { as: as(actor), method: 'POST' }),
    ),
    expected: answers(200, { seller: 404, professional: 403 }),
  },
  // A giftor's checks (identity, screening, bank; decision 069): the buyer's conveyancer only (the
  // buyer 403: a screening is not theirs to see; the seller's side, the giftor and everyone else 404).
  'GET /api/transactions/{txId}/funds/gifts/{giftId}/checks': {
    call: async (actor) => {
      const [row] = await t.database.query<{ id: string }>(
        'select id from funding_gifts where transaction_id = $1 and giftor_profile_id is not null',
        [move.txId],
      )
      return t.request(`${base(move.txId)}/funds/gifts/${row.id}/checks`, { as: as(actor) })
    },
    expected: answers(200, { buyer: 403, seller: 404 }),
  },
  'POST /api/transactions/{txId}/funds/review': {
    call: write(
      (actor, txId) => t.request(`${base(txId)}/funds/review`, { as: as(actor), json: { decision: 'satisfied' } }),
      (actor) => t.request(`${base(move.txId)}/funds/review`, { as: as(actor), json: { decision: 'satisfied' } }),
    ),
    expected: answers(200, { buyer: 403, seller: 404 }),
  },
  // Deposits (access/deposits.ts): the buyer's side sees the deposit, the seller's side held yes/amount
  // only (200 with the summary); the buyer's conveyancer (the firm: professional and assistant) sets it
  // and asks for releases (403 for the buyer, 404 for the seller; 403 for the assistant, who never
  // counts as one of the two approvers: decision 050). No deposit on the shared move: the allowed meet
  // 422 where a deposit is needed; only the buyer simulates the sandbox transfer.
  'GET /api/transactions/{txId}/deposit': {
    call: get(() => `${base(move.txId)}/deposit`),
    expected: answers(200),
  },
  'PUT /api/transactions/{txId}/deposit': {
    call: write(
      (actor, txId) =>
        t.request(`${base(txId)}/deposit`, { method: 'PUT', as: as(actor), json: { amount_pence: 100_00 } }),
      (actor) =>
        t.request(`${base(move.txId)}/deposit`, { method: 'PUT', as: as(actor), json: { amount_pence: 100_00 } }),
    ),
    expected: answers(200, { buyer: 403, seller: 404 }),
  },
  'POST /api/transactions/{txId}/deposit/payee-check': {
    call: (actor) =>
      t.request(`${base(move.txId)}/deposit/payee-check`, { as: as(actor), json: { account_name: 'Matrix Escrow' } }),
    expected: answers(422, { seller: 404 }),
  },
  'POST /api/transactions/{txId}/deposit/sandbox-transfer': {
    call: (actor) => t.request(`${base(move.txId)}/deposit/sandbox-transfer`, { as: as(actor), json: {} }),
    expected: answers(422, { professional: 403, seller: 404 }),
  },
  'POST /api/transactions/{txId}/deposit/releases': {
    call: (actor) =>
      t.request(`${base(move.txId)}/deposit/releases`, { as: as(actor), json: { kind: 'refund', amount_pence: 100 } }),
    expected: answers(422, { buyer: 403, seller: 404, assistant: 403 }),
  },
  'POST /api/transactions/{txId}/deposit/releases/{releaseId}/approve': {
    call: (actor) =>
      t.request(`${base(move.txId)}/deposit/releases/${UNKNOWN_ID}/approve`, { as: as(actor), method: 'POST' }),
    expected: answers(422, { buyer: 403, seller: 404 }),
  },
  'POST /api/transactions/{txId}/deposit/releases/{releaseId}/cancel': {
    call: (actor) =>
      t.request(`${base(move.txId)}/deposit/releases/${UNKNOWN_ID}/cancel`, { as: as(actor), method: 'POST' }),
    expected: answers(422, { buyer: 403, seller: 404 }),
  },
  // The mortgage case is the move's broker's alone (access/mortgages.ts): no actor here is the broker,
  // so everyone on the move gets 403 and nothing changes; outsiders 404.
  'GET /api/mortgages/{txId}': { call: get(() => `/api/mortgages/${move.txId}`), expected: answers(403) },
  'POST /api/mortgages/{txId}/client': {
    call: (actor) => t.request(`/api/mortgages/${move.txId}/client`, { method: 'POST', as: as(actor) }),
    expected: answers(403),
  },
  'POST /api/mortgages/{txId}/dips': {
    call: (actor) =>
      t.request(`/api/mortgages/${move.txId}/dips`, {
        as: as(actor),
        json: {
          lender: 'Matrix Bank',
          amount_pence: 100_000_00,
          term_months: 300,
          reference: 'M-1',
          issued_on: '2026-11-01',
          expires_on: '2027-01-30',
        },
      }),
    expected: answers(403),
  },
  'PUT /api/mortgages/{txId}/application': {
    call: (actor) =>
      t.request(`/api/mortgages/${move.txId}/application`, {
        method: 'PUT',
        as: as(actor),
        json: { stage: 'valuation' },
      }),
    expected: answers(403),
  },
  'GET /api/mortgages/{txId}/lender-pack': {
    call: get(() => `/api/mortgages/${move.txId}/lender-pack`),
    expected: answers(403),
  },
  // Off-platform parties (decision 053; mayRecordOffPlatform): everyone on the move reads the records.
  // The seller's conveyancer's seat is recorded by the seller's side or the buyer's conveyancer (the
  // professional, and the firm's assistant working its matter), never by the buyer (403).
  'GET /api/transactions/{txId}/off-platform-parties': {
    call: get(() => `${base(move.txId)}/off-platform-parties`),
    expected: answers(200),
  },
  'POST /api/transactions/{txId}/off-platform-parties': {
    call: async (actor) =>
      t.request(`${base(isAllowed(actor) ? await newMove() : move.txId)}/off-platform-parties`, {
        as: as(actor),
        json: { role: 'seller_conveyancer', firm_name: 'Offline & Co', email: `offline-${randomUUID()}@homeward.test` },
      }),
    expected: answers(201, { buyer: 403 }),
  },
  'PATCH /api/transactions/{txId}/off-platform-parties/{partyId}': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(txId)}/off-platform-parties/${await recordedParty(txId)}`, {
          method: 'PATCH',
          as: as(actor),
          json: { person_name: 'Jo Offline' },
        }),
      async (actor) =>
        t.request(`${base(move.txId)}/off-platform-parties/${await sharedParty()}`, {
          method: 'PATCH',
          as: as(actor),
          json: { person_name: 'Changed by someone not on the move' },
        }),
    ),
    expected: answers(200, { buyer: 403 }),
  },
  'DELETE /api/transactions/{txId}/off-platform-parties/{partyId}': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(txId)}/off-platform-parties/${await recordedParty(txId)}`, {
          method: 'DELETE',
          as: as(actor),
        }),
      async (actor) =>
        t.request(`${base(move.txId)}/off-platform-parties/${await sharedParty()}`, {
          method: 'DELETE',
          as: as(actor),
        }),
    ),
    expected: answers(204, { buyer: 403 }),
  },
  // Inviting the recorded seller's firm (decision 014's rule, appointmentForRecorded): the seller
  // invites it, the buyer's conveyancer proposes it to the seller (201 either way); the buyer, who may
  // not record that seat, gets 403.
  'POST /api/transactions/{txId}/off-platform-parties/{partyId}/invitation': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(txId)}/off-platform-parties/${await recordedParty(txId)}/invitation`, {
          as: as(actor),
          method: 'POST',
        }),
      async (actor) =>
        t.request(`${base(move.txId)}/off-platform-parties/${await sharedParty()}/invitation`, {
          as: as(actor),
          method: 'POST',
        }),
    ),
    expected: answers(201, { buyer: 403 }),
  },
  // Enquiries by email (decision 054): only the buyer's conveyancer (the firm: professional and
  // assistant) emails the waiting enquiries to the seller's firm off Homeward; the clients get 403.
  'POST /api/transactions/{txId}/enquiries/email': {
    call: write(
      async (actor, txId) =>
        t.request(`${base(await withOffPlatformSellerFirm(txId))}/enquiries/email`, { as: as(actor), method: 'POST' }),
      (actor) => t.request(`${base(move.txId)}/enquiries/email`, { as: as(actor), method: 'POST' }),
    ),
    expected: answers(201, { buyer: 403, seller: 403 }),
  },
  // Logging enquiries received by email or letter is the seller's conveyancer's alone (none here):
  // everyone on the move gets 403 (the body is valid, so no 400); outsiders 404.
  'POST /api/transactions/{txId}/enquiries/logged': {
    call: (actor) =>
      t.request(`${base(move.txId)}/enquiries/logged`, {
        as: as(actor),
        json: {
          received_on: '2026-11-02',
          received_via: 'letter',
          original_document_id: move.doc.id,
          enquiries: [{ category: 'searches', body: 'Please confirm the boundary.' }],
        },
      }),
    expected: answers(403),
  }, // A manual review's resolution: the conveyancer instructed for the client; the fresh move's client has no
  // check in review, so the allowed get 409 (the rule that a review needs one), the rest 404.
  'POST /api/transactions/{txId}/cdd/{profileId}/identity-review': {
    call: cddWrite('POST', '/identity-review', { outcome: 'accepted', note: 'Seen by video call.' }),
    expected: conveyancerOnly(409),
  },
  // Linking the move to the viewer's firm (decision 062): the buyer's conveyancer on it, whose firm's
  // matter it already is, gets the matter (no change); the clients and the firm's assistant, who is
  // not the conveyancer on the move, are refused.
  'POST /api/transactions/{txId}/matter': {
    call: (actor) => t.request(`${base(move.txId)}/matter`, { as: as(actor), method: 'POST' }),
    expected: answers(403, { professional: 200, assistant: 403 }),
  },
  // A client's nationality and country of residence on their CDD record (decision 068): as the record.
  'PUT /api/transactions/{txId}/cdd/{profileId}/countries': {
    call: cddWrite('PUT', '/countries', { nationality: 'GB', residence_country: 'GB' }),
    expected: conveyancerOnly(200),
  },
}

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>
}
let operations: string[]
beforeAll(async () => {
  const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument
  operations = Object.entries(doc.paths)
    .filter(([p]) => p.includes('{txId}'))
    .flatMap(([p, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${p}`))
    .sort()
})

describe('the matrix covers the OpenAPI document', () => {
  it('has a row for every operation on a {txId} path, and none for an operation that is gone', () => {
    expect(operations.length).toBeGreaterThan(30)
    expect(Object.keys(ROWS).sort()).toEqual(operations)
  })

  it('every row names the status of every actor', () => {
    for (const [name, row] of Object.entries(ROWS))
      expect(Object.keys(row.expected).sort(), name).toEqual([...ACTORS].sort())
  })
})

describe.each(ACTORS)('as the %s', (actor) => {
  it('every {txId} operation of the document answers as its row says', { timeout: 600_000 }, async () => {
    const wrong: string[] = []
    for (const operation of operations) {
      const row = ROWS[operation]
      if (!row) {
        wrong.push(`${operation}: no row`)
        continue
      }
      const res = await row.call(actor)
      const text = await res.text()
      if (res.status !== row.expected[actor]) {
        wrong.push(`${operation}: ${res.status}, expected ${row.expected[actor]} ${text.slice(0, 200)}`)
        continue
      }
      if (res.status === 401) expect(JSON.parse(text).error.code, operation).toBe('unauthenticated')
      if (res.status === 404) {
        expect(JSON.parse(text).error.code, operation).toBe('not_found')
        for (const secret of [SECRET_ADDRESS, SECRET_FILE, SECRET_MESSAGE, 'Bea Buyer', 'Sam Seller'])
          expect(text, operation).not.toContain(secret)
      }
    }
    expect(wrong).toEqual([])
  })
})
