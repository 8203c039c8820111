/**
 * Appointments follow the instruction (decision 014; security battery finding H2): a surveyor,
 * broker or estate agent cannot make anyone a conveyancer. Their invitation is a proposal the side's
 * client accepts or declines; until the client accepts, the proposed person is emailed nothing and
 * cannot read the client's CDD record, funds or deposit ledger, nor record exchange. The client, and
 * the client's conveyancer handing the file to a colleague at the same firm, appoint directly. An
 * invitation whose appointer could not appoint (the old rule) is refused when accepted, and the
 * migration turns legacy seats of that kind into proposals.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { Invitation, InvitationList } from '#shared/contracts/invitations.ts'
import { createOrganization, createTransaction } from '#server/test/factories.ts'
import { TEST_PUBLIC_URL, type TestUser, useTestApp } from '#server/test/test-app.ts'
import { withoutRequestId } from '#server/test/error-body.ts'

const LINK = new RegExp(`${TEST_PUBLIC_URL}/invite/([A-Za-z0-9_-]{43})`)
const t = useTestApp()
const uniqueEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@homeward.test`

let buyer: TestUser
let seller: TestUser

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Amelia Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
})

/** An active move of `buyer` and `seller` with the professionals given, each appointed by their client. */
async function moveWith(pros: { user: TestUser; role: 'mortgage_broker' | 'surveyor' | 'estate_agent' }[]) {
  const { transactionId } = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: pros.map((p) => ({
      profileId: p.user.profileId,
      role: p.role,
      invitedBy: p.role === 'estate_agent' ? seller.profileId : buyer.profileId,
    })),
  })
  return transactionId
}

const invite = (as: TestUser, txId: string, body: Record<string, unknown>) =>
  t.request(`/api/transactions/${txId}/invitations`, { as, json: body })
const decide = (as: TestUser, txId: string, invitationId: string, decision: 'accept' | 'decline') =>
  t.request(`/api/transactions/${txId}/invitations/${invitationId}/decision`, { as, json: { decision } })
const accept = (as: TestUser, token: string) => t.request(`/api/invitations/${token}/accept`, { method: 'POST', as })

async function mailTo(email: string) {
  const res = await t.request('/api/dev/mail')
  const { messages } = (await res.json()) as { messages: { to: string; text: string }[] }
  // Signing up queues a confirm-your-address email too: only invitation links count here.
  return messages.filter((m) => m.to === email && LINK.test(m.text))
}

async function latestToken(email: string): Promise<string> {
  const [mail] = await mailTo(email)
  const match = mail?.text.match(LINK)
  if (!match) throw new Error(`no invitation link for ${email}`)
  return match[1]
}

async function notificationTitles(user: TestUser): Promise<string[]> {
  const rows = await t.database.query<{ title: string }>(
    `select title from notifications where profile_id = $1 order by created_at desc`,
    [user.profileId],
  )
  return rows.map((r) => r.title)
}

/** What a conveyancer's reading powers reach, as status codes: the buyer's CDD record, funds, deposit and ledger. */
async function reads(as: TestUser, txId: string) {
  return {
    cdd: (await t.request(`/api/transactions/${txId}/cdd/${buyer.profileId}`, { as })).status,
    funds: (await t.request(`/api/transactions/${txId}/funds`, { as })).status,
    deposit: (await t.request(`/api/transactions/${txId}/deposit`, { as })).status,
  }
}

/** A conveyancer's writing powers (mark the funds satisfied, record exchange), as status codes; only for someone expected to be refused. */
async function writes(as: TestUser, txId: string) {
  const [row] = await t.database.query<{ version: number }>(`select version from transactions where id = $1`, [txId])
  return {
    review: (await t.request(`/api/transactions/${txId}/funds/review`, { as, json: { decision: 'satisfied' } })).status,
    exchange: (
      await t.request(`/api/transactions/${txId}/status`, {
        as,
        json: {
          action: 'exchange',
          version: row.version,
          exchange_date: '2026-12-01',
          completion_date: '2026-12-20',
          confirm: true,
        },
      })
    ).status,
  }
}

/** Reads and writes together, for someone expected to be refused everything. */
async function powers(as: TestUser, txId: string) {
  return { ...(await reads(as, txId)), ...(await writes(as, txId)) }
}

const LOCKED_OUT = { cdd: 404, funds: 404, deposit: 404, review: 404, exchange: 404 }

describe("a side's professional proposes a conveyancer; only the client appoints (battery H2)", () => {
  it.each([
    ['surveyor', 'surveyor', 'buyer_conveyancer'],
    ['broker', 'mortgage_broker', 'buyer_conveyancer'],
    ['agent', 'estate_agent', 'seller_conveyancer'],
  ] as const)(
    'a %s on the move (%s) proposes a %s: nobody is emailed and the client is asked',
    async (signup, role, conveyancerRole) => {
      const pro = await t.signUp({ role: signup, name: `Pat ${signup}` })
      const txId = await moveWith([{ user: pro, role }])
      const carol = await t.signUp({ role: 'conveyancer', name: 'Carol Other', email: uniqueEmail('carol') })
      const res = await invite(pro, txId, { email: carol.email, role: conveyancerRole })
      expect(res.status).toBe(201)
      const inv = Invitation.parse(await res.json())
      expect(inv).toMatchObject({ status: 'proposed', role: conveyancerRole, invited_by: { id: pro.profileId } })
      // No link reaches the proposed person, in the app or by email.
      expect(await mailTo(carol.email)).toEqual([])
      expect(await notificationTitles(carol)).toEqual([])
      const client = conveyancerRole === 'buyer_conveyancer' ? buyer : seller
      expect(await notificationTitles(client)).toContain(
        `Pat ${signup} proposed ${carol.email} as your ${conveyancerRole === 'buyer_conveyancer' ? "Buyer's" : "Seller's"} Conveyancer`,
      )
      const [entry] = await t.database.query<{ kind: string; actor_id: string }>(
        `select kind, actor_id from activity_events where transaction_id = $1 order by seq desc limit 1`,
        [txId],
      )
      expect(entry).toEqual({ kind: 'invitation.proposed', actor_id: pro.profileId })
      // The proposer cannot answer their own proposal.
      const self = await decide(pro, txId, inv.id, 'accept')
      expect(self.status).toBe(403)
      expect(withoutRequestId(await self.json())).toEqual({
        error: {
          code: 'forbidden',
          message: `Only the ${conveyancerRole === 'buyer_conveyancer' ? 'buyer' : 'seller'} can accept or decline a proposed ${conveyancerRole === 'buyer_conveyancer' ? "Buyer's" : "Seller's"} Conveyancer.`,
        },
      })
    },
  )

  it('before the buyer accepts, the proposed conveyancer reads no CDD record, funds or ledger and cannot record exchange; after, they can', async () => {
    const broker = await t.signUp({ role: 'broker', name: 'Marcus Broker' })
    const txId = await moveWith([{ user: broker, role: 'mortgage_broker' }])
    const carol = await t.signUp({ role: 'conveyancer', name: 'Carol Other', email: uniqueEmail('carol') })
    const inv = Invitation.parse(
      await (await invite(broker, txId, { email: carol.email, role: 'buyer_conveyancer' })).json(),
    )
    expect(inv.status).toBe('proposed')
    expect(await powers(carol, txId)).toEqual(LOCKED_OUT)
    // The proposal's row holds a token, but no link was ever sent: there is nothing to accept.
    expect(await mailTo(carol.email)).toEqual([])

    const res = await decide(buyer, txId, inv.id, 'accept')
    expect(res.status).toBe(200)
    expect(Invitation.parse(await res.json())).toMatchObject({
      status: 'pending',
      send_count: 1,
      decided_by: { id: buyer.profileId, full_name: 'Amelia Buyer' },
    })
    expect(await notificationTitles(broker)).toContain(
      `Amelia Buyer accepted your proposal of ${carol.email} as Buyer's Conveyancer`,
    )
    expect(await powers(carol, txId)).toEqual(LOCKED_OUT) // invited now, not yet joined
    expect((await accept(carol, await latestToken(carol.email))).status).toBe(200)
    const [seat] = await t.database.query<{ role: string; appointed_by: string; invited_by: string }>(
      `select role, appointed_by, invited_by from transaction_participants where transaction_id = $1 and user_id = $2`,
      [txId, carol.profileId],
    )
    expect(seat).toEqual({ role: 'buyer_conveyancer', appointed_by: buyer.profileId, invited_by: broker.profileId })
    const after = await reads(carol, txId)
    expect(after.funds).toBe(200)
    expect(after.deposit).toBe(200)
  })

  it('a declined proposal emails nobody, tells the proposer and leaves the person off the move', async () => {
    const surveyor = await t.signUp({ role: 'surveyor', name: 'Oliver Surveyor' })
    const txId = await moveWith([{ user: surveyor, role: 'surveyor' }])
    const email = uniqueEmail('carol')
    const inv = Invitation.parse(await (await invite(surveyor, txId, { email, role: 'buyer_conveyancer' })).json())
    const res = await decide(buyer, txId, inv.id, 'decline')
    expect(res.status).toBe(200)
    expect(Invitation.parse(await res.json())).toMatchObject({ status: 'declined' })
    expect(await mailTo(email)).toEqual([])
    expect(await notificationTitles(surveyor)).toContain(
      `Amelia Buyer declined your proposal of ${email} as Buyer's Conveyancer`,
    )
    // Answered once: a second answer finds no open proposal.
    expect((await decide(buyer, txId, inv.id, 'accept')).status).toBe(404)
    const kinds = await t.database.query<{ kind: string }>(
      `select kind from activity_events where transaction_id = $1 order by seq`,
      [txId],
    )
    expect(kinds.map((k) => k.kind)).toEqual(['invitation.proposed', 'invitation.proposal_declined'])
  })

  it("the seller answers an estate agent's proposal of the seller's conveyancer; the buyer cannot", async () => {
    const agent = await t.signUp({ role: 'agent', name: 'Jordan Agent' })
    const txId = await moveWith([{ user: agent, role: 'estate_agent' }])
    const inv = Invitation.parse(
      await (await invite(agent, txId, { email: uniqueEmail('sconv'), role: 'seller_conveyancer' })).json(),
    )
    expect(inv.status).toBe('proposed')
    expect((await decide(buyer, txId, inv.id, 'accept')).status).toBe(403)
    const list = InvitationList.parse(
      await (await t.request(`/api/transactions/${txId}/invitations`, { as: seller })).json(),
    )
    expect(list.invitations.map((i) => i.status)).toEqual(['proposed'])
    expect((await decide(seller, txId, inv.id, 'accept')).status).toBe(200)
  })
})

describe('the client, and their conveyancer inside the firm, appoint directly', () => {
  it('the buyer appoints their conveyancer: a link at once, and the seat holds the powers', async () => {
    const txId = await moveWith([])
    const conv = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer', email: uniqueEmail('cora') })
    const res = await invite(buyer, txId, { email: conv.email, role: 'buyer_conveyancer' })
    expect(res.status).toBe(201)
    expect(Invitation.parse(await res.json()).status).toBe('pending')
    expect((await accept(conv, await latestToken(conv.email))).status).toBe(200)
    expect((await reads(conv, txId)).funds).toBe(200)
  })

  it("the buyer's conveyancer hands the file to a colleague at their firm directly; anyone else is proposed to the buyer", async () => {
    const { organizationId } = await createOrganization(t.database, { type: 'law' })
    const conv = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
    const colleague = await t.signUp({ role: 'conveyancer', name: 'Colin Colleague' })
    for (const who of [conv, colleague])
      await t.database.query(
        `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'fee_earner')`,
        [organizationId, who.profileId],
      )
    const { transactionId: txId } = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      participants: [
        { profileId: conv.profileId, role: 'buyer_conveyancer', organizationId, invitedBy: buyer.profileId },
      ],
    })
    const inHouse = await invite(conv, txId, { email: colleague.email, role: 'buyer_conveyancer' })
    expect(Invitation.parse(await inHouse.json()).status).toBe('pending')
    expect((await accept(colleague, await latestToken(colleague.email))).status).toBe(200)
    expect((await reads(colleague, txId)).funds).toBe(200)

    const outside = await invite(conv, txId, { email: uniqueEmail('elsewhere'), role: 'buyer_conveyancer' })
    expect(Invitation.parse(await outside.json()).status).toBe('proposed')
  })

  it('the buyer and their conveyancer appoint the buyer-side professionals; a broker only proposes a surveyor', async () => {
    const broker = await t.signUp({ role: 'broker', name: 'Marcus Broker' })
    const txId = await moveWith([{ user: broker, role: 'mortgage_broker' }])
    const direct = await invite(buyer, txId, { email: uniqueEmail('surv'), role: 'surveyor' })
    expect(Invitation.parse(await direct.json()).status).toBe('pending')
    const proposed = await invite(broker, txId, { email: uniqueEmail('surv'), role: 'surveyor' })
    expect(Invitation.parse(await proposed.json()).status).toBe('proposed')
  })
})

describe('an appointment is checked when it is taken up, and legacy seats become proposals', () => {
  it('refuses a link a broker sent under the old rule: 403 with the reason, nothing joins', async () => {
    const broker = await t.signUp({ role: 'broker', name: 'Marcus Broker' })
    const txId = await moveWith([{ user: broker, role: 'mortgage_broker' }])
    const carol = await t.signUp({ role: 'conveyancer', name: 'Carol Other', email: uniqueEmail('carol') })
    // The row the old createInvitation wrote: pending, sent by the broker, with a working token.
    const token = `legacy-${randomUUID()}-${randomUUID()}`
    const { hashInvitationToken } = await import('#server/core/invitations/invitation-token.ts')
    await t.database.query(
      `insert into invitations (transaction_id, email, role, invited_by, token_hash, expires_at)
       values ($1, $2, 'buyer_conveyancer', $3, $4, now() + interval '7 days')`,
      [txId, carol.email, broker.profileId, hashInvitationToken(token)],
    )
    const res = await accept(carol, token)
    expect(res.status).toBe(403)
    expect(withoutRequestId(await res.json())).toEqual({
      error: {
        code: 'forbidden',
        message:
          "The Buyer's Conveyancer is appointed by the buyer, and this invitation no longer has their agreement. Ask the buyer to invite you.",
      },
    })
    expect(await powers(carol, txId)).toEqual(LOCKED_OUT)
  })

  it('the migration turns a conveyancer seat a broker appointed into a proposal, and keeps the one the buyer appointed', async () => {
    const broker = await t.signUp({ role: 'broker', name: 'Marcus Broker' })
    const carol = await t.signUp({ role: 'conveyancer', name: 'Carol Other' })
    const cora = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
    const dave = await t.signUp({ role: 'conveyancer', name: 'Dave Pending' })
    const { transactionId: txId } = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      participants: [
        { profileId: broker.profileId, role: 'mortgage_broker', invitedBy: buyer.profileId },
        { profileId: carol.profileId, role: 'buyer_conveyancer', invitedBy: broker.profileId },
      ],
    })
    const { transactionId: fairTx } = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      participants: [{ profileId: cora.profileId, role: 'buyer_conveyancer', invitedBy: buyer.profileId }],
    })
    // Before the migration's data step, the broker's appointee holds the powers (the battery's case).
    expect((await reads(carol, txId)).funds).toBe(200)
    const token = `legacy-${randomUUID()}-${randomUUID()}`
    const { hashInvitationToken } = await import('#server/core/invitations/invitation-token.ts')
    await t.database.query(
      `insert into invitations (transaction_id, email, role, invited_by, token_hash, expires_at)
       values ($1, $2, 'buyer_conveyancer', $3, $4, now() + interval '7 days')`,
      [txId, dave.email, broker.profileId, hashInvitationToken(token)],
    )

    await runMigrationDataSteps()

    expect(await powers(carol, txId)).toEqual(LOCKED_OUT)
    expect((await reads(cora, fairTx)).funds).toBe(200)
    const list = InvitationList.parse(
      await (await t.request(`/api/transactions/${txId}/invitations`, { as: buyer })).json(),
    )
    expect(
      list.invitations
        .map((i) => ({ email: i.email, status: i.status, by: i.invited_by?.id }))
        .sort((a, b) => a.email.localeCompare(b.email)),
    ).toEqual(
      [
        { email: carol.email, status: 'proposed', by: broker.profileId },
        { email: dave.email, status: 'proposed', by: broker.profileId },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    )
    expect((await accept(dave, token)).status).toBe(409)
    // The buyer accepts Carol's proposal: she is emailed and rejoins, appointed by the buyer.
    const carolProposal = list.invitations.find((i) => i.email === carol.email)!
    expect((await decide(buyer, txId, carolProposal.id, 'accept')).status).toBe(200)
    expect((await accept(carol, await latestToken(carol.email))).status).toBe(200)
    expect((await reads(carol, txId)).funds).toBe(200)
  })
})

/**
 * Runs the data steps of the appointments migration (the statements after its schema changes) again
 * on the test database: they are written to be re-runnable, and rows inserted in the old shape after
 * the template was migrated stand for a database migrated from before.
 */
async function runMigrationDataSteps() {
  const dir = new URL('../../db/migrations/', import.meta.url)
  const name = readdirSync(dir).find((f) => /^\d{4}_appointments\.sql$/.test(f))
  if (!name) throw new Error('the appointments migration is missing')
  const file = readFileSync(new URL(name, dir), 'utf8')
  const steps = file
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /^(--[^\n]*\n)*\s*(UPDATE|WITH)\b/.test(s))
  expect(steps.length).toBe(3)
  for (const step of steps) await t.database.query(step)
}
