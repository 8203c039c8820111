/**
 * Creating a transaction ('Creating a transaction'): POST /api/transactions writes the draft,
 * its property, the creator as buyer or seller (column and participant), the standard England and Wales
 * timeline and an activity entry in one database transaction; bad input answers 400 naming the field
 * and writes nothing; extra fields are ignored (ASVS 8.2.3); signed-out callers get 401.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { CreateTransactionResponse, TransactionDetail } from '#shared/contracts/transactions.ts'
import { standardTimeline } from '#shared/domain/timeline-template.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()
let buyer: TestUser
let seller: TestUser

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
})

const VALID = {
  address_line_1: '47 Park Road',
  address_line_2: 'Batford',
  town: 'Harpenden',
  postcode: 'al35af',
  uprn: '100080123456',
  role: 'buyer',
  agreed_price: 450000.5,
  tenure: 'freehold',
} as const

async function create(body: unknown, as: TestUser | null = buyer) {
  return t.request('/api/transactions', { json: body, as })
}

async function createOk(body: unknown, as: TestUser = buyer): Promise<TransactionDetail> {
  const res = await create(body, as)
  expect(res.status).toBe(201)
  const { id } = CreateTransactionResponse.parse(await res.json())
  const detail = await t.request(`/api/transactions/${id}`, { as })
  expect(detail.status).toBe(200)
  return TransactionDetail.parse(await detail.json())
}

/** Row counts of every table a create writes to. */
async function counts() {
  const [row] = await t.database.query<Record<string, string>>(`select
    (select count(*) from transactions)::text as transactions,
    (select count(*) from properties)::text as properties,
    (select count(*) from timeline_stages)::text as stages,
    (select count(*) from tasks)::text as tasks,
    (select count(*) from transaction_participants)::text as participants,
    (select count(*) from activity_events)::text as activity`)
  return row
}

/** Stage names with their tasks' titles and owners, as the template gives them. */
function templateShape(options: Parameters<typeof standardTimeline>[0]) {
  return standardTimeline(options).map((s) => ({
    stage_name: s.stageName,
    tasks: s.tasks.map((k) => ({ title: k.title, owner_side: k.ownerSide })),
  }))
}

function detailShape(detail: TransactionDetail) {
  return detail.timeline_stages.map((s) => ({
    stage_name: s.stage_name,
    tasks: s.tasks.map((k) => ({ title: k.title, owner_side: k.owner_side })),
  }))
}

const allTitles = (detail: TransactionDetail) => detail.timeline_stages.flatMap((s) => s.tasks.map((k) => k.title))

describe('POST /api/transactions', () => {
  it('creates a draft with its property, the creator as buyer (column and participant), the standard timeline and an activity entry', async () => {
    const before = Date.now()
    const detail = await createOk(VALID)
    expect(detail.status).toBe('draft')
    expect(detail.version).toBe(1)
    expect(new Date(detail.created_at).getTime()).toBeGreaterThanOrEqual(before - 5_000)
    expect(detail.property).toEqual({
      address_lines: ['47 Park Road', 'Batford', 'Harpenden'],
      postcode: 'AL3 5AF',
      uprn: '100080123456',
      tenure: 'freehold',
      nation: 'england',
    })
    expect(detail.agreed_price_pence).toBe(45_000_050)
    expect(detail.buyer_user_id).toBe(buyer.profileId)
    expect(detail.seller_user_id).toBeNull()
    expect(detail.viewer_role).toBe('buyer')
    expect(detail.transaction_participants.map((p) => [p.user_id, p.role, p.profile.full_name])).toEqual([
      [buyer.profileId, 'buyer', 'Bea Buyer'],
    ])

    // The standard England timeline, in order, with each task's owner; nothing started.
    expect(detailShape(detail)).toEqual(templateShape({ tenure: 'freehold', nation: 'england' }))
    expect(detail.timeline_stages.map((s) => s.sort_index)).toEqual(detail.timeline_stages.map((_, i) => i))
    for (const stage of detail.timeline_stages) {
      expect(stage).toMatchObject({ status: 'not_started', percent_complete: 0, blocked_reason: null, version: 1 })
      expect(stage.tasks.map((k) => k.sort_index)).toEqual(stage.tasks.map((_, i) => i))
      for (const task of stage.tasks) {
        expect(task).toMatchObject({ status: 'not_completed', version: 1, completed_at: null, completed_by_name: null })
      }
    }
    expect(allTitles(detail)).toContain('SDLT return (SDLT1) filed and tax paid within 14 days')
    expect(allTitles(detail).some((x) => x.startsWith('TA7'))).toBe(false)
    expect(allTitles(detail).some((x) => x.includes('Management pack'))).toBe(false)

    expect(detail.activity).toHaveLength(1)
    expect(detail.activity[0]).toMatchObject({
      kind: 'transaction.created',
      actor: { id: buyer.profileId, full_name: 'Bea Buyer' },
    })
    expect(detail.activity[0].summary).toBe('created the transaction for 47 Park Road, AL3 5AF')

    // The dashboard lists it straight away.
    const dashboard = await (await t.request('/api/transactions', { as: buyer })).json()
    expect(dashboard.transactions.map((x: { id: string }) => x.id)).toContain(detail.id)
  })

  it('creates the seller’s move with the creator in the seller column and as the seller participant', async () => {
    const detail = await createOk({ ...VALID, role: 'seller' }, seller)
    expect(detail.seller_user_id).toBe(seller.profileId)
    expect(detail.buyer_user_id).toBeNull()
    expect(detail.viewer_role).toBe('seller')
    expect(detail.transaction_participants.map((p) => [p.user_id, p.role])).toEqual([[seller.profileId, 'seller']])
  })

  it('leaves out an empty address line 2 and UPRN, and trims and normalises the postcode', async () => {
    const detail = await createOk({
      address_line_1: '  3 Station Approach ',
      address_line_2: '   ',
      town: 'St Albans',
      postcode: ' al1 3rr ',
      uprn: '',
      role: 'buyer',
      agreed_price: 325000.99,
      tenure: 'freehold',
    })
    expect(detail.property).toEqual({
      address_lines: ['3 Station Approach', 'St Albans'],
      postcode: 'AL1 3RR',
      uprn: null,
      tenure: 'freehold',
      nation: 'england',
    })
    expect(detail.agreed_price_pence).toBe(32_500_099)

    const noUprn = await createOk({ ...VALID, uprn: undefined, address_line_2: undefined })
    expect(noUprn.property?.uprn).toBeNull()
    expect(noUprn.property?.address_lines).toEqual(['47 Park Road', 'Harpenden'])
  })

  it('adds the TA7 and management-pack tasks for a leasehold', async () => {
    const detail = await createOk({ ...VALID, tenure: 'leasehold' })
    expect(detail.property?.tenure).toBe('leasehold')
    expect(detailShape(detail)).toEqual(templateShape({ tenure: 'leasehold', nation: 'england' }))
    const titles = allTitles(detail)
    expect(titles).toContain('TA7 Leasehold Information Form completed')
    expect(titles).toContain('Management pack (LPE1) requested from the landlord or managing agent')
    expect(titles).toContain('Management pack (LPE1) reviewed: lease term, service charge and ground rent')
    expect(titles).toContain('Notice of assignment and charge served on the landlord')
    const ta7 = detail.timeline_stages.flatMap((s) => s.tasks).find((k) => k.title.startsWith('TA7'))
    expect(ta7?.owner_side).toBe('seller_side')
    const freeholdCount = standardTimeline({ tenure: 'freehold' }).flatMap((s) => s.tasks).length
    expect(titles.length).toBe(freeholdCount + 4)
  })

  it('gives a Welsh property the Land Transaction Tax task instead of SDLT', async () => {
    const detail = await createOk({ ...VALID, town: 'Cardiff', postcode: 'cf101ep' })
    expect(detail.property?.postcode).toBe('CF10 1EP')
    expect(detailShape(detail)).toEqual(templateShape({ tenure: 'freehold', nation: 'wales' }))
    const titles = allTitles(detail)
    expect(titles).toContain(
      'Land Transaction Tax return filed with the Welsh Revenue Authority and tax paid within 30 days',
    )
    expect(titles.some((x) => x.startsWith('SDLT'))).toBe(false)
  })

  it('ignores extra fields such as status, buyer_user_id, seller_user_id and version (ASVS 8.2.3)', async () => {
    const detail = await createOk({
      ...VALID,
      status: 'completed',
      buyer_user_id: seller.profileId,
      seller_user_id: seller.profileId,
      created_by: seller.profileId,
      version: 99,
      agreed_price_pence: 1,
    })
    expect(detail.status).toBe('draft')
    expect(detail.version).toBe(1)
    expect(detail.buyer_user_id).toBe(buyer.profileId)
    expect(detail.seller_user_id).toBeNull()
    expect(detail.agreed_price_pence).toBe(45_000_050)
    expect(detail.transaction_participants.map((p) => p.user_id)).toEqual([buyer.profileId])
    // The seller named in the body was not given access.
    expect((await t.request(`/api/transactions/${detail.id}`, { as: seller })).status).toBe(404)
  })

  it.each([
    ['an invalid postcode', { postcode: 'NOT A POSTCODE' }, 'postcode', 'Enter a valid UK postcode, like SW1A 1AA'],
    [
      'a postcode missing its last letter',
      { postcode: 'AL3 5A' },
      'postcode',
      'Enter a valid UK postcode, like SW1A 1AA',
    ],
    ['no postcode', { postcode: undefined }, 'postcode', 'Enter a valid UK postcode, like SW1A 1AA'],
    ['a UPRN with letters', { uprn: '10008A123456' }, 'uprn', 'UPRN must be 1 to 12 digits'],
    ['a 13-digit UPRN', { uprn: '1000801234567' }, 'uprn', 'UPRN must be 1 to 12 digits'],
    ['no town', { town: undefined }, 'town', 'Enter the town or city'],
    ['a blank town', { town: '   ' }, 'town', 'Enter the town or city'],
    ['no address line 1', { address_line_1: '' }, 'address_line_1', 'Enter the first line of the address'],
    [
      'a 101-character address line 1',
      { address_line_1: 'x'.repeat(101) },
      'address_line_1',
      'Address line 1 must be at most 100 characters',
    ],
    ['a negative price', { agreed_price: -1 }, 'agreed_price', 'Enter the agreed price in pounds'],
    ['a zero price', { agreed_price: 0 }, 'agreed_price', 'Enter the agreed price in pounds'],
    ['a price with three decimals', { agreed_price: 450000.125 }, 'agreed_price', 'Use at most two decimal places'],
    ['a price that is not a number', { agreed_price: 'lots' }, 'agreed_price', 'Enter the agreed price in pounds'],
    ['an unknown role', { role: 'landlord' }, 'role', 'Choose whether you are buying or selling'],
    ['a professional role', { role: 'buyer_conveyancer' }, 'role', 'Choose whether you are buying or selling'],
    ['an unknown tenure', { tenure: 'commonhold' }, 'tenure', 'Choose freehold or leasehold'],
  ])('answers 400 naming the field and writes nothing for %s', async (_label, patch, field, message) => {
    const before = await counts()
    const res = await create({ ...VALID, ...patch })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.error.code).toBe('validation_failed')
    expect(body.error.fields[field]).toContain(message)
    expect(await counts()).toEqual(before)
  })

  it('answers 400 to a body that is not JSON, and writes nothing', async () => {
    const before = await counts()
    const res = await t.request('/api/transactions', {
      method: 'POST',
      as: buyer,
      headers: { 'content-type': 'application/json' },
      body: '{"address_line_1": ',
    })
    expect(res.status).toBe(400)
    expect(await counts()).toEqual(before)
  })

  it('answers 401 to a signed-out caller and writes nothing', async () => {
    const before = await counts()
    const res = await create(VALID, null)
    expect(res.status).toBe(401)
    expect((await res.json()).error.code).toBe('unauthenticated')
    expect(await counts()).toEqual(before)
  })

  it('writes all or nothing: a failure after the timeline is written rolls back the transaction, property and tasks', async () => {
    // The activity entry is the last write of the create; make it fail for one address only.
    await t.database.query(`create or replace function fail_rollback_road() returns trigger language plpgsql as $$
      begin
        if new.summary like '%Rollback Road%' then raise exception 'refused for the test'; end if;
        return new;
      end $$`)
    await t.database.query(`create trigger fail_rollback_road before insert on activity_events
      for each row execute function fail_rollback_road()`)
    try {
      const before = await counts()
      const res = await create({ ...VALID, address_line_1: '9 Rollback Road' })
      expect(res.status).toBe(500)
      expect((await res.json()).error.code).toBe('internal')
      expect(await counts()).toEqual(before)
      const [row] = await t.database.query<{ n: string }>(
        `select count(*)::text as n from properties where address_lines[1] = '9 Rollback Road'`,
      )
      expect(row.n).toBe('0')
    } finally {
      await t.database.query('drop trigger fail_rollback_road on activity_events')
      await t.database.query('drop function fail_rollback_road()')
    }
  })
})
