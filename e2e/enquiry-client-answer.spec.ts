/**
 * The client answers an enquiry in their task (issue 37 item 3): the seller's conveyancer uses "Ask
 * the seller", the seller reads what enquiries are on their Enquiries view and follows the row to the
 * task, answers with text and a file (uploaded with a progress bar), saves it and comes back, the answer arrives as a draft
 * reply the seller's conveyancer edits and sends, and the buyer's conveyancer reads the reply with the
 * file. Screenshots of the seller's Enquiries view and the task at 1280 and 390 px.
 */
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, makePdf, move, person, toast } from './app-helpers'
import { inviteToken } from './mail-helpers'

const SHOTS = '.tmp/screens'
const ENQUIRY = 'Please supply the building regulations completion certificate for the 2019 rear extension.'

test('ask the seller: the seller answers with text and a file, the draft reply is edited and sent', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const seller = await person(browser, 'Sid Seller', 'seller')
  const buyerConveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const sellerConveyancer = await person(browser, 'Sol Solicitor', 'conveyancer')
  const { txId, path } = await move(
    buyer,
    [
      { who: seller, role: 'seller' },
      { who: buyerConveyancer, role: 'buyer_conveyancer' },
    ],
    { address: `${Math.floor(Math.random() * 200) + 1} Answer Road`, town: 'St Albans', postcode: 'AL1 3HD' },
  )
  const invited = await seller.request.post(`/api/transactions/${txId}/invitations`, {
    data: { email: sellerConveyancer.email, role: 'seller_conveyancer' },
  })
  expect(invited.ok(), await invited.text()).toBe(true)
  const accepted = await sellerConveyancer.request.post(
    `/api/invitations/${await inviteToken(seller.request, sellerConveyancer.email)}/accept`,
    { data: {} },
  )
  expect(accepted.ok(), await accepted.text()).toBe(true)
  const raised = await buyerConveyancer.request.post(`/api/transactions/${txId}/enquiries`, {
    data: { enquiries: [{ category: 'planning_building_control', body: ENQUIRY }] },
  })
  expect(raised.ok(), await raised.text()).toBe(true)

  // The seller's conveyancer asks the seller.
  const sc = sellerConveyancer.page
  await sc.goto(`${path}?tab=enquiries`)
  const card = sc.getByRole('article', { name: 'Enquiry 1' })
  await card.getByRole('button', { name: 'Ask the seller (make a task)' }).click()
  await expect(card).toContainText('Seller task on the timeline: waiting for the seller')

  // The seller's Enquiries view: what enquiries are, who handles them, the text, the link to the task.
  const sp = seller.page
  for (const width of [1280, 390]) {
    await sp.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await sp.goto(`${path}?tab=enquiries`)
    await expect(sp.getByTestId('enquiries-explainer')).toContainText(
      'Your conveyancer answers them for you; if they need your answer, you get a task here.',
    )
    const row = sp.getByRole('list', { name: 'Enquiry statuses' }).getByRole('listitem').first()
    await expect(row).toContainText(ENQUIRY)
    await expect(row.getByRole('link', { name: 'Your conveyancer needs your answer: answer enquiry 1' })).toBeVisible()
    expect(await sp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await expectNoAxeViolations(sp)
    await sp.screenshot({ path: `${SHOTS}/client-enquiries-${width}.png`, fullPage: true })
  }

  // The task: the full text, an answer and a file with a progress bar; the phone first, then the desktop.
  await sp.getByRole('link', { name: 'Your conveyancer needs your answer: answer enquiry 1' }).click()
  await expect(sp.getByRole('heading', { name: 'Answer enquiry 1 for your conveyancer' })).toBeVisible()
  await expect(sp.getByTestId('enquiry-full-text')).toHaveText(ENQUIRY)
  await sp
    .getByRole('textbox', { name: 'Your answer' })
    .fill('The certificate was issued by St Albans council in March 2020.')
  await sp.getByLabel('Attach files (optional)').setInputFiles({
    name: 'Completion certificate.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf('Building regulations completion certificate'),
  })
  const files = sp.getByRole('list', { name: 'Attached files' })
  await expect(files.getByRole('listitem')).toHaveText([/Completion certificate\.pdf\s*Uploaded/])
  expect(await sp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(sp)
  await sp.screenshot({ path: `${SHOTS}/client-task-390.png`, fullPage: true })
  await sp.setViewportSize({ width: 1280, height: 900 })
  await sp.screenshot({ path: `${SHOTS}/client-task-1280.png`, fullPage: true })
  // Saved for later, it is there again when the seller comes back.
  await sp.getByRole('button', { name: 'Save for later' }).click()
  await expect(toast(sp)).toContainText('Answer saved')
  await sp.reload()
  await expect(sp.getByRole('textbox', { name: 'Your answer' })).toHaveValue(
    'The certificate was issued by St Albans council in March 2020.',
  )
  await expect(files.getByRole('listitem')).toHaveText([/Completion certificate\.pdf\s*Uploaded/])
  await sp.getByRole('button', { name: 'Send answer to your conveyancer' }).click()
  await expect(toast(sp)).toContainText('Answer sent to your conveyancer')
  await expect(sp.getByText('With your conveyancer: they review it before sending it on.')).toBeVisible()
  await sp.screenshot({ path: `${SHOTS}/client-task-sent-1280.png`, fullPage: true })

  // The buyer's conveyancer sees no draft.
  const bc = buyerConveyancer.page
  await bc.goto(`${path}?tab=enquiries`)
  const theirs = bc.getByRole('article', { name: 'Enquiry 1' })
  await expect(theirs).toContainText('Open')
  await expect(theirs).not.toContainText('March 2020')

  // The seller's conveyancer edits the draft reply and sends it.
  await sc.reload()
  const draft = card.getByRole('region', { name: "Draft reply from the seller's answer" })
  await expect(draft).toContainText('Completion certificate.pdf')
  const box = draft.getByLabel('Your reply to enquiry 1 (edit before sending)')
  await expect(box).toHaveValue('The certificate was issued by St Albans council in March 2020.')
  await box.fill('The completion certificate (St Albans council, March 2020) is attached.')
  await sc.screenshot({ path: `${SHOTS}/conveyancer-draft-1280.png`, fullPage: true })
  await draft.getByRole('button', { name: 'Send reply' }).click()
  await expect(toast(sc)).toContainText('Reply to enquiry 1 sent')
  await expect(card).toContainText('Answered')
  await expect(card.getByRole('region')).toHaveCount(0)

  // The buyer's conveyancer reads the reply with the file, and can open the file.
  await bc.reload()
  await expect(theirs).toContainText('Answered')
  await expect(theirs).toContainText('The completion certificate (St Albans council, March 2020) is attached.')
  await expect(theirs).toContainText('Attached:')
  await expect(theirs.getByRole('button', { name: /^Completion certificate\.pdf/ })).toBeVisible()
  await bc.screenshot({ path: `${SHOTS}/buyer-conveyancer-reply-1280.png`, fullPage: true })
  const docs = (await (await buyerConveyancer.request.get(`/api/transactions/${txId}/documents`)).json()) as {
    documents?: { filename: string }[]
  }
  expect(JSON.stringify(docs)).toContain('Completion certificate.pdf')

  for (const p of [buyer, seller, buyerConveyancer, sellerConveyancer]) await p.close()
})
