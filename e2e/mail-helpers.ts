/**
 * Reading Homeward's local outbox (GET /api/dev/mail) in journeys: the newest link of a kind emailed
 * to someone, invitation links and tokens, and confirming an email address the way a person does,
 * by opening the emailed link. `outbox` is the one place that reads the outbox.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'

/** One email kept in the local outbox. */
export interface OutboxMail {
  to: string
  subject: string
  text: string
}

/**
 * The local outbox, newest first: the latest 200 emails, or with `to` the latest 200 to that address
 * (a busy run sends more than 200, and an early email to one person would otherwise drop out).
 */
export async function outbox(request: APIRequestContext, to?: string): Promise<OutboxMail[]> {
  const res = await request.get(to ? `/api/dev/mail?to=${encodeURIComponent(to)}` : '/api/dev/mail')
  expect(res.ok(), 'the local outbox (/api/dev/mail) answers').toBe(true)
  const { messages } = (await res.json()) as { messages: OutboxMail[] }
  return messages
}

/** The newest email to `email` whose text matches `pattern`; returns the first match of the pattern. */
export async function mailMatch(request: APIRequestContext, email: string, pattern: RegExp): Promise<string> {
  let found: string | undefined
  await expect
    .poll(async () => {
      const messages = await outbox(request, email)
      const mail = messages.find((m) => m.to.toLowerCase() === email.toLowerCase() && pattern.test(m.text))
      found = mail?.text.match(pattern)?.[0]
      return found ?? null
    })
    .not.toBeNull()
  return found!
}

/** The path (with query) of the newest link to `page` (e.g. '/verify-email') emailed to `email`. */
export async function mailedLink(request: APIRequestContext, email: string, page: string): Promise<string> {
  const link = await mailMatch(request, email, new RegExp(`https?://\\S+${page}\\?token=\\S+`))
  const url = new URL(link)
  return url.pathname + url.search
}

/** The path ('/invite/<token>') of the newest invitation link emailed to `email`. */
export async function inviteLink(request: APIRequestContext, email: string): Promise<string> {
  return new URL(await mailMatch(request, email, /https?:\/\/\S+\/invite\/[\w-]+/)).pathname
}

/** The token of the newest invitation emailed to `email` (for POST /api/invitations/:token/accept). */
export async function inviteToken(request: APIRequestContext, email: string): Promise<string> {
  return (await inviteLink(request, email)).split('/').pop()!
}

/** Opens the verification link emailed to `email` in `page` and waits for the confirmation. */
export async function verifyEmailByLink(page: Page, email: string): Promise<void> {
  await page.goto(await mailedLink(page.request, email, '/verify-email'))
  await expect(page.getByText('your email address is confirmed')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email confirmed')
}

/** Confirms `email` by fetching its emailed link through `request` (for people signed up through the API). */
export async function verifyEmailByRequest(request: APIRequestContext, email: string): Promise<void> {
  const link = await mailedLink(request, email, '/verify-email')
  const token = new URLSearchParams(link.split('?')[1]).get('token')!
  const res = await request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)
  expect(res.ok()).toBe(true)
}
