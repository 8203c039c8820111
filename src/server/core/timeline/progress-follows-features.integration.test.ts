/**
 * Progress follows the features (issue 38 item 3): a completed move whose features all finished
 * reads 100%. The tasks no feature of this test finishes (and those other features tick, each with
 * its own test in tick-task.integration.test.ts) are ticked straight in the database first; then,
 * through the API, the title check obtains the register, the deposit arrives in full, the chain
 * agrees its dates, exchange and completion are recorded. Each of these ticks its step through the
 * one tick path (tickTask: its audit entry says why), and nothing else is ticked by hand, so the
 * move reads 100% only if every one of them did. The onward move in the chain has its chain step
 * ticked too.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { TransactionDetail } from '#shared/contracts/transactions.ts'
import { overallProgress } from '#shared/domain/progress.ts'
import { EXCHANGE_TASK_TITLE, TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { londonDate } from '#shared/domain/working-days.ts'
import { SANDBOX_ACCOUNT_NAME } from '#server/providers/client-money/sandbox-provider.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text.slice(0, 500)).toBe(status)
  return (text ? JSON.parse(text) : undefined) as T
}

/** The steps the features of this test finish, each by its own record. */
const FEATURE_STEPS = [
  TASK_TITLES.officialCopies,
  TASK_TITLES.depositTransferred,
  TASK_TITLES.chainDatesAgreed,
  EXCHANGE_TASK_TITLE,
  TASK_TITLES.completionConfirmed,
]

let buyer: TestUser
let seller: TestUser
let topSeller: TestUser
let buyerConv: TestUser
let colleague: TestUser
let sellerConv: TestUser
let topConv: TestUser

async function detail(txId: string, as: TestUser = buyer) {
  return TransactionDetail.parse(await json(await t.request(`/api/transactions/${txId}`, { as }), 200))
}

/** Ticks every task but `except` straight in the database and derives each stage's percent and status. */
async function tickOthersInDatabase(txId: string, except: readonly string[]) {
  await t.database.query(
    `update tasks k set status = 'completed', completed_at = now(), version = k.version + 1
     from timeline_stages s where s.id = k.stage_id and s.transaction_id = $1 and not (k.title = any($2::text[]))`,
    [txId, except],
  )
  await t.database.query(
    `update timeline_stages s set percent_complete = c.pct,
       status = case when c.pct = 100 then 'completed' when c.pct > 0 then 'in_progress' else 'not_started' end
     from (select stage_id, round(100.0 * count(*) filter (where status = 'completed') / count(*))::int as pct
           from tasks group by stage_id) c
     where c.stage_id = s.id and s.transaction_id = $1`,
    [txId],
  )
}

beforeAll(async () => {
  ;[buyer, seller, topSeller, buyerConv, colleague, sellerConv, topConv] = await Promise.all([
    t.signUp({ name: 'Fiona Firsttime' }),
    t.signUp({ name: 'Sam Seller' }),
    t.signUp({ name: 'Olivia Onward', role: 'seller' }),
    t.signUp({ name: 'Priya Shah', role: 'conveyancer' }),
    t.signUp({ name: 'Daniel Mercer', role: 'conveyancer' }),
    t.signUp({ name: 'Seth Sellerside', role: 'conveyancer' }),
    t.signUp({ name: 'Tia Topside', role: 'conveyancer' }),
  ])
  const [firm] = await t.database.query<{ id: string }>(
    `insert into organizations (name, type) values ('Shah Mercer Property Lawyers', 'law') returning id`,
  )
  await t.database.query(
    `insert into organization_members (organization_id, profile_id, role, joined_at)
     values ($1, $2, 'admin', now() - interval '1 day'), ($1, $3, 'fee_earner', now() - interval '1 day')`,
    [firm.id, buyerConv.profileId, colleague.profileId],
  )
})

describe('a completed move whose features all finished', () => {
  it('reads 100%: the title check, the deposit, the chain dates, exchange and completion tick their steps', async () => {
    const participants = (buyerC: TestUser, sellerC: TestUser) => [
      { profileId: buyerC.profileId, role: 'buyer_conveyancer' as const },
      { profileId: sellerC.profileId, role: 'seller_conveyancer' as const },
    ]
    const { transactionId: txId } = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      agreedPricePence: 450_000_00,
      participants: participants(buyerConv, sellerConv),
      property: { addressLines: ['12 Clarence Road', 'Harpenden'], postcode: 'AL5 4AJ' },
    })
    await t.database.query(
      `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name)
       select organization_id, $1, 'buyer', $2, 'Fiona Firsttime' from organization_members where profile_id = $2`,
      [txId, buyerConv.profileId],
    )
    // Sam's onward purchase, at the top of the chain.
    const { transactionId: onward } = await createTransaction(t.database, {
      buyerProfileId: seller.profileId,
      sellerProfileId: topSeller.profileId,
      participants: participants(sellerConv, topConv),
      property: { addressLines: ['47 Park Road', 'Harpenden'], postcode: 'AL5 3BB' },
    })
    await tickOthersInDatabase(txId, FEATURE_STEPS)
    const before = await detail(txId)
    expect(overallProgress(before.timeline_stages)).toBeLessThan(100)

    // The title check obtains the register.
    await json(
      await t.request(`/api/transactions/${txId}/title-checks`, {
        as: sellerConv,
        json: { title_number: 'HD412873' },
      }),
      201,
    )
    // The deposit arrives in full.
    const deposit = `/api/transactions/${txId}/deposit`
    await json(await t.request(deposit, { as: buyerConv, method: 'PUT', json: { amount_pence: 45_000_00 } }), 200)
    await json(
      await t.request(`${deposit}/payee-check`, { as: buyer, json: { account_name: SANDBOX_ACCOUNT_NAME } }),
      200,
    )
    await json(await t.request(`${deposit}/sandbox-transfer`, { as: buyer, json: {} }), 202)
    await t.sandboxWebhooks.flush()
    // The chain (this move and Sam's onward purchase) agrees its dates: today for both.
    const chain = (id: string) => `/api/transactions/${id}/chain`
    const link = await json<{ id: string }>(
      await t.request(`${chain(txId)}/links`, {
        as: seller,
        json: { other_transaction_id: onward, direction: 'onward' },
      }),
      201,
    )
    await json(await t.request(`${chain(onward)}/links/${link.id}/confirm`, { as: topSeller, method: 'POST' }), 200)
    const today = londonDate(new Date())
    const proposal = await json<{ id: string }>(
      await t.request(`${chain(txId)}/date-proposals`, {
        as: buyerConv,
        json: { exchange_date: today, completion_date: today },
      }),
      201,
    )
    await json(
      await t.request(`${chain(onward)}/date-proposals/${proposal.id}/respond`, {
        as: topConv,
        json: { accept: true },
      }),
      200,
    )
    // Exchange, then completion, on the agreed dates.
    const exchanged = await json<{ version: number }>(
      await t.request(`/api/transactions/${txId}/status`, {
        as: buyerConv,
        json: {
          action: 'exchange',
          version: (await detail(txId)).version,
          exchange_date: today,
          completion_date: today,
          confirm: true,
        },
      }),
      200,
    )
    await json(
      await t.request(`/api/transactions/${txId}/status`, {
        as: buyerConv,
        json: { action: 'complete', version: exchanged.version },
      }),
      200,
    )

    const after = await detail(txId)
    expect(after.status).toBe('completed')
    expect(after.timeline_stages.filter((s) => s.percent_complete < 100).map((s) => s.stage_name)).toEqual([])
    expect(overallProgress(after.timeline_stages)).toBe(100)
    // Each step was ticked by its feature, through tickTask, which says why.
    const ticks = await t.database.query<{ summary: string }>(
      `select summary from activity_events where transaction_id = $1 and kind = 'task.completed' order by seq`,
      [txId],
    )
    expect(ticks.map((r) => r.summary)).toEqual([
      `ticked “${TASK_TITLES.officialCopies}” (Property information): the register of HD412873 was obtained in Homeward`,
      `ticked “${TASK_TITLES.depositTransferred}” (Exchange of contracts): the client-money partner holds the whole deposit`,
      expect.stringMatching(
        new RegExp(
          `^ticked “${TASK_TITLES.chainDatesAgreed}” \\(Exchange of contracts\\): the whole chain agreed exchange `,
        ),
      ),
      `ticked “${EXCHANGE_TASK_TITLE}” (Exchange of contracts): exchange of contracts was recorded`,
      `ticked “${TASK_TITLES.completionConfirmed}” (Completion): completion was recorded`,
    ])
    // The onward move's chain step is ticked by the same agreement.
    const onwardTask = await t.database.query<{ status: string }>(
      `select k.status from tasks k join timeline_stages s on s.id = k.stage_id
       where s.transaction_id = $1 and k.title = $2`,
      [onward, TASK_TITLES.chainDatesAgreed],
    )
    expect(onwardTask).toEqual([{ status: 'completed' }])
  })
})
