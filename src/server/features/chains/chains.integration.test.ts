/**
 * Property chains through the API on a real database. A chain of three moves: Amelia (a first-time
 * buyer) buys Ben's house in Harpenden, Ben buys Cara's in St Albans, Cara buys Dev's in Hitchin (the
 * top). Each side has a conveyancer; Ben's firm acts on both his sale and his purchase, as does Cara's.
 * Links are asked and confirmed by the right sides, loops, second links and moves one cannot see are
 * refused with nothing written, two links made at once cannot close a loop, the first buyer sees the
 * other moves redacted (and 404 on their documents, people and chat), a block at the top and a fall
 * through tell every party of the chain, and dates proposed to the chain become every move's target
 * dates when each move's conveyancer accepts.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { ChainDateProposal, ChainView } from '#shared/contracts/chains.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

const chainUrl = (txId: string) => `/api/transactions/${txId}/chain`
const chainOf = async (txId: string, as: TestUser) =>
  ChainView.parse(await json(await t.request(chainUrl(txId), { as }), 200))
const ask = (txId: string, as: TestUser, other: string, direction: 'onward' | 'previous' = 'onward') =>
  t.request(`${chainUrl(txId)}/links`, { as, json: { other_transaction_id: other, direction } })
const answer = (txId: string, as: TestUser, linkId: string, verb: 'confirm' | 'decline') =>
  t.request(`${chainUrl(txId)}/links/${linkId}/${verb}`, { as, method: 'POST' })

async function linked(from: string, asker: TestUser, to: string, confirmer: TestUser) {
  const { id } = await json<{ id: string }>(await ask(from, asker, to), 201)
  await json(await answer(to, confirmer, id, 'confirm'), 200)
  return id
}

const count = async (q: string, params: unknown[]) => (await t.database.query<{ n: number }>(q, params))[0]!.n

let amelia: TestUser, ben: TestUser, cara: TestUser, dev: TestUser
let convA: TestUser, convB: TestUser, convC: TestUser, convD: TestUser, outsider: TestUser
let t1: string, t2: string, t3: string

async function moveOf(
  buyer: TestUser,
  seller: TestUser,
  buyerConv: TestUser,
  sellerConv: TestUser,
  lines: string[],
  postcode: string,
) {
  const move = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [
      { profileId: buyerConv.profileId, role: 'buyer_conveyancer' },
      { profileId: seller.profileId, role: 'seller' },
      { profileId: buyer.profileId, role: 'buyer' },
      { profileId: sellerConv.profileId, role: 'seller_conveyancer' },
    ],
    property: { addressLines: lines, postcode },
  })
  return move.transactionId
}

beforeAll(async () => {
  ;[amelia, ben, cara, dev, convA, convB, convC, convD, outsider] = await Promise.all([
    t.signUp({ name: 'Amelia First' }),
    t.signUp({ name: 'Ben Middle' }),
    t.signUp({ name: 'Cara Upper' }),
    t.signUp({ name: 'Dev Top', role: 'seller' }),
    t.signUp({ name: 'Ann Conveyancer', role: 'conveyancer' }),
    t.signUp({ name: 'Bob Conveyancer', role: 'conveyancer' }),
    t.signUp({ name: 'Cat Conveyancer', role: 'conveyancer' }),
    t.signUp({ name: 'Dan Conveyancer', role: 'conveyancer' }),
    t.signUp({ name: 'Olive Outsider' }),
  ])
  t1 = await moveOf(amelia, ben, convA, convB, ['4 Elm Grove', 'Harpenden'], 'AL5 2JX')
  t2 = await moveOf(ben, cara, convB, convC, ['22 Secret Oak Road', 'St Albans'], 'AL1 3RR')
  t3 = await moveOf(cara, dev, convC, convD, ['9 Hidden Ash Lane', 'Hitchin'], 'SG5 1AA')
})

describe('linking a chain', () => {
  it('is pending until the other side confirms, then one chain from the first buyer to the top', async () => {
    // Ben is the seller on t1 and the buyer on t2: he links his sale onward to his purchase.
    const { id, status } = await json<{ id: string; status: string }>(await ask(t1, ben, t2), 201)
    expect(status).toBe('pending')
    const waiting = await chainOf(t2, cara)
    expect(waiting.moves).toHaveLength(1)
    expect(waiting.pending_links).toEqual([
      expect.objectContaining({ id, direction: 'previous', other_place: 'Harpenden, AL5', can_respond: true }),
    ])
    // Ben cannot confirm his own request; Cara (the seller on t2) can.
    expect((await answer(t2, ben, id, 'confirm')).status).toBe(403)
    await json(await answer(t2, cara, id, 'confirm'), 200)
    expect((await answer(t2, cara, id, 'confirm')).status).toBe(409)
    // Cara's conveyancer acts on her sale (t2) and her purchase (t3); Dev's conveyancer confirms.
    await json(await answer(t3, convD, (await json<{ id: string }>(await ask(t2, convC, t3), 201)).id, 'confirm'), 200)

    for (const [txId, who] of [
      [t1, amelia],
      [t2, ben],
      [t3, dev],
    ] as const) {
      const chain = await chainOf(txId, who)
      expect(chain.moves.map((m) => m.place)).toEqual(['Harpenden, AL5', 'St Albans, AL1', 'Hitchin, SG5'])
      expect(chain.moves.find((m) => m.is_current)?.transaction_id).toBe(txId)
    }
  })

  it('refuses a second onward link, a move the asker cannot see, and a loop, writing nothing', async () => {
    const extra = await moveOf(ben, outsider, convB, convD, ['1 Spare Street', 'Luton'], 'LU1 1AA')
    const links = () => count('select count(*)::int as n from chain_links', [])
    const before = await links()
    const second = await ask(t1, ben, extra)
    expect(second.status).toBe(409)
    expect(((await second.json()) as { error: { message: string } }).error.message).toMatch(/already linked/)
    // Amelia is not on t2: linking to it is refused as if it did not exist.
    const unseen = await ask(t1, amelia, t2, 'previous')
    expect(unseen.status).toBe(422)
    expect(await unseen.text()).not.toContain('Secret Oak')
    const ghost = await ask(t1, ben, '00000000-0000-4000-8000-000000000000')
    expect(ghost.status).toBe(422)
    // The wrong side: Amelia is the buyer on t1, not its seller.
    expect((await ask(t1, amelia, t1)).status).toBe(409)
    expect(await links()).toBe(before)
  })

  it('refuses a link that would close a loop', async () => {
    const [x1, x2, x3] = await Promise.all([
      t.signUp({ name: 'X One' }),
      t.signUp({ name: 'X Two' }),
      t.signUp({ name: 'X Three' }),
    ])
    const p = await moveOf(x1, x2, convA, convB, ['1 Loop Lane', 'Watford'], 'WD17 1AA')
    const q = await moveOf(x2, x3, convB, convC, ['2 Loop Lane', 'Watford'], 'WD17 1AB')
    const r = await moveOf(x3, x1, convC, convA, ['3 Loop Lane', 'Watford'], 'WD17 1AD')
    await linked(p, x2, q, x3)
    await linked(q, x3, r, x1)
    // x1 sells r and buys p: linking r onward to p would make p depend on itself.
    const loop = await ask(r, x1, p)
    expect(loop.status).toBe(409)
    expect(((await loop.json()) as { error: { message: string } }).error.message).toMatch(/loop/)
    expect(await count('select count(*)::int as n from chain_links where lower_transaction_id = $1', [r])).toBe(0)
  })

  it('lets only one of two links made at the same time close a loop', async () => {
    const [y1, y2] = await Promise.all([t.signUp({ name: 'Y One' }), t.signUp({ name: 'Y Two' })])
    const m1 = await moveOf(y1, y2, convA, convB, ['1 Race Road', 'Stevenage'], 'SG1 1AA')
    const m2 = await moveOf(y2, y1, convB, convA, ['2 Race Road', 'Stevenage'], 'SG1 1AB')
    const results = await Promise.all([ask(m1, y2, m2), ask(m2, y1, m1)])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    expect(
      await count('select count(*)::int as n from chain_links where lower_transaction_id in ($1, $2)', [m1, m2]),
    ).toBe(1)
  })
})

describe('privacy', () => {
  it('shows the first buyer the other moves as town, district, stage, status and dates only', async () => {
    const res = await t.request(chainUrl(t1), { as: amelia })
    const text = await res.text()
    const chain = ChainView.parse(JSON.parse(text))
    const [own, middle, top] = chain.moves
    expect(own).toMatchObject({ transaction_id: t1, address: '4 Elm Grove, Harpenden, AL5 2JX' })
    expect(middle).toMatchObject({ transaction_id: null, address: null, place: 'St Albans, AL1', status: 'active' })
    expect(top).toMatchObject({ transaction_id: null, address: null, place: 'Hitchin, SG5' })
    for (const secret of ['Secret Oak', 'Hidden Ash', 'Cara', 'Dev', 'Cat Conveyancer', 'Dan Conveyancer', t2, t3]) {
      expect(text).not.toContain(secret)
    }
    // Ben is on both t1 and t2: he may open them, not t3.
    const bens = await chainOf(t1, ben)
    expect(bens.moves.map((m) => m.transaction_id)).toEqual([t1, t2, null])
  })

  it("gives the first buyer 404 on another move's documents, people and chat", async () => {
    for (const path of ['', '/documents', '/threads', '/chain']) {
      const res = await t.request(`/api/transactions/${t3}${path}`, { as: amelia })
      expect(res.status, path).toBe(404)
      expect(await res.text()).not.toContain('Hidden Ash')
    }
    expect((await t.request(chainUrl(t1), { as: outsider })).status).toBe(404)
  })
})

describe('blocks and fall-throughs', () => {
  it('a block at the top tells every party of the chain, names the move by town only, and marks it slowest', async () => {
    const [stage] = await t.database.query<{ id: string; version: number; stage_name: string }>(
      'select id, version, stage_name from timeline_stages where transaction_id = $1 order by sort_index limit 1',
      [t3],
    )
    const reason = 'Dev Top has not returned the TA6 form'
    await json(
      await t.request(`/api/transactions/${t3}/stages/${stage.id}`, {
        as: convD,
        method: 'PATCH',
        json: { blocked_reason: reason, version: stage.version },
      }),
      200,
    )
    const told = await t.database.query<{ profile_id: string; title: string; body: string; link: string }>(
      `select profile_id, title, body, link from notifications where kind = 'chain_update' and title like 'A move in your chain is blocked%'`,
    )
    // Each person hears it once: Ben and his conveyancer are on two moves of the chain (his sale and
    // his purchase); Cara and her conveyancer are on the blocked move too, which told them itself.
    const perPerson = told.reduce(
      (m, n) => m.set(n.profile_id, (m.get(n.profile_id) ?? 0) + 1),
      new Map<string, number>(),
    )
    for (const who of [amelia, ben, convA, convB]) expect(perPerson.get(who.profileId), who.name).toBe(1)
    for (const who of [cara, convC, convD]) expect(perPerson.has(who.profileId), who.name).toBe(false)
    const blockedOnOwnMove = await t.database.query<{ profile_id: string }>(
      `select profile_id from notifications where kind = 'stage_blocked' and transaction_id = $1`,
      [t3],
    )
    expect(blockedOnOwnMove.map((n) => n.profile_id)).toEqual(expect.arrayContaining([cara.profileId, convC.profileId]))
    const ameliaNote = told.find((n) => n.profile_id === amelia.profileId)!
    expect(ameliaNote.title).toBe('A move in your chain is blocked: Hitchin, SG5')
    expect(ameliaNote.body).not.toContain('TA6')
    expect(ameliaNote.link).toBe(`/app/transactions/${t1}/chain`)
    // The email goes through the outbox too.
    expect(
      await count(
        `select count(*)::int as n from mail_outbox where to_address = $1 and kind = 'notification.chain_update'`,
        [amelia.email],
      ),
    ).toBeGreaterThan(0)
    const chain = await chainOf(t1, amelia)
    expect(chain.moves[2]).toMatchObject({ slowest: true, blocked: { stage: stage.stage_name, reason: null } })
    expect(chain.moves[2]!.blocked!.since).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    // On their own move, the reason shows.
    expect((await chainOf(t3, dev)).moves[2]!.blocked!.reason).toBe(reason)
  })
})

describe('chain dates', () => {
  it('become every move’s target dates when each move’s conveyancer accepts', async () => {
    const res = await t.request(`${chainUrl(t1)}/date-proposals`, {
      as: convA,
      json: { exchange_date: '2027-02-12', completion_date: '2027-02-26' },
    })
    const proposal = ChainDateProposal.parse(await json(res, 201))
    expect(
      (
        await t.request(`${chainUrl(t1)}/date-proposals`, {
          as: amelia,
          json: { exchange_date: '2027-02-12', completion_date: '2027-02-26' },
        })
      ).status,
    ).toBe(403)
    let chain = await chainOf(t2, convB)
    expect(chain.proposal).toMatchObject({
      id: proposal.id,
      status: 'open',
      can_respond: true,
      proposed_from: 'Harpenden, AL5',
    })
    expect(chain.moves.map((m) => m.date_response?.response)).toEqual(['accepted', 'pending', 'pending'])
    const respond = (txId: string, as: TestUser) =>
      t.request(`${chainUrl(txId)}/date-proposals/${proposal.id}/respond`, { as, json: { accept: true } })
    await json(await respond(t2, convB), 200)
    expect((await respond(t2, convC)).status).toBe(409)
    expect(
      await count(
        'select count(*)::int as n from transactions where id in ($1, $2, $3) and exchange_date is not null',
        [t1, t2, t3],
      ),
    ).toBe(0)
    const done = ChainDateProposal.parse(await json(await respond(t3, convD), 200))
    expect(done.status).toBe('agreed')
    const dates = await t.database.query<{ exchange_date: string; completion_date: string }>(
      `select exchange_date::text, completion_date::text from transactions where id in ($1, $2, $3)`,
      [t1, t2, t3],
    )
    expect(dates).toEqual(Array(3).fill({ exchange_date: '2027-02-12', completion_date: '2027-02-26' }))
    chain = await chainOf(t1, amelia)
    expect(chain.moves.every((m) => m.target_exchange_date === '2027-02-12')).toBe(true)
    expect(chain.proposal?.status).toBe('agreed')
  })

  it('asks the movers whether the dates suit them, records their answers and shows them to the chain by role', async () => {
    const proposal = ChainDateProposal.parse(
      await json(
        await t.request(`${chainUrl(t2)}/date-proposals`, {
          as: convB,
          json: { exchange_date: '2027-02-19', completion_date: '2027-03-05' },
        }),
        201,
      ),
    )
    // Amelia, a buyer, was asked.
    const [asked] = await t.database.query<{ body: string }>(
      `select body from notifications where profile_id = $1 and kind = 'chain_update' and title like 'Dates proposed%' order by created_at desc limit 1`,
      [amelia.profileId],
    )
    expect(asked!.body).toContain('say on the chain page whether these dates suit you')
    expect((await chainOf(t1, amelia)).proposal).toMatchObject({ can_answer_as_mover: true, my_mover_answer: null })
    expect((await chainOf(t1, convA)).proposal).toMatchObject({ can_answer_as_mover: false })
    const moverAnswer = (txId: string, as: TestUser, body: object) =>
      t.request(`${chainUrl(txId)}/date-proposals/${proposal.id}/mover-answer`, { as, json: body })
    expect((await moverAnswer(t1, convA, { suits: true })).status).toBe(403)
    await json(await moverAnswer(t1, amelia, { suits: true }), 200)
    const changed = ChainDateProposal.parse(
      await json(await moverAnswer(t1, amelia, { suits: false, note: 'Our removals are booked for April' }), 200),
    )
    expect(changed.my_mover_answer).toEqual({ suits: false, note: 'Our removals are booked for April' })
    await json(await moverAnswer(t1, ben, { suits: true }), 200)
    // The chain sees the answers by role; names only on a move the viewer is on.
    const fromTop = await chainOf(t3, dev)
    expect(fromTop.moves[0]!.mover_answers).toEqual([
      { role: 'buyer', suits: false, note: 'Our removals are booked for April', name: null },
      { role: 'seller', suits: true, note: null, name: null },
    ])
    expect((await chainOf(t1, convA)).moves[0]!.mover_answers.map((a) => a.name)).toEqual([
      'Amelia First',
      'Ben Middle',
    ])
    // The move's conveyancer hears it; the trail records it.
    expect(
      await count(
        `select count(*)::int as n from notifications where profile_id = $1 and title like 'Amelia First (buyer) says%'`,
        [convA.profileId],
      ),
    ).toBe(2)
    expect(
      await count(
        `select count(*)::int as n from activity_events where transaction_id = $1 and kind = 'chain.dates_mover_answered'`,
        [t1],
      ),
    ).toBe(3)
  })

  it('is declined by one move, and the targets stay as they were', async () => {
    const proposal = ChainDateProposal.parse(
      await json(
        await t.request(`${chainUrl(t3)}/date-proposals`, {
          as: convD,
          json: { exchange_date: '2027-03-05', completion_date: '2027-03-19' },
        }),
        201,
      ),
    )
    const declined = ChainDateProposal.parse(
      await json(
        await t.request(`${chainUrl(t1)}/date-proposals/${proposal.id}/respond`, {
          as: convA,
          json: { accept: false, note: 'Mortgage offer not until April' },
        }),
        200,
      ),
    )
    expect(declined.status).toBe('declined')
    const chain = await chainOf(t2, ben)
    expect(chain.moves[0]!.date_response).toEqual({ response: 'declined', note: 'Mortgage offer not until April' })
    expect(chain.moves[1]!.target_exchange_date).toBe('2027-02-12')
  })

  it('refuses dates in the past or out of order with 400 naming the field, writing nothing', async () => {
    const before = await count('select count(*)::int as n from chain_date_proposals', [])
    const propose = (exchange_date: string, completion_date: string) =>
      t.request(`${chainUrl(t2)}/date-proposals`, { as: convB, json: { exchange_date, completion_date } })
    let err = await json<{ error: { message: string; fields: Record<string, string[]> } }>(
      await propose('2026-11-20', '2026-11-25'),
      400,
    )
    expect(err.error.message).toMatch(
      /^The exchange date 20 Nov 2026 has passed\. Propose dates from today \(\d{2} \w{3} \d{4}\) on\.$/,
    )
    expect(Object.keys(err.error.fields)).toEqual(['exchange_date'])
    err = await json(await propose('2027-03-05', '2027-03-04'), 400)
    expect(err.error.fields.completion_date).toEqual(['The completion date cannot be before the exchange date.'])
    expect(await count('select count(*)::int as n from chain_date_proposals', [])).toBe(before)
  })

  it("refuses an exchange off the chain's agreed completion date, then records it on that date", async () => {
    const exchange = async (completion_date: string) => {
      const [row] = await t.database.query<{ version: number }>('select version from transactions where id = $1', [t2])
      return t.request(`/api/transactions/${t2}/status`, {
        as: convB,
        json: {
          action: 'exchange',
          version: row!.version,
          exchange_date: '2026-12-01',
          completion_date,
          confirm: true,
        },
      })
    }
    const err = await json<{ error: { message: string; fields: Record<string, string[]> } }>(
      await exchange('2026-12-15'),
      409,
    )
    expect(err.error.message).toBe(
      "Your chain agreed completion on 26 Feb 2027, but this exchange gives 15 Dec 2026. Exchange with the chain's completion date, or propose new dates to the chain on the Chain page and record exchange once every move has agreed them.",
    )
    expect(err.error.fields.completion_date).toHaveLength(1)
    const [still] = await t.database.query<{ status: string }>('select status from transactions where id = $1', [t2])
    expect(still!.status).not.toBe('exchange')
    await json(await exchange('2027-02-26'), 200)
  })
})

describe('a link to a move whose seller is off Homeward', () => {
  it("is confirmed by that move's conveyancer, other than whoever asked", async () => {
    // Dev sells at the top (t3) and buys a house whose seller is not on Homeward: only Dev and his
    // conveyancer are on that purchase.
    const t4 = (
      await createTransaction(t.database, {
        buyerProfileId: dev.profileId,
        participants: [
          { profileId: dev.profileId, role: 'buyer' },
          { profileId: convD.profileId, role: 'buyer_conveyancer' },
        ],
        property: { addressLines: ['1 Offline Row', 'Baldock'], postcode: 'SG7 6AA' },
      })
    ).transactionId
    const { id } = await json<{ id: string }>(await ask(t3, dev, t4), 201)
    // Dev's conveyancer is asked to confirm it.
    expect(
      await count(
        `select count(*)::int as n from notifications where profile_id = $1 and kind = 'chain_update' and transaction_id = $2`,
        [convD.profileId, t4],
      ),
    ).toBe(1)
    expect((await chainOf(t4, dev)).pending_links[0]).toMatchObject({ id, can_respond: false, can_withdraw: true })
    expect((await chainOf(t4, convD)).pending_links[0]).toMatchObject({ id, can_respond: true })
    expect((await answer(t4, dev, id, 'confirm')).status).toBe(403)
    await json(await answer(t4, convD, id, 'confirm'), 200)
    expect((await chainOf(t4, dev)).moves.map((m) => m.place)).toContain('Baldock, SG7')
  })
})

describe('fall-through', () => {
  it('a cancelled move tells the rest of the chain and shows as cancelled in it', async () => {
    const [row] = await t.database.query<{ version: number }>('select version from transactions where id = $1', [t1])
    await json(
      await t.request(`/api/transactions/${t1}/status`, {
        as: amelia,
        json: { action: 'cancel', version: row!.version, reason: 'Our mortgage offer was withdrawn' },
      }),
      200,
    )
    const told = await t.database.query<{ profile_id: string; body: string }>(
      `select profile_id, body from notifications where kind = 'chain_update' and title = 'A move in your chain has fallen through: Harpenden, AL5'`,
    )
    const people = new Set(told.map((n) => n.profile_id))
    for (const who of [cara, dev, convC, convD]) expect(people.has(who.profileId)).toBe(true)
    expect(told.every((n) => !n.body.includes('mortgage'))).toBe(true)
    expect((await chainOf(t3, dev)).moves[0]).toMatchObject({ status: 'cancelled', slowest: false })
  })
})
