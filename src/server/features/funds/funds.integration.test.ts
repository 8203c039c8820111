/**
 * Source of funds through the API and the sandbox bank: the buyer connects a bank (the consent page,
 * the signed webhook), sees the funding picture with SDLT, explains a large credit, states the rest;
 * the buyer's conveyancer asks for more, then marks the funds satisfied and the timeline task ticks
 * itself (a manual tick is 422). Bank data is sealed at rest and never reaches the seller's side
 * (404). Refused and expired consents say so and allow a retry; bad and replayed webhooks are refused
 * with nothing written.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { FundsPicture, FundsStatuses } from '#shared/contracts/funds.ts'
import { SOURCE_OF_FUNDS_TASK_RULE } from '#shared/domain/source-of-funds.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { signWebhook } from '#server/providers/webhooks/provider-webhooks.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { unzip } from '#server/test/unzip.ts'

const t = useTestApp()
let buyer: TestUser
let seller: TestUser
let conveyancer: TestUser
let broker: TestUser
let outsider: TestUser
let txId: string

const funds = (tx: string) => `/api/transactions/${tx}/funds`

async function picture(as: TestUser, tx = txId): Promise<FundsPicture> {
  const res = await t.request(funds(tx), { as })
  expect(res.status, await res.clone().text()).toBe(200)
  return FundsPicture.parse(await res.json())
}

/** Starts a consent with `bankId`, answers the sandbox bank's page with `decision`, delivers the webhook. */
async function connect(bankId: string, decision: 'authorise' | 'refuse' = 'authorise', tx = txId) {
  const started = await t.request(`${funds(tx)}/bank-consents`, { as: buyer, json: { bank_id: bankId } })
  expect(started.status, await started.clone().text()).toBe(201)
  const { authorise_url } = (await started.json()) as { authorise_url: string }
  const pageRes = await t.app.request(authorise_url)
  expect(pageRes.status).toBe(200)
  const html = await pageRes.text()
  expect(html).toContain('Sandbox')
  const url = new URL(authorise_url, t.config.publicUrl)
  const answer = await t.app.request(url.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      consent: url.searchParams.get('consent')!,
      return: url.searchParams.get('return')!,
      decision,
    }).toString(),
  })
  expect(answer.status).toBe(303)
  expect(answer.headers.get('location')).toBe(`/app/transactions/${tx}/funds`)
  await t.sandboxWebhooks.flush()
}

async function sourceOfFundsTask(tx = txId) {
  const [row] = await t.database.query<{ id: string; status: string; version: number }>(
    `select k.id, k.status, k.version from tasks k join timeline_stages s on s.id = k.stage_id
     where s.transaction_id = $1 and k.title = $2`,
    [tx, TASK_TITLES.sourceOfFunds],
  )
  return row
}

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  conveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  broker = await t.signUp({ role: 'broker', name: 'Bob Broker' })
  outsider = await t.signUp({ role: 'buyer', name: 'Olly Outsider' })
  txId = (
    await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      agreedPricePence: 300_000_00,
      participants: [
        { profileId: conveyancer.profileId, role: 'buyer_conveyancer' },
        { profileId: broker.profileId, role: 'mortgage_broker' },
      ],
    })
  ).transactionId
})

describe('the buyer connects a bank and builds the funding picture', () => {
  it('starts with nothing: not started, SDLT on the agreed price (£300,000 pays £5,000)', async () => {
    const p = await picture(buyer)
    expect(p.status).toBe('not_started')
    expect(p.provider_label).toBe('Sandbox')
    expect(p.sdlt?.total_pence).toBe(5_000_00)
    expect(p.issues.map((i) => i.kind)).toContain('no_bank')
    expect(p.banks.map((b) => b.id)).toContain('sandbox-large-credit')
  })

  it('connects Windfall Bank: accounts and balances arrive by webhook, the £15,000 credit is flagged', async () => {
    await connect('sandbox-large-credit')
    const p = await picture(buyer)
    expect(p.consents[0].status).toBe('authorised')
    expect(p.accounts.map((a) => a.name)).toEqual(['Everyday Current Account', 'Easy Saver'])
    expect(p.totals.savings_pence).toBe(2_450_00 + 75_000_00)
    expect(p.flags).toHaveLength(1)
    expect(p.flags[0]).toMatchObject({
      kind: 'large_credit',
      amount_pence: 15_000_00,
      description: 'FROM J SMITH',
      explanation: null,
    })
    expect(p.status).toBe('in_progress')
    expect(p.issues.map((i) => i.kind)).toContain('large_credit')
  })

  it('keeps bank data sealed at rest: no account number, description or balance in the row', async () => {
    const p = await picture(buyer)
    const rows = await t.database.query<{ data_sealed: string; last4: string }>(
      'select data_sealed, last4 from bank_accounts where transaction_id = $1',
      [txId],
    )
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      expect(row.data_sealed).not.toContain('J SMITH')
      expect(row.data_sealed).not.toContain('SALARY')
      expect(row.data_sealed.startsWith('hwenv1')).toBe(true)
    }
    expect(p.accounts[0].account_number_masked).toMatch(/^•••• \d{4}$/)
  })

  it('the buyer explains the credit (sealed); a transaction that is not flagged is refused 422', async () => {
    const flag = (await picture(buyer)).flags[0]
    const res = await t.request(`${funds(txId)}/explanations`, {
      method: 'PUT',
      as: buyer,
      json: {
        account_id: flag.account_id,
        transaction_id: flag.transaction_id,
        explanation: 'A gift from my aunt Jane Smith',
      },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const p = FundsPicture.parse(await res.json())
    expect(p.flags[0].explanation).toBe('A gift from my aunt Jane Smith')
    const [sealed] = await t.database.query<{ explanation_sealed: string }>(
      'select explanation_sealed from funding_explanations where transaction_id = $1',
      [txId],
    )
    expect(sealed.explanation_sealed).not.toContain('aunt')
    const wrong = await t.request(`${funds(txId)}/explanations`, {
      method: 'PUT',
      as: buyer,
      json: { account_id: flag.account_id, transaction_id: 's-int-3', explanation: 'Interest, nothing to see' },
    })
    expect(wrong.status).toBe(422)
  })

  it('states the mortgage and the SDLT answers: a first-time buyer at £300,000 pays no SDLT; a shortfall is flagged', async () => {
    const res = await t.request(`${funds(txId)}/plan`, {
      method: 'PUT',
      as: buyer,
      json: {
        first_time_buyer: true,
        additional_property: false,
        non_resident: false,
        mortgage_stated_pence: 150_000_00,
        sale_proceeds_pence: null,
        fees_pence: 2_000_00,
      },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const p = FundsPicture.parse(await res.json())
    expect(p.sdlt?.total_pence).toBe(0)
    expect(p.mortgage).toEqual({ amount_pence: 150_000_00, source: 'stated', lender: null })
    expect(p.totals.needed_pence).toBe(302_000_00)
    expect(p.totals.shortfall_pence).toBe(302_000_00 - (77_450_00 + 150_000_00))
    expect(p.issues.find((i) => i.kind === 'shortfall')?.message).toMatch(/£74,550\.00/)
  })

  it("takes the mortgage from the broker's DIP when there is one", async () => {
    const dip = await t.request(`/api/mortgages/${txId}/dips`, {
      as: broker,
      json: {
        lender: 'Nationwide',
        amount_pence: 240_000_00,
        term_months: 300,
        reference: 'N-1',
        issued_on: '2026-11-01',
        expires_on: '2027-01-30',
      },
    })
    expect(dip.status).toBe(201)
    const p = await picture(buyer)
    expect(p.mortgage).toEqual({ amount_pence: 240_000_00, source: 'dip', lender: 'Nationwide' })
    expect(p.totals.shortfall_pence).toBe(0)
    expect(p.status).toBe('needs_review')
  })

  it('adds a gift towards the deposit, flagged until its declaration is signed', async () => {
    const res = await t.request(`${funds(txId)}/gifts`, {
      as: buyer,
      json: {
        giftor_name: 'Jane Smith',
        giftor_email: 'jane@example.test',
        relationship: 'Aunt',
        amount_pence: 5_000_00,
      },
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const p = FundsPicture.parse(await res.json())
    expect(p.gifts).toEqual([expect.objectContaining({ giftor_name: 'Jane Smith', declaration: 'not_signed' })])
    expect(p.totals.gifts_pence).toBe(5_000_00)
    expect(p.issues.map((i) => i.kind)).toContain('gift_unsigned')
  })

  it("'Download my data' holds the buyer's source of funds: accounts with the bank's data, explanations, plan, gifts (issue 39)", async () => {
    const p = await picture(buyer)
    const res = await t.request('/api/account/export', { as: buyer })
    expect(res.status).toBe(200)
    const entries = await unzip(Buffer.from(await res.arrayBuffer()))
    const file = entries.get('source-of-funds.json')
    expect(file, [...entries.keys()].join(', ')).toBeDefined()
    type Exported = {
      bank_consents: {
        bank_name: string
        status: string
        accounts: {
          id: string
          last4: string
          bank_data: { accountNumber: string; sortCode: string; balancePence: number; transactions: { id: string }[] }
        }[]
      }[]
      explanations: { account_id: string; bank_transaction_id: string; explanation: string }[]
      funding_plans: { transaction_id: string; first_time_buyer: boolean; mortgage_stated_pence: number | null }[]
      gifts_recorded: { giftor_name: string; amount_pence: number }[]
    }
    const exported = JSON.parse(file!.toString('utf8')) as Exported
    const accounts = exported.bank_consents.flatMap((c) => c.accounts)
    expect(accounts).toHaveLength(p.accounts.length)
    for (const a of accounts) {
      // The full number, opened from its sealed column, ends in the last four digits the row keeps.
      expect(a.bank_data.accountNumber.endsWith(a.last4)).toBe(true)
      expect(a.bank_data.sortCode).toMatch(/^\d{2}-?\d{2}-?\d{2}$/)
      expect(a.bank_data.transactions.length).toBeGreaterThan(0)
    }
    expect(exported.bank_consents[0]).toMatchObject({ status: 'authorised' })
    const flag = p.flags[0]!
    expect(exported.explanations).toEqual([
      expect.objectContaining({
        account_id: flag.account_id,
        bank_transaction_id: flag.transaction_id,
        explanation: 'A gift from my aunt Jane Smith',
      }),
    ])
    expect(exported.funding_plans).toEqual([expect.objectContaining({ transaction_id: txId, first_time_buyer: true })])
    expect(exported.gifts_recorded).toEqual([
      expect.objectContaining({ giftor_name: 'Jane Smith', amount_pence: 5_000_00 }),
    ])
    // The seller of the move has none of it in theirs.
    const theirs = await unzip(
      Buffer.from(await (await t.request('/api/account/export', { as: seller })).arrayBuffer()),
    )
    const sellers = JSON.parse(theirs.get('source-of-funds.json')!.toString('utf8')) as Exported
    expect(sellers.bank_consents).toEqual([])
    expect(theirs.get('source-of-funds.json')!.toString('utf8')).not.toContain('Jane Smith')
  })
})

describe('who sees it', () => {
  it("the seller's side and outsiders get 404 with none of the bank data; the statuses only for the buyer and their conveyancer", async () => {
    for (const who of [seller, outsider, broker]) {
      const res = await t.request(funds(txId), { as: who })
      expect(res.status).toBe(404)
      const text = await res.text()
      expect(text).not.toContain('J SMITH')
      expect(text).not.toContain('Easy Saver')
    }
    for (const who of [buyer, conveyancer]) {
      const status = await t.request(`${funds(txId)}/status`, { as: who })
      expect(status.status).toBe(200)
      expect(FundsStatuses.parse(await status.json()).parties).toEqual([
        { profile_id: buyer.profileId, role: 'buyer', status: 'needs_review' },
      ])
    }
    for (const who of [seller, broker]) {
      const status = await t.request(`${funds(txId)}/status`, { as: who })
      expect(status.status).toBe(200)
      expect(FundsStatuses.parse(await status.json()).parties).toEqual([])
    }
    expect((await t.request(`${funds(txId)}/status`, { as: outsider })).status).toBe(404)
  })

  it("the move's audit trail shows the seller's side none of the buyer's funds entries, and names no bank, account, amount or gift", async () => {
    // Funds entries are the buyer's and their conveyancer's only (decision 052).
    const buyers = await (await t.request(`/api/transactions/${txId}`, { as: buyer })).text()
    expect(buyers).toContain('connected a bank for their source of funds')
    const res = await t.request(`/api/transactions/${txId}`, { as: seller })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).not.toContain('connected a bank for their source of funds')
    for (const secret of ['Windfall', 'Easy Saver', '15,000', '5,000', 'Jane Smith']) expect(text).not.toContain(secret)
  })

  it('the conveyancer sees the picture; each visit is one entry in the audit trail', async () => {
    const views = async () =>
      (
        await t.database.query<{ n: number }>(
          `select count(*)::int as n from activity_events where transaction_id = $1 and kind = 'funds.viewed' and actor_id = $2`,
          [txId, conveyancer.profileId],
        )
      )[0]!.n
    // Earlier views by this conveyancer are more than 10 minutes ago: a new visit.
    await t.database.query(
      `update activity_events set created_at = created_at - interval '1 hour' where transaction_id = $1 and actor_id = $2 and kind = 'funds.viewed'`,
      [txId, conveyancer.profileId],
    )
    const before = await views()
    const p = await picture(conveyancer)
    expect(p.viewer_role).toBe('buyer_conveyancer')
    expect(await views()).toBe(before + 1)
    // The page's polls within the visit are not new views.
    await picture(conveyancer)
    expect(await views()).toBe(before + 1)
  })

  it('only the buyer gives funds (the conveyancer 403) and only the conveyancer reviews (the buyer 403)', async () => {
    const asConveyancer = await t.request(`${funds(txId)}/bank-consents`, {
      as: conveyancer,
      json: { bank_id: 'sandbox-saver' },
    })
    expect(asConveyancer.status).toBe(403)
    const asBuyer = await t.request(`${funds(txId)}/review`, { as: buyer, json: { decision: 'satisfied' } })
    expect(asBuyer.status).toBe(403)
    const asSeller = await t.request(`${funds(txId)}/review`, { as: seller, json: { decision: 'satisfied' } })
    expect(asSeller.status).toBe(404)
  })
})

describe('the conveyancer reviews', () => {
  it('refuses a manual tick of the task (422 naming the rule)', async () => {
    const task = await sourceOfFundsTask()
    const res = await t.request(`/api/transactions/${txId}/tasks/${task.id}`, {
      method: 'PATCH',
      as: buyer,
      json: { status: 'completed', version: task.version },
    })
    expect(res.status).toBe(422)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(SOURCE_OF_FUNDS_TASK_RULE)
    expect((await sourceOfFundsTask()).status).toBe('not_completed')
  })

  it('asking for more needs a note; with one, the status is needs review and the task stays open', async () => {
    const bare = await t.request(`${funds(txId)}/review`, { as: conveyancer, json: { decision: 'more_info' } })
    expect(bare.status).toBe(400)
    const res = await t.request(`${funds(txId)}/review`, {
      as: conveyancer,
      json: { decision: 'more_info', note: 'Please upload a letter from your aunt' },
    })
    expect(res.status).toBe(200)
    const p = FundsPicture.parse(await res.json())
    expect(p.status).toBe('needs_review')
    expect(p.review).toMatchObject({
      decision: 'more_info',
      note: 'Please upload a letter from your aunt',
      reviewer_name: 'Cora Conveyancer',
    })
    expect((await sourceOfFundsTask()).status).toBe('not_completed')
    // The buyer is told, with the note and a link to their source of funds.
    const bell = (await (await t.request('/api/notifications', { as: buyer })).json()) as {
      notifications: Array<{ kind: string; title: string; body: string; link: string }>
    }
    expect(bell.notifications[0]).toMatchObject({
      kind: 'funds_review',
      title: 'Your conveyancer needs more on your source of funds',
      body: 'Cora Conveyancer: Please upload a letter from your aunt',
      link: `/app/transactions/${txId}/funds`,
    })
  })

  it('marking the funds satisfied ticks the timeline task itself, with audit entries', async () => {
    const res = await t.request(`${funds(txId)}/review`, { as: conveyancer, json: { decision: 'satisfied' } })
    expect(res.status).toBe(200)
    expect(FundsPicture.parse(await res.json()).status).toBe('verified')
    expect((await sourceOfFundsTask()).status).toBe('completed')
    const kinds = await t.database.query<{ kind: string }>(
      `select kind from activity_events where transaction_id = $1 order by seq desc limit 2`,
      [txId],
    )
    expect(kinds.map((k) => k.kind).sort()).toEqual(['funds.satisfied', 'task.completed'])
  })
})

describe('consents that fail, and webhooks that are refused', () => {
  let tx2: string
  beforeAll(async () => {
    tx2 = (await createTransaction(t.database, { buyerProfileId: buyer.profileId, sellerProfileId: seller.profileId }))
      .transactionId
  })

  it('a bank that refuses: that consent refused, with a message and a retry; the picture in progress; nothing stored', async () => {
    await connect('sandbox-refuse', 'authorise', tx2)
    let p = await picture(buyer, tx2)
    // The refusal marks the consent, not the whole source of funds (issue 38).
    expect(p.status).toBe('in_progress')
    expect(p.consents[0]).toMatchObject({ status: 'refused' })
    expect(p.consents[0].message).toMatch(/Refusing Bank refused.*try again/)
    expect(p.accounts).toEqual([])
    await connect('sandbox-expire', 'authorise', tx2)
    p = await picture(buyer, tx2)
    expect(p.consents[0].status).toBe('expired')
    expect(p.consents[0].message).toMatch(/expired.*Connect the bank again/)
    await connect('sandbox-cash', 'refuse', tx2)
    expect((await picture(buyer, tx2)).consents[0].message).toMatch(/You refused access/)
    await connect('sandbox-cash', 'authorise', tx2)
    p = await picture(buyer, tx2)
    expect(p.flags.map((f) => f.kind)).toEqual(['cash_deposit', 'cash_deposit', 'cash_deposit'])
    expect(p.issues.find((i) => i.kind === 'cash_deposit')?.message).toBe('3 cash deposits need explaining.')
  })

  it('a consent the bank never confirms shows as expired after 30 minutes, with a retry', async () => {
    const tx3 = (await createTransaction(t.database, { buyerProfileId: buyer.profileId })).transactionId
    await t.database.query(
      `insert into bank_consents (transaction_id, profile_id, provider, provider_consent_id, bank_id, bank_name, created_at)
       values ($1, $2, 'sandbox', 'sbx_sandbox-saver_aaaaaaaaaaaaaaaa', 'sandbox-saver', 'Healthy Saver Bank', now() - interval '31 minutes')`,
      [tx3, buyer.profileId],
    )
    const p = await picture(buyer, tx3)
    expect(p.consents[0]).toMatchObject({ status: 'expired' })
    expect(p.consents[0].message).toMatch(/did not confirm within 30 minutes.*Connect the bank again/)
    expect(p.status).toBe('in_progress')
  })

  it('a bad signature is 401 and a replay 409, with nothing written', async () => {
    const [consent] = await t.database.query<{ provider_consent_id: string }>(
      `insert into bank_consents (transaction_id, profile_id, provider, provider_consent_id, bank_id, bank_name)
       values ($1, $2, 'sandbox', 'sbx_sandbox-saver_00112233aabbccdd', 'sandbox-saver', 'Healthy Saver Bank') returning provider_consent_id`,
      [tx2, buyer.profileId],
    )
    const body = JSON.stringify({ type: 'consent.authorised', consent_id: consent.provider_consent_id })
    const bad = await t.app.request('/api/webhooks/open-banking', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, body),
      },
      body,
    })
    expect(bad.status).toBe(401)
    const headers = { 'content-type': 'application/json', ...signWebhook(t.config.providerWebhookSecret, body) }
    const good = await t.app.request('/api/webhooks/open-banking', { method: 'POST', headers, body })
    expect(good.status).toBe(200)
    const accounts = async () =>
      (
        await t.database.query<{ n: number }>(
          `select count(*)::int as n from bank_accounts a join bank_consents c on c.id = a.consent_id where c.provider_consent_id = $1`,
          [consent.provider_consent_id],
        )
      )[0].n
    expect(await accounts()).toBe(2)
    const replay = await t.app.request('/api/webhooks/open-banking', { method: 'POST', headers, body })
    expect(replay.status).toBe(409)
    expect(await accounts()).toBe(2)
  })

  it('the sandbox bank page answers 404 for a consent it did not make, and never redirects off the app', async () => {
    expect((await t.app.request('/sandbox/open-banking/authorise?consent=nope')).status).toBe(404)
    const res = await t.app.request('/sandbox/open-banking/authorise', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        consent: 'sbx_sandbox-saver_0011223344556677',
        return: 'https://evil.example/',
        decision: 'refuse',
      }).toString(),
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/app')
    await t.sandboxWebhooks.flush()
  })
})
