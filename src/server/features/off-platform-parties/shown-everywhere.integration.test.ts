/**
 * A recorded off-platform party shows wherever a participant appears (issue 37 item 1): in the
 * transaction detail (the read API tokens use, `off_platform_parties`), on the cases board (the other
 * side's conveyancer: on Homeward by firm, the recorded firm with on_homeward false, or null) and in
 * the chain (each seat of a move the viewer is on). An outsider reads none of it.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { CreatedApiToken } from '#shared/contracts/api-access.ts'
import { ChainView } from '#shared/contracts/chains.ts'
import { BoardResponse, MyFirmResponse, OpenMatterResponse } from '#shared/contracts/firms.ts'
import { TransactionDetail } from '#shared/contracts/transactions.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { requestWithToken } from '#server/test/token-request.ts'

type Matter = ReturnType<typeof OpenMatterResponse.parse>

const t = useTestApp()
const domain = `shown-${randomUUID().slice(0, 8)}.test`

let admin: TestUser
let otherFirmAdmin: TestUser
let outsider: TestUser
const FIRM = 'Holywell Conveyancing'
const OTHER_FIRM = 'Other Side LLP'

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

async function createFirm(as: TestUser, name: string) {
  return MyFirmResponse.parse(
    await json(
      await t.request('/api/firm', {
        as,
        json: { name, town: 'St Albans', postcode_district: 'al1', contact_email: `hello@${domain}` },
      }),
      201,
    ),
  )
}

async function openMatter(as: TestUser, address: string) {
  return OpenMatterResponse.parse(
    await json(
      await t.request('/api/matters', {
        as,
        json: {
          address_line_1: address,
          town: 'St Albans',
          postcode: 'AL1 1BT',
          agreed_price: 610000,
          tenure: 'freehold',
          side: 'buyer',
          client_name: 'Cleo Client',
          client_email: `cleo-${randomUUID().slice(0, 8)}@example.test`,
        },
      }),
      201,
    ),
  )
}

const recordSellersFirm = (txId: string) =>
  t.request(`/api/transactions/${txId}/off-platform-parties`, {
    as: admin,
    json: {
      role: 'seller_conveyancer',
      firm_name: 'Mercer & Co Solicitors',
      person_name: 'Dan Mercer',
      email: `dan-${randomUUID().slice(0, 8)}@mercer.example`,
      regulator: 'sra',
      regulator_number: '612345',
    },
  })

const board = async (as: TestUser) => BoardResponse.parse(await json(await t.request('/api/cases', { as }), 200))

let recorded: Matter
let onHomeward: Matter
let unknown: Matter

beforeAll(async () => {
  ;[admin, otherFirmAdmin, outsider] = await Promise.all([
    t.signUp({ role: 'conveyancer', name: 'Ada Admin' }),
    t.signUp({ role: 'conveyancer', name: 'Otto Other' }),
    t.signUp({ role: 'conveyancer', name: 'Olly Outsider' }),
  ])
  await createFirm(admin, FIRM)
  const other = await createFirm(otherFirmAdmin, OTHER_FIRM)
  recorded = await openMatter(admin, '4 Holywell Hill')
  onHomeward = await openMatter(admin, '6 Holywell Hill')
  unknown = await openMatter(admin, '8 Holywell Hill')
  expect((await recordSellersFirm(recorded.transaction_id)).status).toBe(201)
  // The other side's conveyancer on Homeward, with their firm (as accepting an invitation leaves it).
  await t.database.query(
    `insert into transaction_participants (transaction_id, user_id, role, organization_id, invited_by)
     values ($1, $2, 'seller_conveyancer', $3, $4)`,
    [onHomeward.transaction_id, otherFirmAdmin.profileId, other.firm!.id, admin.profileId],
  )
})

describe('the cases board', () => {
  it("names the other side's conveyancer: the recorded firm not on Homeward, a firm on Homeward, or nobody", async () => {
    const rows = (await board(admin)).rows
    const row = (m: Matter) => rows.find((r) => r.matter_id === m.matter_id)?.other_conveyancer
    expect(row(recorded)).toEqual({ name: 'Mercer & Co Solicitors', person_name: 'Dan Mercer', on_homeward: false })
    expect(row(onHomeward)).toEqual({ name: OTHER_FIRM, person_name: 'Otto Other', on_homeward: true })
    expect(row(unknown)).toBeNull()
  })

  it('shows none of it to a conveyancer of another firm', async () => {
    const rows = (await board(outsider)).rows
    expect(rows.some((r) => r.transaction_id === recorded.transaction_id)).toBe(false)
  })
})

describe('the transaction detail', () => {
  it('lists the open records for everyone on the move; an outsider gets 404', async () => {
    const detail = TransactionDetail.parse(
      await json(await t.request(`/api/transactions/${recorded.transaction_id}`, { as: admin }), 200),
    )
    expect(detail.off_platform_parties).toEqual([
      expect.objectContaining({
        role: 'seller_conveyancer',
        firm_name: 'Mercer & Co Solicitors',
        person_name: 'Dan Mercer',
        regulator: 'sra',
        regulator_number: '612345',
        recorded_by: admin.profileId,
      }),
    ])
    const none = TransactionDetail.parse(
      await json(await t.request(`/api/transactions/${unknown.transaction_id}`, { as: admin }), 200),
    )
    expect(none.off_platform_parties).toEqual([])
    expect((await t.request(`/api/transactions/${recorded.transaction_id}`, { as: outsider })).status).toBe(404)
  })

  it("reads the same to an API token with transactions:read; an outsider's token gets 404", async () => {
    const token = async (as: TestUser) =>
      CreatedApiToken.parse(
        await json(
          await t.request('/api/api-tokens', {
            as,
            json: { name: 'Case system', scopes: ['transactions:read'], expires_in_days: 30 },
          }),
          201,
        ),
      ).secret
    const path = `/api/transactions/${recorded.transaction_id}`
    const detail = TransactionDetail.parse(await json(await requestWithToken(t.app, path, await token(admin)), 200))
    expect(detail.off_platform_parties.map((p) => [p.role, p.firm_name])).toEqual([
      ['seller_conveyancer', 'Mercer & Co Solicitors'],
    ])
    expect((await requestWithToken(t.app, path, await token(outsider))).status).toBe(404)
  })
})

describe('the chain', () => {
  it("reads each conveyancer's seat of the viewer's move, the recorded one as not on Homeward", async () => {
    const chain = ChainView.parse(
      await json(await t.request(`/api/transactions/${recorded.transaction_id}/chain`, { as: admin }), 200),
    )
    const here = chain.moves.find((m) => m.is_current)
    expect(here?.seller_conveyancer).toEqual({
      name: 'Mercer & Co Solicitors',
      person_name: 'Dan Mercer',
      on_homeward: false,
    })
    expect(here?.buyer_conveyancer).toEqual({ name: FIRM, person_name: 'Ada Admin', on_homeward: true })
    expect((await t.request(`/api/transactions/${recorded.transaction_id}/chain`, { as: outsider })).status).toBe(404)
  })
})
