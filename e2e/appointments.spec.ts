/**
 * Appointments follow the instruction (decision 014; security battery H2): the buyer's mortgage
 * broker proposes a conveyancer from the People tab; nobody is emailed and the proposed conveyancer
 * cannot open the buyer's funds; the buyer sees the proposal on their People tab, accepts it in the
 * browser, and only then is the conveyancer emailed a link, joins, and reads the funding picture.
 */
import { expect, test } from '@playwright/test'
import { createMove, person, toast, uniqueEmail } from './app-helpers'
import { inviteToken, outbox } from './mail-helpers'

const SHOTS = 'test-results/screens'

test("a broker proposes the buyer's conveyancer; the buyer accepts, and only then are they invited", async ({
  browser,
  request,
}) => {
  const b = await person(browser, 'Amelia Buyer', 'buyer')
  const m = await person(browser, 'Marcus Broker', 'broker')
  const c = await person(browser, 'Carol Conveyancer', 'conveyancer', { email: uniqueEmail('carol') })
  const { txId, path } = await createMove(b.request, {
    address: '27 Victoria Street',
    town: 'St Albans',
    postcode: 'AL1 3JJ',
  })

  // The buyer appoints their broker (through the API): the broker joins at once.
  const invited = await b.request.post(`/api/transactions/${txId}/invitations`, {
    data: { email: m.email, role: 'mortgage_broker' },
  })
  expect(invited.status()).toBe(201)
  expect(
    (await m.request.post(`/api/invitations/${await inviteToken(request, m.email)}/accept`, { data: {} })).ok(),
  ).toBe(true)

  // --- The broker proposes a conveyancer in the browser -------------------------------------------
  await m.page.goto(`${path}?tab=people`)
  await m.page.getByRole('button', { name: 'Invite by email' }).click()
  const dialog = m.page.getByRole('dialog', { name: 'Invite someone to this move' })
  await dialog.getByLabel('Email address').fill(c.email)
  const role = dialog.getByLabel('Their role on this move')
  await expect(role.getByRole('option', { name: "Buyer's Conveyancer (proposed to the buyer)" })).toHaveCount(1)
  await role.selectOption({ label: "Buyer's Conveyancer (proposed to the buyer)" })
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(toast(m.page)).toContainText('Proposal sent')
  await expect(toast(m.page)).toContainText("We've asked the buyer to accept your proposal")
  const proposals = m.page.getByTestId('proposed-appointments')
  await expect(proposals).toContainText(c.email)
  await expect(proposals).toContainText('Waiting for the buyer to accept or decline.')
  await expect(proposals.getByRole('button', { name: /^Accept/ })).toHaveCount(0)

  // Nothing reached Carol, and the buyer's funds stay closed to her.
  expect((await outbox(request)).filter((mail) => mail.to === c.email && /\/invite\//.test(mail.text))).toEqual([])
  expect((await c.request.get(`/api/transactions/${txId}/funds`)).status()).toBe(404)

  // --- The buyer accepts on their People tab ------------------------------------------------------
  await b.page.goto(`${path}?tab=people`)
  const mine = b.page.getByTestId('proposed-appointments')
  await expect(mine).toContainText(c.email)
  await expect(mine).toContainText("Proposed as Buyer's Conveyancer by Marcus Broker")
  await b.page.screenshot({ path: `${SHOTS}/appointments-proposal-buyer.png`, fullPage: true })
  await mine.getByRole('button', { name: `Accept ${c.email} as Buyer's Conveyancer` }).click()
  await expect(toast(b.page)).toContainText('Proposal accepted')
  await expect(b.page.getByTestId('proposed-appointments')).toHaveCount(0)
  await expect(b.page.getByTestId('pending-invitations')).toContainText(c.email)

  // --- Now Carol is emailed, joins, and reads the funding picture -----------------------------------
  const token = await inviteToken(request, c.email)
  expect((await c.request.post(`/api/invitations/${token}/accept`, { data: {} })).ok()).toBe(true)
  expect((await c.request.get(`/api/transactions/${txId}/funds`)).status()).toBe(200)

  b.console.check()
  m.console.check()
  for (const p of [b, m, c]) await p.close()
})
