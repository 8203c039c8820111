/**
 * England and Wales for real (issue 41, decision 067): a move created from the sandbox address
 * lookup (Find address: pick the address, get its UPRN and nation) stores the nation; a Cardiff
 * (CF10), a Mold (CH7) and an Aberystwyth (SY23) purchase show Land Transaction Tax at the Welsh
 * Revenue Authority's figure, the LTT return task and homeNation Wales in the PDTF export; a Chester
 * (CH1) and an Oswestry (SY11) purchase show SDLT. Typing by hand stays possible: a district on both
 * sides of the border asks the nation.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { AddressLookupResult } from '#shared/contracts/address-lookup.ts'
import { FundsPicture } from '#shared/contracts/funds.ts'
import { CreateTransactionResponse, TransactionDetail } from '#shared/contracts/transactions.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()
let buyer: TestUser

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bethan Buyer' })
})

async function lookUp(postcode: string): Promise<AddressLookupResult> {
  const res = await t.request(`/api/address-lookup?postcode=${encodeURIComponent(postcode)}`, { as: buyer })
  expect(res.status, await res.clone().text()).toBe(200)
  return AddressLookupResult.parse(await res.json())
}

/** Find address, pick the first, create the purchase at `price` pounds as the form sends it. */
async function buyFromLookup(postcode: string, price: number) {
  const found = await lookUp(postcode)
  const a = found.addresses[0]!
  const res = await t.request('/api/transactions', {
    as: buyer,
    json: {
      address_line_1: a.lines[0],
      address_line_2: a.lines.slice(1).join(', '),
      town: a.town,
      postcode: a.postcode,
      uprn: a.uprn,
      nation: a.nation,
      role: 'buyer',
      agreed_price: price,
      tenure: 'freehold',
    },
  })
  expect(res.status, await res.clone().text()).toBe(201)
  const { id } = CreateTransactionResponse.parse(await res.json())
  const detail = TransactionDetail.parse(await (await t.request(`/api/transactions/${id}`, { as: buyer })).json())
  const funds = FundsPicture.parse(await (await t.request(`/api/transactions/${id}/funds`, { as: buyer })).json())
  const pack = (await (await t.request(`/api/transactions/${id}/pdtf`, { as: buyer })).json()) as {
    propertyPack: { address: { homeNation: string }; uprn?: number }
  }
  const titles = detail.timeline_stages.flatMap((s) => s.tasks.map((k) => k.title))
  return { found, a, detail, funds, pack, titles }
}

const LTT_TASK = 'Land Transaction Tax return filed with the Welsh Revenue Authority and tax paid within 30 days'
const SDLT_TASK = 'SDLT return (SDLT1) filed and tax paid within 14 days'

describe('a purchase in Wales, found by postcode', () => {
  it.each([
    // WRA main rates from 10 October 2022: 0% to £225,000, 6% to £400,000, 7.5% to £750,000.
    ['CF10 1EP', 'Cardiff', 300_000, 4_500],
    ['CH7 1AB', 'Mold', 250_000, 1_500],
    ['SY23 1DL', 'Aberystwyth', 425_000, 12_375],
  ])('%s (%s) at £%i: LTT £%i, the LTT return task, homeNation Wales', async (postcode, town, price, tax) => {
    const { found, a, detail, funds, pack, titles } = await buyFromLookup(postcode, price)
    expect(found.sandbox).toBe(true)
    expect(found.provider_label).toBe('Sandbox address lookup')
    expect(a).toMatchObject({ town, postcode, nation: 'wales' })
    expect(a.uprn).toMatch(/^\d{1,12}$/)
    expect(detail.property).toMatchObject({ nation: 'wales', uprn: a.uprn, postcode })
    expect(funds.sdlt).toMatchObject({ tax: 'ltt', tax_name: 'Land Transaction Tax', total_pence: tax * 100 })
    expect(funds.sdlt!.source_url).toMatch(/^https:\/\/www\.gov\.wales\//)
    expect(funds.totals.sdlt_pence).toBe(tax * 100)
    expect(titles).toContain(LTT_TASK)
    expect(titles).not.toContain(SDLT_TASK)
    expect(pack.propertyPack.address.homeNation).toBe('Wales')
    expect(pack.propertyPack.uprn).toBe(Number(a.uprn))
  })
})

describe('a purchase in England near the border, found by postcode', () => {
  it.each([
    // SDLT from 1 April 2025: 0% to £125,000, 2% to £250,000, 5% to £925,000.
    ['CH1 2HS', 'Chester', 300_000, 5_000],
    ['SY11 1PZ', 'Oswestry', 250_000, 2_500],
  ])('%s (%s) at £%i: SDLT £%i, the SDLT task, homeNation England', async (postcode, town, price, tax) => {
    const { a, detail, funds, pack, titles } = await buyFromLookup(postcode, price)
    expect(a).toMatchObject({ town, nation: 'england' })
    expect(detail.property?.nation).toBe('england')
    expect(funds.sdlt).toMatchObject({ tax: 'sdlt', tax_name: 'Stamp Duty Land Tax', total_pence: tax * 100 })
    expect(titles).toContain(SDLT_TASK)
    expect(titles).not.toContain(LTT_TASK)
    expect(pack.propertyPack.address.homeNation).toBe('England')
  })

  it('a Welsh first-time buyer gets no relief: the main rates, with the reason', async () => {
    const cardiff = await buyFromLookup('CF24 4AB', 300_000)
    const plan = (txId: string) =>
      t.request(`/api/transactions/${txId}/funds/plan`, {
        as: buyer,
        method: 'PUT',
        json: {
          first_time_buyer: true,
          additional_property: false,
          non_resident: false,
          mortgage_stated_pence: null,
          sale_proceeds_pence: null,
          fees_pence: 0,
        },
      })
    const res = await plan(cardiff.detail.id)
    expect(res.status, await res.clone().text()).toBe(200)
    const after = FundsPicture.parse(
      await (await t.request(`/api/transactions/${cardiff.detail.id}/funds`, { as: buyer })).json(),
    )
    expect(after.sdlt).toMatchObject({ tax: 'ltt', total_pence: 450_000, first_time_buyer_relief: false })
    expect(after.sdlt!.relief_refused).toMatch(/no first-time buyer relief/)
  })
})

describe('the lookup across the border and typing by hand', () => {
  it('a straddling district: the lookup gives each address its own nation', async () => {
    const saltney = await lookUp('ch4 8aa')
    expect(saltney.postcode).toBe('CH4 8AA')
    expect(saltney.postcode_nation).toBe('straddles')
    expect(saltney.addresses.map((a) => a.nation).sort()).toEqual(['england', 'wales'])
  })

  it('typed by hand in a straddling district, the nation is asked (400 naming nation), then taken', async () => {
    const body = {
      address_line_1: '2 High Street',
      town: 'Saltney',
      postcode: 'CH4 8AA',
      role: 'buyer',
      agreed_price: 300_000,
      tenure: 'freehold',
    }
    const asked = await t.request('/api/transactions', { as: buyer, json: body })
    expect(asked.status).toBe(400)
    const err = (await asked.json()) as { error: { fields: Record<string, string[]> } }
    expect(err.error.fields.nation).toEqual([
      'Postcode district CH4 has addresses in England and in Wales: choose which nation the property is in',
    ])
    const answered = await t.request('/api/transactions', { as: buyer, json: { ...body, nation: 'wales' } })
    expect(answered.status).toBe(201)
  })

  it('a nation against a district wholly in the other is refused; no answer needed outside the border', async () => {
    const wrong = await t.request('/api/transactions', {
      as: buyer,
      json: {
        address_line_1: '1 Queen Street',
        town: 'Cardiff',
        postcode: 'CF10 2BH',
        nation: 'england',
        role: 'buyer',
        agreed_price: 1,
        tenure: 'freehold',
      },
    })
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as { error: { fields: Record<string, string[]> } }).error.fields.nation).toEqual([
      'CF10 2BH is in Wales, not England',
    ])
  })

  it('an unknown postcode finds nothing; an impossible one is 400; a provider outage is 422', async () => {
    expect((await lookUp('AL5 1ZZ')).addresses).toEqual([])
    const bad = await t.request('/api/address-lookup?postcode=QA1%201AA', { as: buyer })
    expect(bad.status).toBe(400)
    const down = await t.request('/api/address-lookup?postcode=AL9%209ZZ', { as: buyer })
    expect(down.status).toBe(422)
    expect(((await down.json()) as { error: { message: string } }).error.message).toMatch(/type the address instead/)
  })

  it('needs a session', async () => {
    expect((await t.request('/api/address-lookup?postcode=CF10%201EP', { as: null })).status).toBe(401)
  })
})
