/**
 * Off-platform parties (issue 37 item 1): recording a professional who is not on Homeward in a seat,
 * who may record which seat (mayRecordOffPlatform), one open record per seat, correcting and removing
 * it, the trail's entries, outsiders refused, inviting the recorded firm (a proposal the seller
 * decides when the buyer's conveyancer invites the seller's firm: decision 014) and the record
 * becoming the participant when they join.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { OffPlatformParty, OffPlatformPartyList } from '#shared/contracts/off-platform-parties.ts'
import { createTransaction } from '#server/test/factories.ts'
import { TEST_PUBLIC_URL, type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()
const LINK = new RegExp(`${TEST_PUBLIC_URL}/invite/([A-Za-z0-9_-]{43})`)
const uniqueEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@homeward.test`

let buyer: TestUser
let seller: TestUser
let buyerConveyancer: TestUser
let outsider: TestUser

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Amelia Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  buyerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Priya Shah' })
  outsider = await t.signUp({ role: 'conveyancer', name: 'Olly Outsider' })
})

async function move() {
  const { transactionId } = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [{ profileId: buyerConveyancer.profileId, role: 'buyer_conveyancer', invitedBy: buyer.profileId }],
  })
  return transactionId
}

const sellersFirm = (email = uniqueEmail('mercer')) => ({
  role: 'seller_conveyancer',
  firm_name: 'Mercer & Co Solicitors',
  person_name: 'Dan Mercer',
  email,
  phone: '01727 123456',
  regulator: 'sra',
  regulator_number: '612345',
})

const base = (txId: string) => `/api/transactions/${txId}/off-platform-parties`
const record = (as: TestUser, txId: string, body: Record<string, unknown>) => t.request(base(txId), { as, json: body })
const list = async (as: TestUser, txId: string) =>
  OffPlatformPartyList.parse(await (await t.request(base(txId), { as })).json()).parties

async function trail(txId: string) {
  return t.database.query<{ kind: string; summary: string; audience: string }>(
    `select kind, summary, audience from activity_events where transaction_id = $1 and kind like 'off_platform.%' order by seq`,
    [txId],
  )
}

describe('recording an off-platform party', () => {
  it("the buyer's conveyancer records the seller's firm; everyone on the move reads it; the trail says so", async () => {
    const txId = await move()
    const res = await record(buyerConveyancer, txId, sellersFirm('Dan@Mercer.example'))
    expect(res.status).toBe(201)
    const party = OffPlatformParty.parse(await res.json())
    expect(party).toMatchObject({
      role: 'seller_conveyancer',
      firm_name: 'Mercer & Co Solicitors',
      email: 'dan@mercer.example',
      regulator: 'sra',
      regulator_number: '612345',
      recorded_by: buyerConveyancer.profileId,
    })
    for (const who of [buyer, seller, buyerConveyancer])
      expect((await list(who, txId)).map((p) => p.id)).toEqual([party.id])
    expect(await trail(txId)).toEqual([
      {
        kind: 'off_platform.recorded',
        summary: "recorded Mercer & Co Solicitors as Seller's Conveyancer (not on Homeward)",
        audience: 'everyone',
      },
    ])
  })

  it('refuses a recorder who may not record that seat, with a message naming who may', async () => {
    const txId = await move()
    const res = await record(buyer, txId, {
      role: 'estate_agent',
      firm_name: 'Town Homes',
      email: uniqueEmail('agent'),
    })
    expect(res.status).toBe(403)
    expect((await res.json()).error.message).toBe(
      "The estate agent is recorded by the seller or the seller's conveyancer.",
    )
    expect(await list(buyer, txId)).toEqual([])
  })

  it('refuses a regulator of another trade', async () => {
    const txId = await move()
    const res = await record(seller, txId, {
      role: 'estate_agent',
      firm_name: 'Town Homes',
      email: uniqueEmail('agent'),
      regulator: 'sra',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error.message).toBe('Choose a regulator of this trade: Propertymark or TPO.')
  })

  it('keeps one open record per seat, and none for a seat someone on Homeward holds', async () => {
    const txId = await move()
    expect((await record(buyerConveyancer, txId, sellersFirm())).status).toBe(201)
    const again = await record(seller, txId, { ...sellersFirm(), firm_name: 'Another Firm LLP' })
    expect(again.status).toBe(409)
    expect((await again.json()).error.message).toBe(
      "Mercer & Co Solicitors is already recorded as Seller's Conveyancer. Edit that record instead, or remove it first.",
    )
    const held = await record(buyer, txId, { ...sellersFirm(), role: 'buyer_conveyancer' })
    expect(held.status).toBe(409)
    expect((await held.json()).error.message).toBe(
      "Priya Shah is already on Homeward as Buyer's Conveyancer on this move, so there is nothing to record.",
    )
  })

  it('edits and removes a record; the seat then reads as empty and a new record can be made', async () => {
    const txId = await move()
    const party = OffPlatformParty.parse(await (await record(buyerConveyancer, txId, sellersFirm())).json())
    const edited = await t.request(`${base(txId)}/${party.id}`, {
      as: seller,
      method: 'PATCH',
      json: { person_name: 'Ruth Mercer', phone: null, regulator: 'clc', regulator_number: '8001234' },
    })
    expect(edited.status).toBe(200)
    expect(OffPlatformParty.parse(await edited.json())).toMatchObject({
      firm_name: 'Mercer & Co Solicitors',
      person_name: 'Ruth Mercer',
      phone: null,
      regulator: 'clc',
      regulator_number: '8001234',
    })
    const removed = await t.request(`${base(txId)}/${party.id}`, { as: buyerConveyancer, method: 'DELETE' })
    expect(removed.status).toBe(204)
    expect(await list(buyer, txId)).toEqual([])
    expect((await record(buyerConveyancer, txId, sellersFirm())).status).toBe(201)
    expect((await trail(txId)).map((e) => e.kind)).toEqual([
      'off_platform.recorded',
      'off_platform.updated',
      'off_platform.removed',
      'off_platform.recorded',
    ])
  })

  it('refuses an outsider everything with 404, and a participant who may not change the seat with 403', async () => {
    const txId = await move()
    const party = OffPlatformParty.parse(
      await (
        await record(seller, txId, { role: 'estate_agent', firm_name: 'Town Homes', email: uniqueEmail('a') })
      ).json(),
    )
    expect((await t.request(base(txId), { as: outsider })).status).toBe(404)
    expect((await record(outsider, txId, sellersFirm())).status).toBe(404)
    const path = `${base(txId)}/${party.id}`
    expect((await t.request(path, { as: outsider, method: 'PATCH', json: { firm_name: 'X' } })).status).toBe(404)
    expect((await t.request(path, { as: outsider, method: 'DELETE' })).status).toBe(404)
    const notTheirs = await t.request(path, { as: buyerConveyancer, method: 'DELETE' })
    expect(notTheirs.status).toBe(403)
    expect(await list(seller, txId)).toHaveLength(1)
  })
})

describe('inviting the recorded firm, and the record becoming the participant', () => {
  async function inviteLinkFor(email: string) {
    const res = await t.request('/api/dev/mail')
    const { messages } = (await res.json()) as { messages: { to: string; text: string }[] }
    const mail = messages.find((m) => m.to === email && LINK.test(m.text))
    return mail?.text.match(LINK)?.[1] ?? null
  }

  it("the buyer's conveyancer's invitation of the seller's firm is a proposal the seller accepts; on joining the record becomes the participant", async () => {
    const txId = await move()
    const email = uniqueEmail('dan')
    const party = OffPlatformParty.parse(await (await record(buyerConveyancer, txId, sellersFirm(email))).json())
    const invited = await t.request(`${base(txId)}/${party.id}/invitation`, { as: buyerConveyancer, method: 'POST' })
    expect(invited.status).toBe(201)
    const result = await invited.json()
    expect(result.outcome).toBe('proposed')
    expect(await inviteLinkFor(email)).toBeNull()
    // Only the seller decides (issue 35): the buyer's conveyancer cannot accept their own proposal.
    const decision = (as: TestUser) =>
      t.request(`/api/transactions/${txId}/invitations/${result.invitation_id}/decision`, {
        as,
        json: { decision: 'accept' },
      })
    expect((await decision(buyerConveyancer)).status).toBe(403)
    expect((await decision(seller)).status).toBe(200)
    const token = await inviteLinkFor(email)
    expect(token).not.toBeNull()
    const dan = await t.signUp({ role: 'conveyancer', name: 'Dan Mercer', email })
    expect((await t.request(`/api/invitations/${token}/accept`, { method: 'POST', as: dan })).status).toBe(200)
    expect(await list(seller, txId)).toEqual([])
    const [kept] = await t.database.query<{ joined_participant_id: string; role: string; user_id: string }>(
      `select o.joined_participant_id, tp.role, tp.user_id from off_platform_parties o
         join transaction_participants tp on tp.id = o.joined_participant_id where o.id = $1 and o.joined_at is not null`,
      [party.id],
    )
    expect(kept).toMatchObject({ role: 'seller_conveyancer', user_id: dan.profileId })
    expect((await trail(txId)).map((e) => [e.kind, e.summary])).toEqual([
      ['off_platform.recorded', "recorded Mercer & Co Solicitors as Seller's Conveyancer (not on Homeward)"],
      [
        'off_platform.joined',
        "joined Homeward and took the Seller's Conveyancer seat recorded as Mercer & Co Solicitors",
      ],
    ])
  })

  it('the seller invites their recorded estate agent at once, by the recorded email', async () => {
    const txId = await move()
    const email = uniqueEmail('agent')
    const party = OffPlatformParty.parse(
      await (await record(seller, txId, { role: 'estate_agent', firm_name: 'Town Homes', email })).json(),
    )
    const invited = await t.request(`${base(txId)}/${party.id}/invitation`, { as: seller, method: 'POST' })
    expect(invited.status).toBe(201)
    expect((await invited.json()).outcome).toBe('invited')
    expect(await inviteLinkFor(email)).not.toBeNull()
    const again = await t.request(`${base(txId)}/${party.id}/invitation`, { as: seller, method: 'POST' })
    expect(again.status).toBe(409)
  })
})
