/**
 * Verified parties on a real database, through the HTTP API and the sandbox providers' signed
 * webhooks: a buyer verifies identity step by step; the buyer's conveyancer opens, reads and approves
 * the CDD record and the ID and AML task ticks itself (never by hand); a sanctions hit demands EDD;
 * a failed face match says what to do next; bad input writes nothing; bad and replayed webhooks are
 * refused; the other side sees nothing (404); views are audited; retention and account deletion.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CddRecord, IdentityCheck, VerificationSummary } from '#shared/contracts/verification.ts'
import { CDD_TASK_RULE, CDD_TASK_TITLES } from '#shared/domain/client-due-diligence.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { signWebhook } from '#server/providers/webhooks/provider-webhooks.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { runCddRetention } from './retention'
import { JPEG_BASE64, NOT_AN_IMAGE_BASE64, passportMrzLine } from '#server/test/test-identity.ts'

let dataDir: string
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'homeward-verification-'))
})
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})
const t = useTestApp(() => ({ config: { dataDir } }))

const image = { content_type: 'image/jpeg', data_base64: JPEG_BASE64 }

async function move(buyer: TestUser, seller: TestUser, conveyancer: TestUser, sellerConveyancer?: TestUser) {
  const m = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [
      { profileId: conveyancer.profileId, role: 'buyer_conveyancer', invitedBy: buyer.profileId },
      ...(sellerConveyancer
        ? [{ profileId: sellerConveyancer.profileId, role: 'seller_conveyancer' as const, invitedBy: seller.profileId }]
        : []),
    ],
  })
  return m.transactionId
}

async function verify(person: TestUser, surname: string, givenNames = 'Bea') {
  const start = await t.request('/api/me/identity-check', { as: person, method: 'POST' })
  expect(start.status).toBe(201)
  const check = (await start.json()) as IdentityCheck
  const doc = await t.request(`/api/me/identity-check/${check.id}/document`, {
    as: person,
    method: 'PUT',
    json: { document_type: 'passport', surname, given_names: givenNames, mrz_line: passportMrzLine(), image },
  })
  expect(doc.status).toBe(200)
  expect(
    (await t.request(`/api/me/identity-check/${check.id}/selfie`, { as: person, method: 'PUT', json: { image } }))
      .status,
  ).toBe(200)
  const addr = await t.request(`/api/me/identity-check/${check.id}/address`, {
    as: person,
    method: 'PUT',
    json: { line1: '12 Hatfield Road', town: 'St Albans', postcode: 'al13rr' },
  })
  expect(((await addr.json()) as IdentityCheck).steps).toEqual({ document: true, selfie: true, address: true })
  const submitted = await t.request(`/api/me/identity-check/${check.id}/submit`, { as: person, method: 'POST' })
  expect(((await submitted.json()) as IdentityCheck).status).toBe('processing')
  await t.sandboxWebhooks.flush()
  const mine = await t.request('/api/me/identity-check', { as: person })
  return ((await mine.json()) as { check: IdentityCheck }).check
}

const cddUrl = (txId: string, profileId: string) => `/api/transactions/${txId}/cdd/${profileId}`

async function taskStatus(txId: string, title: string) {
  const [row] = await t.database.query<{ id: string; status: string; version: number }>(
    `select k.id, k.status, k.version from tasks k join timeline_stages s on s.id = k.stage_id
     where s.transaction_id = $1 and k.title = $2`,
    [txId, title],
  )
  return row
}

let buyer: TestUser, seller: TestUser, conveyancer: TestUser, sellerConveyancer: TestUser
beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  conveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  sellerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Seth Sellerside' })
})

describe('identity check and CDD approval', () => {
  it('verifies the buyer in the sandbox, and the approved CDD record ticks the task itself', async () => {
    const txId = await move(buyer, seller, conveyancer, sellerConveyancer)
    const check = await verify(buyer, 'Buyer')
    expect(check).toMatchObject({ status: 'verified', confidence: 'medium', provider_label: 'Sandbox' })
    expect(check.expires_at).not.toBeNull()
    // The identity result opened the buyer's CDD record and started screening; its result comes by webhook too.
    await t.sandboxWebhooks.flush()

    const read = await t.request(cddUrl(txId, buyer.profileId), { as: conveyancer })
    expect(read.status).toBe(200)
    const record = (await read.json()) as CddRecord
    expect(record.identity).toMatchObject({
      state: 'verified',
      document_number: '123456789',
      name_on_document: 'Bea Buyer',
      date_of_birth: '1985-03-14',
      face_match: true,
      has_images: true,
    })
    expect(record.address).toEqual({ lines: ['12 Hatfield Road', 'St Albans'], postcode: 'AL1 3RR' })
    expect(record.screening).toMatchObject({ state: 'clear', sanctions_match: false, pep: false })
    expect(record.risk).toMatchObject({ level: 'low', edd_required: false })
    expect(record.approval_blockers).toEqual([])

    // Nobody ticks the task by hand, the conveyancer included.
    const task = await taskStatus(txId, CDD_TASK_TITLES.buyer)
    const manual = await t.request(`/api/transactions/${txId}/tasks/${task.id}`, {
      method: 'PATCH',
      as: conveyancer,
      json: { status: 'completed', version: task.version },
    })
    expect(manual.status).toBe(422)
    expect(((await manual.json()) as { error: { message: string } }).error.message).toBe(CDD_TASK_RULE)

    const approved = await t.request(`${cddUrl(txId, buyer.profileId)}/decision`, {
      as: conveyancer,
      json: { decision: 'approve', note: 'Passport and address verified by the IDSP.' },
    })
    expect(approved.status).toBe(200)
    expect(((await approved.json()) as CddRecord).decision).toMatchObject({
      decision: 'approve',
      decided_by: 'Cora Conveyancer',
    })
    expect((await taskStatus(txId, CDD_TASK_TITLES.buyer)).status).toBe('completed')
    expect((await taskStatus(txId, CDD_TASK_TITLES.seller)).status).toBe('not_completed')

    // Referring it afterwards unticks the task.
    await t.request(`${cddUrl(txId, buyer.profileId)}/decision`, {
      as: conveyancer,
      json: { decision: 'refer', note: 'Second look at the address.' },
    })
    expect((await taskStatus(txId, CDD_TASK_TITLES.buyer)).status).toBe('not_completed')

    // Every view is in the audit trail.
    const kinds = await t.database.query<{ kind: string }>(
      `select kind from activity_events where transaction_id = $1 and kind like 'cdd.%' order by seq`,
      [txId],
    )
    expect(kinds.map((k) => k.kind)).toEqual(['cdd.viewed', 'cdd.decided', 'cdd.decided'])

    // One check serves every move of the person: a second move needs nothing new from the buyer.
    const second = await move(buyer, seller, conveyancer)
    await t.request(cddUrl(second, buyer.profileId), { as: conveyancer, method: 'POST' })
    await t.sandboxWebhooks.flush()
    const again = (await (await t.request(cddUrl(second, buyer.profileId), { as: conveyancer })).json()) as CddRecord
    expect(again.identity.state).toBe('verified')
    const summary = (await (
      await t.request(`/api/transactions/${second}/verification`, { as: buyer })
    ).json()) as VerificationSummary
    // The buyer's list: identity done; the source of funds (features/funds) not started yet.
    expect(summary.checklist).toEqual([
      expect.objectContaining({ key: 'identity', done: true }),
      expect.objectContaining({ key: 'funds', label: 'Show where your money comes from', done: false }),
    ])
  })

  it('demands enhanced due diligence for a sanctions hit before approval', async () => {
    const ivan = await t.signUp({ role: 'buyer', name: 'Ivan Sanctionov' })
    const txId = await move(ivan, seller, conveyancer)
    await verify(ivan, 'Sanctionov', 'Ivan')
    await t.sandboxWebhooks.flush()
    const record = (await (await t.request(cddUrl(txId, ivan.profileId), { as: conveyancer })).json()) as CddRecord
    expect(record.screening).toMatchObject({ state: 'possible_match', sanctions_match: true })
    expect(record.screening.matches[0]).toMatchObject({ list: 'sanctions', detail: expect.stringContaining('90001') })
    expect(record.risk).toMatchObject({ level: 'high', edd_required: true })
    expect(record.approval_blockers).toHaveLength(2)

    const refused = await t.request(`${cddUrl(txId, ivan.profileId)}/decision`, {
      as: conveyancer,
      json: { decision: 'approve', note: 'Looks fine' },
    })
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('enhanced due diligence')
    expect((await taskStatus(txId, CDD_TASK_TITLES.buyer)).status).toBe('not_completed')

    const [doc] = await t.database.query<{ id: string }>(
      `insert into documents (transaction_id, filename, folder, version, uploaded_by, audience)
       values ($1, 'Payslips-2026.pdf', 'Identity', 1, $2, 'buyer_and_conveyancer') returning id`,
      [txId, ivan.profileId],
    )
    const edd = await t.request(`${cddUrl(txId, ivan.profileId)}/edd`, {
      as: conveyancer,
      method: 'PUT',
      json: {
        source_of_wealth: 'Salary as a hospital consultant since 2005, savings in a UK bank.',
        purpose_of_transaction: 'Buying a family home',
        pep_or_match_explanation: 'Different date of birth and nationality from the listed Ivan Sanctionov.',
        senior_approver: 'Pat Partner',
        source_of_wealth_document_id: doc.id,
      },
    })
    expect(edd.status).toBe(200)
    expect(((await edd.json()) as CddRecord).approval_blockers).toEqual([])
    const ok = await t.request(`${cddUrl(txId, ivan.profileId)}/decision`, {
      as: conveyancer,
      json: { decision: 'approve', note: 'False positive ruled out; EDD on file.' },
    })
    expect(ok.status).toBe(200)
    expect((await taskStatus(txId, CDD_TASK_TITLES.buyer)).status).toBe('completed')
  })

  it('records nationality and residence, and a high-risk third country raises EDD with the reason (reg 33(1)(b))', async () => {
    const nadia = await t.signUp({ role: 'buyer', name: 'Nadia Nomad' })
    const txId = await move(nadia, seller, conveyancer)
    await verify(nadia, 'Nomad', 'Nadia')
    await t.sandboxWebhooks.flush()
    const first = (await (await t.request(cddUrl(txId, nadia.profileId), { as: conveyancer })).json()) as CddRecord
    // The identity check's UK address stands for the residence until one is recorded.
    expect(first.countries).toMatchObject({
      nationality: null,
      residence_country: 'GB',
      residence_from_identity: true,
      high_risk: [],
      list: { published_on: '2026-06-19', source_url: expect.stringContaining('fatf-gafi.org') },
    })
    expect(first.risk).toMatchObject({ level: 'low', edd_required: false })

    const bad = await t.request(`${cddUrl(txId, nadia.profileId)}/countries`, {
      as: conveyancer,
      method: 'PUT',
      json: { nationality: 'XX', residence_country: 'GB' },
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('Choose a country from the list')

    const saved = await t.request(`${cddUrl(txId, nadia.profileId)}/countries`, {
      as: conveyancer,
      method: 'PUT',
      json: { nationality: 'gb', residence_country: 'KE' },
    })
    expect(saved.status).toBe(200)
    const record = (await saved.json()) as CddRecord
    expect(record.countries).toMatchObject({
      nationality: 'GB',
      residence_country: 'KE',
      residence_from_identity: false,
      high_risk: [{ field: 'residence_country', country: 'KE', list: 'increased_monitoring' }],
    })
    expect(record.risk).toMatchObject({ level: 'high', edd_required: true })
    expect(record.risk.reasons[0]).toBe(
      'Established in a high-risk third country (reg 33(1)(b)): lives in Kenya (FATF increased monitoring)',
    )
    const refused = await t.request(`${cddUrl(txId, nadia.profileId)}/decision`, {
      as: conveyancer,
      json: { decision: 'approve', note: 'Looks fine' },
    })
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('reg 33')
    // The audit entry is the client's firm's only and names no country.
    const [entry] = await t.database.query<{ audience: string; summary: string }>(
      `select audience, summary from activity_events where transaction_id = $1 and kind = 'cdd.countries_recorded'`,
      [txId],
    )
    expect(entry.audience).toBe('buyer_firm')
    expect(entry.summary).not.toContain('Kenya')
    // The seller's side cannot record it (404, as for the record itself).
    const other = await t.request(`${cddUrl(txId, nadia.profileId)}/countries`, {
      as: seller,
      method: 'PUT',
      json: { nationality: null, residence_country: null },
    })
    expect(other.status).toBe(404)
    // Back in the UK: no EDD needed any more.
    const back = await t.request(`${cddUrl(txId, nadia.profileId)}/countries`, {
      as: conveyancer,
      method: 'PUT',
      json: { nationality: 'GB', residence_country: 'GB' },
    })
    expect(((await back.json()) as CddRecord).risk).toMatchObject({ level: 'low', edd_required: false })
  })

  it("rates a buyer whose funds fall short at least medium, with the Funds page's figure", async () => {
    const fay = await t.signUp({ role: 'buyer', name: 'Fay Funding' })
    const txId = await move(fay, seller, conveyancer)
    await verify(fay, 'Funding', 'Fay')
    await t.sandboxWebhooks.flush()
    const before = (await (await t.request(cddUrl(txId, fay.profileId), { as: conveyancer })).json()) as CddRecord
    // No funding picture yet: the funds check is its own task, not a risk factor.
    expect(before.risk.level).toBe('low')
    const plan = await t.request(`/api/transactions/${txId}/funds/plan`, {
      as: fay,
      method: 'PUT',
      json: {
        first_time_buyer: true,
        additional_property: false,
        non_resident: false,
        mortgage_stated_pence: 300_000_00,
        sale_proceeds_pence: null,
        fees_pence: 2_000_00,
      },
    })
    expect(plan.status).toBe(200)
    const picture = (await plan.json()) as { totals: { shortfall_pence: number } }
    expect(picture.totals.shortfall_pence).toBeGreaterThan(0)
    const after = (await (await t.request(cddUrl(txId, fay.profileId), { as: conveyancer })).json()) as CddRecord
    expect(after.risk.level).toBe('medium')
    const shortfall = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(
      picture.totals.shortfall_pence / 100,
    )
    expect(after.risk.reasons).toContain(
      `The funds fall short by ${shortfall} (Funds page): where the rest of the money comes from is not known yet`,
    )
  })

  it('records reliance on another firm (reg 39) in place of our own identity check', async () => {
    const rel = await t.signUp({ role: 'buyer', name: 'Rita Reliance' })
    const txId = await move(rel, seller, conveyancer)
    expect((await t.request(cddUrl(txId, rel.profileId), { as: conveyancer, method: 'POST' })).status).toBe(201)
    await t.sandboxWebhooks.flush()
    const saved = await t.request(`${cddUrl(txId, rel.profileId)}/reliance`, {
      as: conveyancer,
      method: 'PUT',
      json: { firm_name: 'Smith & Co LLP', consent_on: '2026-11-20', note: 'Consent by letter from J Smith, partner.' },
    })
    const record = (await saved.json()) as CddRecord
    expect(record.reliance).toMatchObject({ firm_name: 'Smith & Co LLP' })
    expect(record.risk.level).toBe('medium')
    expect(record.approval_blockers).toEqual([])
  })
})

describe('what the person is told', () => {
  it('a failed face match says what to do next, and a new check can start', async () => {
    const face = await t.signUp({ role: 'buyer', name: 'Fay Facemismatch' })
    await move(face, seller, conveyancer)
    const check = await verify(face, 'Facemismatch', 'Fay')
    expect(check.status).toBe('failed')
    expect(check.failure_reason).toContain('selfie does not match')
    expect(check.next_step).toContain('retake your selfie')
    const retry = await t.request('/api/me/identity-check', { as: face, method: 'POST' })
    const fresh = (await retry.json()) as IdentityCheck
    expect(fresh.id).not.toBe(check.id)
    expect(fresh.status).toBe('in_progress')
  })

  it('refuses a failing check digit, an expired document and an unreadable image, writing nothing', async () => {
    const p = await t.signUp({ role: 'buyer', name: 'Pat Picky' })
    const check = (await (await t.request('/api/me/identity-check', { as: p, method: 'POST' })).json()) as IdentityCheck
    const put = (json: unknown) =>
      t.request(`/api/me/identity-check/${check.id}/document`, { as: p, method: 'PUT', json })
    const base = { document_type: 'passport', surname: 'Picky', given_names: 'Pat', image }
    const line = passportMrzLine()
    const typo = await put({ ...base, mrz_line: line.slice(0, 3) + (line[3] === '1' ? '2' : '1') + line.slice(4) })
    expect(typo.status).toBe(400)
    expect(((await typo.json()) as { error: { fields: Record<string, string[]> } }).error.fields.mrz_line[0]).toContain(
      'check digit',
    )
    const expired = await put({ ...base, mrz_line: passportMrzLine({ expiry: '200101' }) })
    expect(expired.status).toBe(422)
    expect(((await expired.json()) as { error: { message: string } }).error.message).toContain('expired on 01 Jan 2020')
    const unreadable = await put({
      ...base,
      mrz_line: line,
      image: { content_type: 'image/jpeg', data_base64: NOT_AN_IMAGE_BASE64 },
    })
    expect(unreadable.status).toBe(422)
    const [row] = await t.database.query<{ document_image_key: string | null }>(
      'select document_image_key from identity_checks where id = $1',
      [check.id],
    )
    expect(row.document_image_key).toBeNull()
    const early = await t.request(`/api/me/identity-check/${check.id}/submit`, { as: p, method: 'POST' })
    expect(early.status).toBe(422)
    // Someone else's check is not found.
    expect(
      (
        await t.request(`/api/me/identity-check/${check.id}/address`, {
          as: buyer,
          method: 'PUT',
          json: { line1: '1 A Road', town: 'Luton', postcode: 'LU1 1AA' },
        })
      ).status,
    ).toBe(404)
  })

  it('stores images sealed: the stored bytes are not the image', async () => {
    const [row] = await t.database.query<{ document_image_key: string }>(
      `select document_image_key from identity_checks where profile_id = $1 and document_image_key is not null limit 1`,
      [buyer.profileId],
    )
    const stored = await storageFor(t.config).get(row.document_image_key)
    const chunks: Buffer[] = []
    for await (const c of stored.body) chunks.push(Buffer.from(c as Buffer))
    const text = Buffer.concat(chunks).toString('utf8')
    expect(text.startsWith('hwenv1.')).toBe(true)
    expect(text).not.toContain(JPEG_BASE64.slice(0, 40))
  })
})

describe('webhooks', () => {
  it('refuses a bad signature (401) and a replay (409), and a stale screening is 404', async () => {
    const body = JSON.stringify({ type: 'screening.completed', result: { reference: 'scr_unknown', matches: [] } })
    const post = (headers: Record<string, string>) =>
      t.app.request('/api/webhooks/sanctions/sandbox', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(t.config.publicUrl).origin, ...headers },
        body,
      })
    const bad = await post(signWebhook('whsec_' + Buffer.alloc(32, 1).toString('base64'), body))
    expect(bad.status).toBe(401)
    const signed = signWebhook(t.config.providerWebhookSecret, body)
    expect((await post(signed)).status).toBe(404)
    // Nothing was recorded for the refused delivery, so the same id is processed again (and refused again for its content).
    expect((await post(signed)).status).toBe(404)
  })

  it('refuses a replayed identity result', async () => {
    const r = await t.signUp({ role: 'buyer', name: 'Ray Replay' })
    const check = await verify(r, 'Replay', 'Ray')
    const body = JSON.stringify({
      type: 'identity.check.completed',
      result: {
        checkId: check.id,
        providerCheckId: 'x',
        outcome: 'failed',
        documentAuthentic: false,
        faceMatch: false,
        liveness: false,
        confidence: null,
        failureReason: 'forged',
      },
    })
    const headers = { 'content-type': 'application/json', ...signWebhook(t.config.providerWebhookSecret, body) }
    const first = await t.app.request('/api/webhooks/identity/sandbox', { method: 'POST', headers, body })
    expect(first.status).toBe(200)
    const replay = await t.app.request('/api/webhooks/identity/sandbox', { method: 'POST', headers, body })
    expect(replay.status).toBe(409)
    // The verified check was not overwritten by a late event.
    const mine = (await (await t.request('/api/me/identity-check', { as: r })).json()) as { check: IdentityCheck }
    expect(mine.check.status).toBe('verified')
  })
})

describe('the other side sees nothing', () => {
  it('answers 404 to the seller and their conveyancer, and shows them no badges of the buyer', async () => {
    const b = await t.signUp({ role: 'buyer', name: 'Bo Private' })
    const txId = await move(b, seller, conveyancer, sellerConveyancer)
    await verify(b, 'Private', 'Bo')
    await t.sandboxWebhooks.flush()
    for (const who of [seller, sellerConveyancer]) {
      expect((await t.request(cddUrl(txId, b.profileId), { as: who })).status).toBe(404)
      expect((await t.request(cddUrl(txId, b.profileId), { as: who, method: 'POST' })).status).toBe(404)
      expect(
        (await t.request(`/api/transactions/${txId}/identity/${b.profileId}/images/document`, { as: who })).status,
      ).toBe(404)
      const s = (await (
        await t.request(`/api/transactions/${txId}/verification`, { as: who })
      ).json()) as VerificationSummary
      expect(s.parties.map((p) => p.profile_id)).not.toContain(b.profileId)
    }
    // The buyer sees their own image; their conveyancer too; both views are audited.
    const own = await t.request(`/api/transactions/${txId}/identity/${b.profileId}/images/selfie`, { as: b })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await own.arrayBuffer()).toString('base64')).toBe(JPEG_BASE64)
    expect(
      (await t.request(`/api/transactions/${txId}/identity/${b.profileId}/images/document`, { as: conveyancer }))
        .status,
    ).toBe(200)
    const views = await t.database.query<{ n: number }>(
      `select count(*)::int as n from activity_events where transaction_id = $1 and kind = 'identity.image_viewed'`,
      [txId],
    )
    expect(views[0].n).toBe(2)
    // The buyer cannot open their own CDD record (the conveyancer's), nor the seller's.
    expect((await t.request(cddUrl(txId, b.profileId), { as: b })).status).toBe(404)
    const buyerSide = (await (
      await t.request(`/api/transactions/${txId}/verification`, { as: conveyancer })
    ).json()) as VerificationSummary
    expect(buyerSide.parties.find((p) => p.profile_id === b.profileId)).toMatchObject({
      can_review_cdd: true,
      badges: [
        { kind: 'identity', state: 'verified' },
        { kind: 'cdd', state: 'in_progress' },
        { kind: 'funds', label: 'Funds', state: 'not_started' },
      ],
    })
    expect(buyerSide.parties.map((p) => p.profile_id)).not.toContain(seller.profileId)
  })
})

describe('retention (reg 40) and account deletion', () => {
  it('keeps CDD through account deletion, and deletes it 5 years after the move ends', async () => {
    const d = await t.signUp({ role: 'buyer', name: 'Dee Departing' })
    const txId = await move(d, seller, conveyancer)
    await verify(d, 'Departing', 'Dee')
    await t.sandboxWebhooks.flush()
    const del = await t.request('/api/account/delete', {
      as: d,
      json: { confirmation: 'DELETE', password: d.password },
    })
    expect(del.status).toBe(200)
    expect(((await del.json()) as { notice: string }).notice).toContain('client due diligence records')
    const kept = await t.database.query('select 1 from cdd_records where transaction_id = $1', [txId])
    expect(kept).toHaveLength(1)

    await t.database.query(
      `update transactions set status = 'completed', updated_at = '2026-03-31T12:00:00Z' where id = $1`,
      [txId],
    )
    const storage = storageFor(t.config)
    const first = await runCddRetention({ database: t.appDatabase, storage, today: '2031-03-31' })
    expect(first.ended).toBeGreaterThanOrEqual(1)
    expect(await t.database.query('select 1 from cdd_records where transaction_id = $1', [txId])).toHaveLength(1)
    await runCddRetention({ database: t.appDatabase, storage, today: '2031-04-01' })
    expect(await t.database.query('select 1 from cdd_records where transaction_id = $1', [txId])).toHaveLength(0)
  })
})

describe('identity that finishes (decision 064)', () => {
  it('keeps every attempt with its name, resolves a manual review, and never claims PG81 without a chip read', async () => {
    const mo = await t.signUp({ role: 'buyer', name: 'Mo Mover' })
    const other = await t.signUp({ role: 'seller', name: 'Olly Other' })
    const txId = await move(mo, other, conveyancer)
    // First a failed attempt with a passport in another surname, then a manual review in yet another.
    const failed = await verify(mo, 'Forgery', 'Mo')
    expect(failed).toMatchObject({ status: 'failed', retry_keeps: ['selfie', 'address'] })
    expect(failed.assurance.meets_pg81).toBe(false)
    // A retry keeps what passed: only the document is open.
    const retry = (await (
      await t.request('/api/me/identity-check', { as: mo, method: 'POST' })
    ).json()) as IdentityCheck
    expect(retry.steps).toEqual({ document: false, selfie: true, address: true })
    const review = await t.request(`/api/me/identity-check/${retry.id}/document`, {
      as: mo,
      method: 'PUT',
      json: {
        document_type: 'passport',
        surname: 'Manualreview',
        given_names: 'Mo',
        mrz_line: passportMrzLine(),
        image,
      },
    })
    expect(review.status).toBe(200)
    const sent = await t.request(`/api/me/identity-check/${retry.id}/submit`, {
      as: mo,
      method: 'POST',
    })
    expect(sent.status).toBe(200)
    await t.sandboxWebhooks.flush()

    const url = cddUrl(txId, mo.profileId)
    const opened = await t.request(url, { as: conveyancer, method: 'POST' })
    expect(opened.status).toBe(201)
    await t.sandboxWebhooks.flush()
    let record = (await (await t.request(url, { as: conveyancer })).json()) as CddRecord
    expect(record.identity).toMatchObject({ state: 'needs_review', name_differs_from_account: true, review: null })
    expect(record.attempts.map((a) => [a.status, a.name_on_document, a.name_differs, a.current])).toEqual([
      ['needs_review', 'Mo Manualreview', true, true],
      ['failed', 'Mo Forgery', true, false],
    ])
    expect(record.risk.reasons).toContain('An earlier identity check used a document in another name: see the attempts')
    expect(record.approval_blockers[0]).toContain('Resolve the manual review')
    expect(record.identity.assurance.meets_pg81).toBe(false)

    // Refused without a note; the other side cannot; then accepted, audited, approvable.
    const body = { outcome: 'accepted', note: 'Seen on a video call with the passport.' }
    expect(
      (await t.request(`${url}/identity-review`, { as: conveyancer, method: 'POST', json: { ...body, note: '' } }))
        .status,
    ).toBe(400)
    expect((await t.request(`${url}/identity-review`, { as: other, method: 'POST', json: body })).status).toBe(404)
    const accepted = await t.request(`${url}/identity-review`, { as: conveyancer, method: 'POST', json: body })
    expect(accepted.status).toBe(200)
    record = (await accepted.json()) as CddRecord
    expect(record.identity.review).toMatchObject({ outcome: 'accepted', reviewed_by: 'Cora Conveyancer' })
    expect(record.approval_blockers).toEqual([])
    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from activity_events where transaction_id = $1 and kind = 'cdd.identity_reviewed'`,
      [txId],
    )
    expect(audit!.n).toBe(1)
    // The person is told; a second review of the same check is refused once the record is approved.
    const mine = (await (await t.request('/api/me/identity-check', { as: mo })).json()) as { check: IdentityCheck }
    expect(mine.check.review_outcome).toBe('accepted')
    const approve = await t.request(`${url}/decision`, {
      as: conveyancer,
      method: 'POST',
      json: { decision: 'approve', note: 'Accepted after review.' },
    })
    expect(approve.status).toBe(200)
    expect((await t.request(`${url}/identity-review`, { as: conveyancer, method: 'POST', json: body })).status).toBe(
      409,
    )
  })

  it('says PG81 is met only when the provider reports a chip read (sandbox: Chipread on a passport)', async () => {
    const chip = await t.signUp({ role: 'buyer', name: 'Cal Chipread' })
    const check = await verify(chip, 'Chipread', 'Cal')
    expect(check.assurance).toMatchObject({ meets_pg81: true, level: 'medium' })
    const plain = await t.signUp({ role: 'buyer', name: 'Pat Plain' })
    const other = await verify(plain, 'Plain', 'Pat')
    expect(other.assurance.meets_pg81).toBe(false)
    expect(other.assurance.pg81).toContain("the passport's chip was not read")
  })
})
