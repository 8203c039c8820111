/**
 * Off-platform parties (issue 37 item 1): a buyer's conveyancer on a move with no seller's
 * conveyancer records that firm with an SRA number, sees it as "not on Homeward" on the People tab
 * and in the header, and corrects it; the seller records their estate agent, who is not on Homeward,
 * invites them from the record, and when the agent joins the record turns into the participant.
 */
import { expect, test } from '@playwright/test'
import { move, person, toast, uniqueEmail } from './app-helpers'
import { inviteToken } from './mail-helpers'

const SHOTS = '.tmp'

test("record the other side's firm and the seller's estate agent; the agent joins and takes the seat", async ({
  browser,
  request,
}) => {
  // Five people sign up and two of them join: longer than the default minute on a busy machine.
  test.setTimeout(180_000)
  const b = await person(browser, 'Amelia Buyer', 'buyer')
  const s = await person(browser, 'Sam Seller', 'seller')
  const c = await person(browser, 'Priya Shah', 'conveyancer')
  const { txId, path } = await move(
    b,
    [
      { who: s, role: 'seller' },
      { who: c, role: 'buyer_conveyancer' },
    ],
    { address: '12 Clarence Road', town: 'St Albans', postcode: 'AL1 4NG' },
  )

  // --- The buyer's conveyancer records the seller's firm ---------------------------------------------
  await c.page.goto(`${path}?tab=people`)
  await c.page.getByRole('button', { name: "Record the other side's firm" }).click()
  const dialog = c.page.getByRole('dialog', { name: "Record the other side's firm" })
  await expect(dialog.getByLabel('Their role on this move')).toHaveValue('seller_conveyancer')
  await dialog.getByLabel('Firm', { exact: true }).fill('Mercer & Co Solicitors')
  await dialog.getByLabel('Person (optional)').fill('Dan Mercer')
  const danEmail = uniqueEmail('dan')
  await dialog.getByLabel('Email', { exact: true }).fill(danEmail)
  await dialog.getByLabel('Phone (optional)').fill('01727 123456')
  const regulator = dialog.getByLabel('Regulator (optional)')
  // Only the regulators of conveyancers are offered.
  await expect(regulator.locator('option')).toHaveText([
    'Not known',
    'Solicitors Regulation Authority (SRA)',
    'Council for Licensed Conveyancers (CLC)',
  ])
  await regulator.selectOption({ label: 'Solicitors Regulation Authority (SRA)' })
  await dialog.getByLabel('Regulator number (optional)').fill('612345')
  await dialog.getByRole('button', { name: 'Record' }).click()
  await expect(toast(c.page)).toContainText("Mercer & Co Solicitors shows as Seller's Conveyancer, not on Homeward.")
  const firm = c.page.getByTestId('off-platform-card').filter({ hasText: 'Mercer & Co Solicitors' })
  await expect(firm).toContainText('not on Homeward')
  await expect(firm).toContainText("Seller's Conveyancer")
  await expect(firm).toContainText('Dan Mercer')
  await expect(firm).toContainText('01727 123456')
  await expect(firm).toContainText('SRA 612345')
  // The header names them too.
  await expect(c.page.getByRole('list', { name: 'Recorded, not on Homeward' }).first()).toContainText(
    "Seller's Conveyancer: Mercer & Co Solicitors",
  )

  // --- ... and corrects it ---------------------------------------------------------------------------
  await firm.getByRole('button', { name: 'Edit Mercer & Co Solicitors' }).click()
  const edit = c.page.getByRole('dialog', { name: 'Edit Mercer & Co Solicitors' })
  await edit.getByLabel('Person (optional)').fill('Ruth Mercer')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(c.page)).toContainText('Record updated')
  await expect(firm).toContainText('Ruth Mercer')
  await expect(firm).not.toContainText('Dan Mercer')

  // --- ... and invites that firm: only the seller appoints their conveyancer, so it is a proposal ----
  await firm.getByRole('button', { name: 'Invite (the seller agrees first)' }).click()
  await expect(toast(c.page)).toContainText("We've asked the seller to accept your proposal")

  // --- The seller records their estate agent and invites them ----------------------------------------
  const agentEmail = uniqueEmail('alex')
  await s.page.goto(`${path}?tab=people`)
  await expect(s.page.getByTestId('off-platform-card').filter({ hasText: 'Mercer & Co Solicitors' })).toContainText(
    'not on Homeward',
  )
  await s.page.getByRole('button', { name: 'Record your estate agent' }).click()
  const agentDialog = s.page.getByRole('dialog', { name: 'Record your estate agent' })
  await agentDialog.getByLabel('Firm', { exact: true }).fill('Verulam Homes')
  await agentDialog.getByLabel('Person (optional)').fill('Alex Agent')
  await agentDialog.getByLabel('Email', { exact: true }).fill(agentEmail)
  await agentDialog.getByLabel('Regulator (optional)').selectOption({ label: 'The Property Ombudsman (TPO)' })
  await agentDialog.getByLabel('Regulator number (optional)').fill('T01234')
  await agentDialog.getByRole('button', { name: 'Record' }).click()
  const agentCard = s.page.getByTestId('off-platform-card').filter({ hasText: 'Verulam Homes' })
  await expect(agentCard).toContainText('not on Homeward')
  await expect(agentCard).toContainText('TPO T01234')
  await s.page.screenshot({ path: `${SHOTS}/off-platform-people-1280.png`, fullPage: true })
  await s.page.setViewportSize({ width: 390, height: 844 })
  await expect(agentCard).toBeVisible()
  await s.page.screenshot({ path: `${SHOTS}/off-platform-people-390.png`, fullPage: true })
  await s.page.setViewportSize({ width: 1280, height: 900 })

  await agentCard.getByRole('button', { name: 'Invite to Homeward' }).click()
  await expect(toast(s.page)).toContainText(`We've emailed ${agentEmail} an invitation`)

  // --- The agent joins in the recorded seat: the record becomes the participant ----------------------
  const a = await person(browser, 'Alex Agent', 'agent', { email: agentEmail })
  const accepted = await a.request.post(`/api/invitations/${await inviteToken(request, agentEmail)}/accept`, {
    data: {},
  })
  expect(accepted.ok(), await accepted.text()).toBe(true)
  await s.page.reload()
  const agentPerson = s.page.getByTestId('participant-card').filter({ hasText: 'Alex Agent' })
  await expect(agentPerson).toContainText('Estate Agent')
  await expect(s.page.getByTestId('off-platform-card').filter({ hasText: 'Verulam Homes' })).toHaveCount(0)
  await expect(s.page.getByTestId('off-platform-card').filter({ hasText: 'Mercer & Co Solicitors' })).toHaveCount(1)

  // The seller accepts the proposal of their conveyancer's firm; Dan joins and takes the recorded seat.
  await s.page
    .getByTestId('proposed-appointments')
    .getByRole('button', { name: `Accept ${danEmail} as Seller's Conveyancer` })
    .click()
  await expect(toast(s.page)).toContainText('Proposal accepted')
  const dan = await person(browser, 'Dan Mercer', 'conveyancer', { email: danEmail })
  const joined = await dan.request.post(`/api/invitations/${await inviteToken(request, danEmail)}/accept`, {
    data: {},
  })
  expect(joined.ok(), await joined.text()).toBe(true)
  await s.page.reload()
  await expect(s.page.getByTestId('participant-card').filter({ hasText: 'Dan Mercer' })).toContainText(
    "Seller's Conveyancer",
  )
  await expect(s.page.getByTestId('off-platform-card')).toHaveCount(0)
  await expect(s.page.getByText('not on Homeward')).toHaveCount(0)
  await s.page.screenshot({ path: `${SHOTS}/off-platform-people-joined-1280.png`, fullPage: true })
  // The history is kept in the move's activity.
  const activity = await s.request.get(`/api/transactions/${txId}/activity`)
  const trail = JSON.stringify(await activity.json())
  expect(trail).toContain('recorded Verulam Homes as Estate Agent (not on Homeward)')
  expect(trail).toContain('joined Homeward and took the Estate Agent seat recorded as Verulam Homes')

  for (const p of [b, s, c, a, dan]) {
    p.console.check()
    await p.close()
  }
})
