/**
 * Help's Live Chat, a real support conversation: signed out, 'Start a chat' asks to sign in and comes back to
 * the support chat; the message is sent, shown, and emailed to the support address; the team's
 * reply (through the inbound-mail webhook) appears in the thread; a refused send says why and keeps
 * what was typed. Screenshots at 1280 and 390 px.
 */
import { expect, test } from '@playwright/test'
import { SUPPORT_INBOUND_TOKEN } from '../playwright.config'
import { outbox } from './mail-helpers'
import { expectNoAxeViolations, toast, signUpByRequest, uniqueEmail } from './app-helpers'

const SHOTS = 'test-results/screens'
const PASSWORD = 'support-spec-2025!'

test('from Help, sign in, write to support, and read the reply', async ({ page }) => {
  const email = uniqueEmail('support')
  await signUpByRequest(page.request, { name: 'Sue Support', email, password: PASSWORD, verified: false })
  await page.context().clearCookies()

  await page.goto('/help')
  await page.getByRole('link', { name: 'Start a chat' }).click()
  await expect(page).toHaveURL(/\/auth\?next=%2Fapp%2Fsupport$/)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/support$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Support chat' })).toBeVisible()
  await expect(page.getByText('No messages yet.')).toBeVisible()
  await expect(page.getByTestId('support-expectation')).toContainText(email)

  const box = page.getByLabel('Message to support')
  await box.fill('Can my broker see the survey report?')
  await box.press('Enter')
  const messages = page.getByRole('list', { name: 'Messages, oldest first' })
  await expect(messages.getByRole('listitem')).toHaveCount(1)
  await expect(messages).toContainText('Can my broker see the survey report?')
  await expect(box).toHaveValue('')

  // The message went to the support address through the outbox.
  const toSupport = (await outbox(page.request)).find(
    (m) => m.to === 'support@homeward.co.uk' && m.text.includes(email),
  )
  expect(toSupport?.subject).toBe('Support chat: Sue Support')

  // The team answers by email; the inbound webhook puts the answer in the thread.
  const reply = await page.request.post('/api/support/inbound', {
    headers: { authorization: `Bearer ${SUPPORT_INBOUND_TOKEN}` },
    data: { to: email, body: 'Yes, if they are on your move: documents are shared with everyone on it.' },
  })
  expect(reply.status()).toBe(201)
  await page.reload()
  await expect(messages.getByRole('listitem')).toHaveCount(2)
  await expect(messages.getByRole('listitem').last()).toContainText('Homeward support')
  await expect(messages.getByRole('listitem').last()).toContainText('documents are shared with everyone on it')
  await expectNoAxeViolations(page)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 })
    await page.screenshot({ path: `${SHOTS}/support-chat-${width}.png`, fullPage: true })
  }

  // Refused (too many messages): the reason is shown and the text is kept.
  await page.route('**/api/support/messages', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 429,
          headers: { 'retry-after': '1200' },
          json: {
            error: {
              code: 'rate_limited',
              message: 'You have sent 20 messages in the last hour. Try again in 20 minutes, or email us.',
            },
          },
        })
      : route.continue(),
  )
  await box.fill('One more question')
  await page.getByRole('form', { name: 'Write to support' }).getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Try again in 20 minutes' })).toBeVisible()
  await expect(toast(page)).toContainText('Message not sent')
  await expect(box).toHaveValue('One more question')
})
