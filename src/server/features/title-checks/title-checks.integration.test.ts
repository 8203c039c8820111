/**
 * Title checks through the API on a real database, against the sandbox land registry: the buyer's
 * conveyancer checks the demo-like title and the seller matches (no flags), the register summary PDF
 * is filed in Property and the move gets its title number; a seller who is not the proprietor raises
 * the flag with a suggested enquiry; a restriction is flagged; an unknown title is 422 and writes
 * nothing; the buyer is refused 403 and an outsider 404.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { TitleCheck, TitleChecksResponse } from '#shared/contracts/title-checks.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

let buyer: TestUser
let conveyancer: TestUser
let outsider: TestUser

/** A move of `sellerName` at `postcode`, with the conveyancer acting for the buyer. */
async function moveOf(sellerName: string, postcode: string) {
  const seller = await t.signUp({ name: sellerName, role: 'seller' })
  const move = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [{ profileId: conveyancer.profileId, role: 'buyer_conveyancer' }],
    property: { addressLines: ['12 Clarence Road', 'St Albans'], postcode, titleNumber: null },
  })
  return move.transactionId
}

beforeAll(async () => {
  ;[buyer, conveyancer, outsider] = await Promise.all([
    t.signUp({ name: 'Amelia Buyer' }),
    t.signUp({ name: 'Priya Shah', role: 'conveyancer' }),
    t.signUp({ name: 'Olive Outsider' }),
  ])
})

describe('title checks', () => {
  it('checks a clean title: the seller is the proprietor, the PDF is filed and the title number kept', async () => {
    const txId = await moveOf('Tom Whitfield', 'AL1 4NG')
    const check = TitleCheck.parse(
      await json(
        await t.request(`/api/transactions/${txId}/title-checks`, {
          as: conveyancer,
          json: { title_number: ' hd412873 ' },
        }),
        201,
      ),
    )
    expect(check).toMatchObject({
      title_number: 'HD412873',
      provider: 'sandbox',
      checked_by: 'Priya Shah',
      class_of_title: 'Title absolute',
      proprietors: [{ name: 'THOMAS JAMES WHITFIELD' }],
      price_paid: { amount_pence: 41_000_000, date: '2019-03-14' },
      charges: [{ lender: 'Nationwide Building Society' }],
      flags: [],
    })
    const [doc] = await t.database.query<{ filename: string; folder: string; content_type: string }>(
      `select filename, folder, content_type from documents where id = $1`,
      [check.document_id],
    )
    expect(doc).toEqual({ filename: 'Register HD412873.pdf', folder: 'Property', content_type: 'application/pdf' })
    const list = TitleChecksResponse.parse(
      await json(await t.request(`/api/transactions/${txId}/title-checks`, { as: buyer }), 200),
    )
    expect(list).toMatchObject({ title_number: 'HD412873', can_run: false, provider: { label: 'Sandbox' } })
    expect(list.checks.map((c) => c.id)).toEqual([check.id])
    const [entry] = await t.database.query<{ summary: string }>(
      `select summary from activity_events where transaction_id = $1 and kind = 'title.checked'`,
      [txId],
    )
    expect(entry?.summary).toBe('checked the register of HD412873: no flags')
  })

  it('flags a seller who is not a registered proprietor, with the enquiry to raise', async () => {
    const txId = await moveOf('Sam Mismatch', 'AL5 1AA')
    const check = await json<TitleCheck>(
      await t.request(`/api/transactions/${txId}/title-checks`, {
        as: conveyancer,
        json: { title_number: 'HD733205' },
      }),
      201,
    )
    expect(check.flags).toEqual([
      {
        kind: 'proprietor_mismatch',
        message:
          'Sam Mismatch, the seller on this move, is not a registered proprietor of HD733205 (the register shows MARGARET ANNE COLE).',
        suggested_enquiry: expect.stringMatching(/Please explain how Sam Mismatch is entitled to sell/),
      },
    ])
  })

  it('flags a restriction, and another postcode than the move', async () => {
    const txId = await moveOf('Priya Anand', 'AL1 4NG')
    const check = await json<TitleCheck>(
      await t.request(`/api/transactions/${txId}/title-checks`, {
        as: conveyancer,
        json: { title_number: 'HD520447' },
      }),
      201,
    )
    expect(check.flags.map((f) => f.kind)).toEqual(['restriction', 'postcode_mismatch'])
    expect(check.flags[0]!.message).toMatch(
      /^Restriction on the register: No disposition .*Verulam Court Management Company Limited/,
    )
  })

  it('refuses an unknown title (422), a malformed one (400), the buyer (403) and an outsider (404), writing nothing', async () => {
    const txId = await moveOf('Tom Whitfield', 'AL1 4NG')
    const unknown = await json<{ error: { message: string } }>(
      await t.request(`/api/transactions/${txId}/title-checks`, {
        as: conveyancer,
        json: { title_number: 'HD000001' },
      }),
      422,
    )
    expect(unknown.error.message).toMatch(
      /^HM Land Registry has no register for title number HD000001\. In the sandbox, use one of HD412873/,
    )
    const malformed = await json<{ error: { message: string } }>(
      await t.request(`/api/transactions/${txId}/title-checks`, { as: conveyancer, json: { title_number: '12-AB' } }),
      400,
    )
    expect(malformed.error.message).toMatch(/title_number: Enter an HM Land Registry title number/)
    const byBuyer = await json<{ error: { message: string } }>(
      await t.request(`/api/transactions/${txId}/title-checks`, { as: buyer, json: { title_number: 'HD412873' } }),
      403,
    )
    expect(byBuyer.error.message).toBe("Only the move's conveyancers obtain official copies of the register.")
    await json(
      await t.request(`/api/transactions/${txId}/title-checks`, { as: outsider, json: { title_number: 'HD412873' } }),
      404,
    )
    await json(await t.request(`/api/transactions/${txId}/title-checks`, { as: outsider }), 404)
    const rows = await t.database.query(
      `select 1 from title_checks where transaction_id = $1 union all select 1 from documents where transaction_id = $1`,
      [txId],
    )
    expect(rows).toEqual([])
  })
})
