/**
 * Joint buyers and sellers (issue 39 item 2, decision 070): a co-buyer (co-seller) is invited by the
 * buyer (seller) or their conveyancer as 'co_buyer' ('co_seller'), joins from the emailed link with
 * their own account as a second participant in the client's role, and from then on every "the buyer"
 * rule holds for them: they see what the buyer sees, are in the conveyancer's CDD list, give their own
 * land tax answers (the tax follows every buyer's), and for a joint sale each seller signs TA6/TA10
 * before the form is signed and its task ticks.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { AcceptInvitationResponse, Invitation } from '#shared/contracts/invitations.ts'
import { FundsPicture } from '#shared/contracts/funds.ts'
import { PropertyFormResponse } from '#shared/contracts/property-forms.ts'
import { VerificationSummary } from '#shared/contracts/verification.ts'
import { CDD_TASK_TITLES } from '#shared/domain/client-due-diligence.ts'
import { JOINT_RELIEF_REFUSED } from '#shared/domain/land-tax.ts'
import { exampleAnswers } from '#shared/domain/property-forms.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { formModel } from '#server/core/pdtf/form-model.ts'
import { createTransaction } from '#server/test/factories.ts'
import { TEST_PUBLIC_URL, type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()
const LINK = new RegExp(`${TEST_PUBLIC_URL}/invite/([A-Za-z0-9_-]{43})`)
let buyer: TestUser
let seller: TestUser
let conveyancer: TestUser
let sellerConveyancer: TestUser

beforeAll(async () => {
  ;[buyer, seller, conveyancer, sellerConveyancer] = await Promise.all([
    t.signUp({ role: 'buyer', name: 'Bea Buyer' }),
    t.signUp({ role: 'seller', name: 'Sam Seller' }),
    t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' }),
    t.signUp({ role: 'conveyancer', name: 'Sid Sellers-Conveyancer' }),
  ])
})

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

/** An active move at £400,000 in England made through the API: buyer, seller and both conveyancers joined. */
async function newMove(): Promise<string> {
  const { id } = await json<{ id: string }>(
    await t.request('/api/transactions', {
      as: buyer,
      json: {
        address_line_1: '47 Park Road',
        town: 'Harpenden',
        postcode: 'AL3 5AF',
        role: 'buyer',
        agreed_price: 400000,
        tenure: 'freehold',
      },
    }),
    201,
  )
  await join(buyer, id, seller, 'seller')
  await join(buyer, id, conveyancer, 'buyer_conveyancer')
  await join(seller, id, sellerConveyancer, 'seller_conveyancer')
  return id
}

const invite = (as: TestUser, txId: string, email: string, role: string) =>
  t.request(`/api/transactions/${txId}/invitations`, { as, json: { email, role } })

/** The newest invitation link's token in the local outbox for `email`. */
async function tokenFor(email: string): Promise<string> {
  const { messages } = await json<{ messages: { to: string; text: string }[] }>(await t.request('/api/dev/mail'), 200)
  const match = messages.find((m) => m.to === email)?.text.match(LINK)
  if (!match) throw new Error(`no invitation link for ${email}`)
  return match[1]
}

async function join(inviter: TestUser, txId: string, who: TestUser, role: string): Promise<void> {
  Invitation.parse(await json(await invite(inviter, txId, who.email.toLowerCase(), role), 201))
  const token = await tokenFor(who.email.toLowerCase())
  AcceptInvitationResponse.parse(
    await json(await t.request(`/api/invitations/${token}/accept`, { method: 'POST', as: who }), 200),
  )
}

const newPerson = (name: string, role: 'buyer' | 'seller' = 'buyer') =>
  t.signUp({ role, name, email: `${name.split(' ')[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@homeward.test` })

async function taskStatus(txId: string, title: string): Promise<string> {
  const [row] = await t.database.query<{ status: string }>(
    `select k.status from tasks k join timeline_stages s on s.id = k.stage_id where s.transaction_id = $1 and k.title = $2`,
    [txId, title],
  )
  return row!.status
}

describe('inviting and joining as a joint buyer or seller', () => {
  it('a co-buyer joins from the email as a second buyer; the lead stays the move’s buyer', async () => {
    const txId = await newMove()
    const coBuyer = await newPerson('Cai Co-Buyer')
    const sent = Invitation.parse(await json(await invite(buyer, txId, coBuyer.email, 'co_buyer'), 201))
    expect(sent).toMatchObject({ role: 'co_buyer', status: 'pending' })
    const token = await tokenFor(coBuyer.email)
    const preview = await json<{ role: string }>(await t.request(`/api/invitations/${token}`), 200)
    expect(preview.role).toBe('co_buyer')
    await json(await t.request(`/api/invitations/${token}/accept`, { method: 'POST', as: coBuyer }), 200)

    const [move] = await t.database.query<{ buyer_user_id: string; roles: string[] }>(
      `select t.buyer_user_id, array(select role from transaction_participants where transaction_id = t.id and user_id = $2) as roles
         from transactions t where t.id = $1`,
      [txId, coBuyer.profileId],
    )
    expect(move).toMatchObject({ buyer_user_id: buyer.profileId, roles: ['buyer'] })
    const [joined] = await t.database.query<{ summary: string }>(
      `select summary from activity_events where transaction_id = $1 and actor_id = $2 and kind = 'participant.joined'`,
      [txId, coBuyer.profileId],
    )
    expect(joined?.summary).toBe('joined the move as Joint buyer')
  })

  it('a joint buyer joining reopens a done CDD step of the buyer’s side until they are approved too', async () => {
    const txId = await newMove()
    await t.database.query(
      `update tasks set status = 'completed', completed_at = now() where title = $2
         and stage_id in (select id from timeline_stages where transaction_id = $1)`,
      [txId, CDD_TASK_TITLES.buyer],
    )
    const coBuyer = await newPerson('Cai Co-Buyer')
    await join(buyer, txId, coBuyer, 'co_buyer')
    expect(await taskStatus(txId, CDD_TASK_TITLES.buyer)).toBe('not_completed')
    const [entry] = await t.database.query<{ summary: string }>(
      `select summary from activity_events where transaction_id = $1 and actor_id = $2 and kind = 'task.reopened'`,
      [txId, coBuyer.profileId],
    )
    expect(entry?.summary).toMatch(/Cai Co-Buyer joined as joint buyer, whose due diligence is still to do/)
  })

  it('the buyer’s conveyancer may invite a co-buyer; the seller, the seller’s conveyancer and the buyer’s surveyor may not', async () => {
    const txId = await newMove()
    const email = `co-${randomUUID().slice(0, 8)}@homeward.test`
    for (const who of [seller, sellerConveyancer]) {
      const refused = await json<{ error: { message: string } }>(await invite(who, txId, email, 'co_buyer'), 403)
      expect(refused.error.message).toBe("A joint buyer is invited by the buyer or the buyer's conveyancer.")
    }
    expect((await invite(seller, txId, email, 'co_seller')).status).toBe(201)
    expect((await invite(conveyancer, txId, `b-${email}`, 'co_buyer')).status).toBe(201)
    const surveyor = await t.signUp({ role: 'surveyor', name: 'Sia Surveyor' })
    await join(buyer, txId, surveyor, 'surveyor')
    expect((await invite(surveyor, txId, `s-${email}`, 'co_buyer')).status).toBe(403)
  })

  it('409 without a lead buyer, for the lead themselves, past four clients, and for someone on the move already', async () => {
    const draft = await createTransaction(t.database, {
      sellerProfileId: seller.profileId,
      participants: [{ profileId: conveyancer.profileId, role: 'buyer_conveyancer' }],
    })
    const noLead = await json<{ error: { message: string } }>(
      await invite(conveyancer, draft.transactionId, 'x@homeward.test', 'co_buyer'),
      409,
    )
    expect(noLead.error.message).toBe('This move has no buyer yet: invite them as the buyer first, then a joint buyer.')
    const txId = await newMove()
    expect((await invite(buyer, txId, buyer.email.toLowerCase(), 'co_buyer')).status).toBe(409)
    for (const n of [1, 2, 3])
      expect(
        (await invite(buyer, txId, `joint-${n}-${randomUUID().slice(0, 6)}@homeward.test`, 'co_buyer')).status,
      ).toBe(201)
    const fifth = await json<{ error: { message: string } }>(
      await invite(buyer, txId, `joint-5-${randomUUID().slice(0, 6)}@homeward.test`, 'co_buyer'),
      409,
    )
    expect(fifth.error.message).toBe(
      'A property can have at most 4 legal owners, so this move cannot take another joint buyer.',
    )

    // Someone already on the move (the buyer's conveyancer) cannot also join as a joint buyer.
    const other = await newMove()
    await json(await invite(buyer, other, conveyancer.email.toLowerCase(), 'co_buyer'), 409)
  })

  it('a joint seller: the buyer’s conveyancer is refused; the seller’s conveyancer invites them', async () => {
    const txId = await newMove()
    const coSeller = await newPerson('Cass Co-Seller', 'seller')
    expect((await invite(conveyancer, txId, coSeller.email, 'co_seller')).status).toBe(403)
    await join(sellerConveyancer, txId, coSeller, 'co_seller')
    const [row] = await t.database.query<{ role: string }>(
      `select role from transaction_participants where transaction_id = $1 and user_id = $2`,
      [txId, coSeller.profileId],
    )
    expect(row?.role).toBe('seller')
  })
})

describe('a joint buyer sees what the buyer sees and is in the CDD list', () => {
  it('the same documents, the funding picture, and both buyers in the conveyancer’s verification list', async () => {
    const txId = await newMove()
    const coBuyer = await newPerson('Cai Co-Buyer')
    await join(buyer, txId, coBuyer, 'co_buyer')
    const listOf = async (as: TestUser) =>
      (
        await json<{ documents: { filename: string }[] }>(
          await t.request(`/api/transactions/${txId}/documents`, { as }),
          200,
        )
      ).documents
        .map((d) => d.filename)
        .sort()
    expect(await listOf(coBuyer)).toEqual(await listOf(buyer))
    FundsPicture.parse(await json(await t.request(`/api/transactions/${txId}/funds`, { as: coBuyer }), 200))

    const summary = VerificationSummary.parse(
      await json(await t.request(`/api/transactions/${txId}/verification`, { as: conveyancer }), 200),
    )
    const buyers = summary.parties.filter((p) => p.side === 'buyer')
    expect(buyers.map((p) => p.full_name).sort()).toEqual(['Bea Buyer', 'Cai Co-Buyer'])
    expect(buyers.every((p) => p.can_review_cdd)).toBe(true)
    // The co-buyer's CDD record opens for their conveyancer and for no one on the other side.
    const open = (as: TestUser) =>
      t.request(`/api/transactions/${txId}/cdd/${coBuyer.profileId}`, { as, method: 'POST' })
    await json(await open(conveyancer), 201)
    expect((await open(sellerConveyancer)).status).toBe(404)
    expect((await t.request(`/api/transactions/${txId}/cdd/${coBuyer.profileId}`, { as: buyer })).status).toBe(404)
  })
})

describe('land tax on a joint purchase', () => {
  const plan = (ftb: boolean, additional = false) => ({
    first_time_buyer: ftb,
    additional_property: additional,
    non_resident: false,
    mortgage_stated_pence: null,
    sale_proceeds_pence: null,
    fees_pence: 0,
  })
  const put = (as: TestUser, txId: string, body: ReturnType<typeof plan>) =>
    t.request(`/api/transactions/${txId}/funds/plan`, { as, method: 'PUT', json: body })

  it('relief only when every buyer is a first-time buyer; the higher rates when either keeps another home', async () => {
    const txId = await newMove()
    const coBuyer = await newPerson('Cai Co-Buyer')
    await join(buyer, txId, coBuyer, 'co_buyer')

    // The lead is a first-time buyer; the co-buyer has said nothing yet (read as no): standard rates.
    let picture = FundsPicture.parse(await json(await put(buyer, txId, plan(true)), 200))
    expect(picture.sdlt).toMatchObject({
      total_pence: 10_000_00,
      first_time_buyer_relief: false,
      relief_refused: JOINT_RELIEF_REFUSED,
    })
    expect(picture.purchasers.map((p) => [p.full_name, p.lead, p.first_time_buyer])).toEqual([
      ['Bea Buyer', true, true],
      ['Cai Co-Buyer', false, false],
    ])

    // The co-buyer's own answer: both first-time buyers, relief (0% to £300,000, 5% above): £5,000.
    picture = FundsPicture.parse(await json(await put(coBuyer, txId, plan(true)), 200))
    expect(picture.plan.first_time_buyer).toBe(true)
    expect(picture.sdlt).toMatchObject({ total_pence: 5_000_00, first_time_buyer_relief: true, relief_refused: null })
    // The lead's answers are untouched by the co-buyer's save.
    const [lead] = await t.database.query<{ first_time_buyer: boolean }>(
      `select first_time_buyer from funding_plans where transaction_id = $1`,
      [txId],
    )
    expect(lead?.first_time_buyer).toBe(true)

    // The co-buyer keeps another home: the higher rates on the whole purchase (5 points from 31 Oct 2024).
    picture = FundsPicture.parse(await json(await put(coBuyer, txId, plan(false, true)), 200))
    expect(picture.sdlt).toMatchObject({ total_pence: 30_000_00, additional_property_surcharge: true })
    // The lead's own view shows their answers, the tax the same.
    const asLead = FundsPicture.parse(
      await json(await t.request(`/api/transactions/${txId}/funds`, { as: buyer }), 200),
    )
    expect(asLead.plan).toMatchObject({ first_time_buyer: true, additional_property: false })
    expect(asLead.sdlt?.total_pence).toBe(30_000_00)
  })
})

describe('both sellers sign TA6 and TA10', () => {
  const formUrl = (txId: string, form: string) => `/api/transactions/${txId}/forms/${form}`
  async function fillAll(txId: string, form: 'ta6' | 'ta10') {
    const model = formModel(form)
    const answers = exampleAnswers(model, { prefer: 'Yes' })
    for (const s of model.sections)
      await json(
        await t.request(`${formUrl(txId, form)}/sections/${s.key}`, { as: seller, method: 'PUT', json: { answers } }),
        200,
      )
    return answers
  }
  const sign = (as: TestUser, txId: string, form: string, name: string) =>
    t.request(`${formUrl(txId, form)}/sign`, { as, method: 'POST', json: { typed_name: name, confirm: true } })

  for (const form of ['ta6', 'ta10'] as const) {
    it(`${form.toUpperCase()}: signed and its task ticked only once every seller has signed`, async () => {
      const txId = await newMove()
      const coSeller = await newPerson('Cass Co-Seller', 'seller')
      await join(seller, txId, coSeller, 'co_seller')
      await fillAll(txId, form)
      const task = form === 'ta6' ? TASK_TITLES.ta6Form : TASK_TITLES.ta10Form

      const first = PropertyFormResponse.parse(await json(await sign(seller, txId, form, 'Sam Seller'), 201))
      expect(first).toMatchObject({ status: 'draft', signed: null, can_sign: false, waiting_for: ['Cass Co-Seller'] })
      expect(first.signatures.map((s) => s.name)).toEqual(['Sam Seller'])
      expect(await taskStatus(txId, task)).toBe('not_completed')
      // The buyer's side still sees nothing; the seller cannot sign twice.
      const asBuyer = PropertyFormResponse.parse(await json(await t.request(formUrl(txId, form), { as: buyer }), 200))
      expect(asBuyer).toMatchObject({ status: 'draft', answers: {}, signatures: [], waiting_for: [] })
      expect((await sign(seller, txId, form, 'Sam Seller')).status).toBe(409)
      // The co-seller is told it waits for them.
      const [told] = await t.database.query<{ title: string }>(
        `select title from notifications where profile_id = $1 and kind = 'signature_requested'`,
        [coSeller.profileId],
      )
      expect(told?.title).toMatch(/Sam Seller signed the .* it needs your signature too/)
      const before = PropertyFormResponse.parse(await json(await t.request(formUrl(txId, form), { as: coSeller }), 200))
      expect(before).toMatchObject({ can_sign: true, waiting_for: ['Cass Co-Seller'] })

      const last = PropertyFormResponse.parse(await json(await sign(coSeller, txId, form, 'Cass Co-Seller'), 201))
      expect(last.status).toBe('signed')
      expect(last.signed?.name).toBe('Sam Seller and Cass Co-Seller')
      // Signed: the buyer's side now reads every answer.
      const read = PropertyFormResponse.parse(await json(await t.request(formUrl(txId, form), { as: buyer }), 200))
      expect(read.status).toBe('signed')
      expect(Object.keys(read.answers).length).toBeGreaterThan(0)
      expect(await taskStatus(txId, task)).toBe('completed')
    })
  }

  it('a change after one seller signed asks every seller to sign again', async () => {
    const txId = await newMove()
    const coSeller = await newPerson('Cass Co-Seller', 'seller')
    await join(seller, txId, coSeller, 'co_seller')
    const answers = await fillAll(txId, 'ta6')
    await json(await sign(coSeller, txId, 'ta6', 'Cass Co-Seller'), 201)
    const section = formModel('ta6').sections[0]!.key
    await json(
      await t.request(`${formUrl(txId, 'ta6')}/sections/${section}`, { as: seller, method: 'PUT', json: { answers } }),
      200,
    )
    const after = PropertyFormResponse.parse(await json(await t.request(formUrl(txId, 'ta6'), { as: coSeller }), 200))
    expect(after).toMatchObject({ signatures: [], can_sign: true, waiting_for: ['Sam Seller', 'Cass Co-Seller'] })
    const [cleared] = await t.database.query<{ summary: string }>(
      `select summary from activity_events where transaction_id = $1 and kind = 'property_form.signatures_cleared'`,
      [txId],
    )
    expect(cleared?.summary).toMatch(/every seller signs it again/)
  })

  it('a sale with one seller signs at once, as before', async () => {
    const txId = await newMove()
    await fillAll(txId, 'ta10')
    const signed = PropertyFormResponse.parse(await json(await sign(seller, txId, 'ta10', 'Sam Seller'), 201))
    expect(signed).toMatchObject({ status: 'signed', waiting_for: [], signatures: [] })
    expect(signed.signed?.name).toBe('Sam Seller')
  })
})
