/**
 * One source for each firm figure (issue 37 item 7, src/server/core/firm-figures.ts): the cases
 * board's figures (GET /api/firm/figures), the accreditation page (Silver's live cases, the
 * onboarding checklist) and Academy Lite's onboarding checklist report the same matters, live moves
 * and members for one firm, counted by their definitions: matters and participant-only moves each
 * once, a removed member not counted, a professional acting for the firm who is not a member not
 * counted as one of its people.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { AccreditationPage } from '#shared/contracts/accreditation.ts'
import { AcademyOverview } from '#shared/contracts/academy.ts'
import { FirmFiguresResponse } from '#shared/contracts/firms.ts'
import { createOrganization, createTransaction, createUser, type CreatedUser } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()
let admin: CreatedUser
let orgId: string

const get = async (path: string) => {
  const res = await t.request(path, { headers: { cookie: admin.cookie } })
  expect(res.status).toBe(200)
  return res.json()
}

beforeAll(async () => {
  const make = () => createUser(t.auth, { database: t.database, role: 'conveyancer' })
  const [feeEarner, leaver, outsideHelper] = await Promise.all([make(), make(), make()])
  admin = await make()
  orgId = (await createOrganization(t.database, { name: `Figures Law ${randomUUID().slice(0, 6)}` })).organizationId
  // Members: the admin and a fee earner now; a leaver removed.
  await t.database.query(
    `insert into organization_members (organization_id, profile_id, role, removed_at) values
       ($1, $2, 'admin', null), ($1, $3, 'fee_earner', null), ($1, $4, 'fee_earner', now())`,
    [orgId, admin.profileId, feeEarner.profileId, leaver.profileId],
  )
  const forFirm = (who: CreatedUser) => [
    { profileId: who.profileId, role: 'buyer_conveyancer' as const, organizationId: orgId },
  ]
  // A live move with a matter AND the firm's participant: one move, counted once.
  const both = await createTransaction(t.database, { participants: forFirm(admin) })
  // A live matter nobody from the firm has joined yet (a draft).
  const matterOnly = await createTransaction(t.database, { status: 'draft' })
  for (const tx of [both, matterOnly]) {
    await t.database.query(
      `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name)
       values ($1, $2, 'buyer', $3, 'A Client')`,
      [orgId, tx.transactionId, admin.profileId],
    )
  }
  // Moves the firm's people act on without a matter: one in exchange, two completed, one cancelled;
  // one of them worked by someone acting for the firm who is not a member.
  await createTransaction(t.database, { status: 'exchange', participants: forFirm(feeEarner) })
  await createTransaction(t.database, { status: 'completed', participants: forFirm(feeEarner) })
  await createTransaction(t.database, { status: 'completed', participants: forFirm(outsideHelper) })
  await createTransaction(t.database, { status: 'cancelled', participants: forFirm(leaver) })
})

describe('firm figures', () => {
  it('the board, the accreditation page and onboarding report the same numbers for one firm', async () => {
    const { figures } = FirmFiguresResponse.parse(await get('/api/firm/figures'))
    // By the definitions: 6 moves (each once), 3 live (active, draft, exchange), 2 completed, 1 cancelled, 2 members.
    expect(figures).toEqual({ organization_id: orgId, matters: 6, live: 3, completed: 2, cancelled: 1, members: 2 })

    const page = AccreditationPage.parse(await get('/api/accreditation')).organization
    expect(page?.id).toBe(orgId)
    expect(page?.criteria.find((c) => c.key === 'live_cases')?.current).toBe(`${figures?.live} live`)
    const steps = new Map(page?.onboarding.map((s) => [s.key, s.detail]))
    expect(steps.get('team')).toBe(`${figures?.members} people work on Homeward for your firm.`)
    expect(steps.get('first_case')).toBe(`Your firm is instructed on ${figures?.matters} moves.`)

    const academy = AcademyOverview.parse(await get('/api/academy')).onboarding
    expect(academy?.organization.id).toBe(orgId)
    expect(academy?.steps).toEqual(page?.onboarding)
  })
})
