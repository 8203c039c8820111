/**
 * Limits on actions that cost someone else something: a partner's fee (Confirmation of Payee, HM
 * Land Registry, the identity provider), a place in the shared webhook queue, or a credential.
 * Counted by the server's one limiter (auth/rate-limits.ts `consumeLimit`: fixed windows in table
 * account_rate_limit, the database clock decides, so the limits hold across server processes), keyed
 * by who bears the cost: the owner of the webhook endpoints or tokens (the person acting), or the move.
 * A refusal is 429 with Retry-After and a sentence saying what to do and when (RateLimitedError).
 *
 * The numbers are ceilings no honest use meets, set against what the December 2026 battery did
 * (40 test events, 30 tokens, 25 payee checks, 25 title checks, 25 identity checks in a row):
 * - WEBHOOK_TEST: 20 in 10 minutes, 100 a day per owner. Setting up a receiver takes a handful of
 *   test events; each one takes a place in the delivery queue every firm shares.
 * - WEBHOOK_REDELIVER: 60 in 10 minutes, 500 a day per owner. After a receiver's outage an
 *   integrator resends the failed deliveries one by one; the worker already retries each 8 times.
 * - TOKEN_CREATE: 10 an hour, 30 a day per person. A person makes a token per integration.
 * - PAYEE_CHECK: 10 an hour, 20 a day per move. Confirmation of Payee is asked once per deposit,
 *   again after a typo in the name; each is a paid call to the bank's scheme.
 * - TITLE_CHECK: 10 an hour, 30 a day per move. A move has one or two titles (a leasehold flat and
 *   its freehold), checked at instruction and again before exchange; each is an HM Land Registry fee.
 * - IDENTITY_CHECK_START: 5 new checks a day per person. A check is per person, not per move (one
 *   check serves every move of theirs); resuming the check in progress is not counted, only a new
 *   one after a failed or expired check, which a blurred photo or two explains.
 */
import type { Rule, LimitRunner } from '#server/auth/rate-limits.ts'
import { consumeLimit } from '#server/auth/rate-limits.ts'
import { RateLimitedError } from './errors'

/** An action's limits: every rule must allow it; `refusal` is the message, given the wait as text ("4 minutes"). */
export interface ActionLimit {
  /** The bucket's name, the first part of its key. */
  name: string
  rules: readonly Rule[]
  refusal: (wait: string) => string
}

export const WEBHOOK_TEST: ActionLimit = {
  name: 'webhook-test',
  rules: [
    { window: 600, max: 20 },
    { window: 86_400, max: 100 },
  ],
  refusal: (wait) =>
    `You have sent many test events in a short time. Check the delivery log for the last ones; you can send another in ${wait}.`,
}

export const WEBHOOK_REDELIVER: ActionLimit = {
  name: 'webhook-redeliver',
  rules: [
    { window: 600, max: 60 },
    { window: 86_400, max: 500 },
  ],
  refusal: (wait) =>
    `You have resent many deliveries in a short time. Failed deliveries are retried on their own; you can resend another in ${wait}.`,
}

export const TOKEN_CREATE: ActionLimit = {
  name: 'token-create',
  rules: [
    { window: 3600, max: 10 },
    { window: 86_400, max: 30 },
  ],
  refusal: (wait) =>
    `You have created many API tokens in a short time. Revoke the ones you do not use; you can create another in ${wait}.`,
}

export const PAYEE_CHECK: ActionLimit = {
  name: 'payee-check',
  rules: [
    { window: 3600, max: 10 },
    { window: 86_400, max: 20 },
  ],
  refusal: (wait) =>
    `The deposit account's name has been checked many times on this move. Check the name with your conveyancer; you can check again in ${wait}.`,
}

export const TITLE_CHECK: ActionLimit = {
  name: 'title-check',
  rules: [
    { window: 3600, max: 10 },
    { window: 86_400, max: 30 },
  ],
  refusal: (wait) =>
    `Many official copies of the register have been obtained on this move already; the earlier ones are in the Property folder. You can obtain another in ${wait}.`,
}

export const IDENTITY_CHECK_START: ActionLimit = {
  name: 'identity-check-start',
  rules: [{ window: 86_400, max: 5 }],
  refusal: (wait) =>
    `You have started several identity checks today. If your checks keep failing, contact support; you can start another in ${wait}.`,
}

/**
 * An emailed enquiry reply link (decision 054), per link: reading it (the page loads it once per
 * visit and after each reply) 120 in 10 minutes, 600 a day; writing through it (uploads and
 * replies) 60 in 10 minutes, 300 a day. A firm answering 50 enquiries with a file each stays under.
 */
export const ENQUIRY_LINK_READ: ActionLimit = {
  name: 'enquiry-link-read',
  rules: [
    { window: 600, max: 120 },
    { window: 86_400, max: 600 },
  ],
  refusal: (wait) => `This link has been opened many times in a short while. You can open it again in ${wait}.`,
}

export const ENQUIRY_LINK_WRITE: ActionLimit = {
  name: 'enquiry-link-write',
  rules: [
    { window: 600, max: 60 },
    { window: 86_400, max: 300 },
  ],
  refusal: (wait) =>
    `Many replies and files have been sent through this link in a short while. What you sent is saved; you can send more in ${wait}.`,
}

/**
 * Emailing the enquiries again to the seller's firm not on Homeward, per move: 5 an hour, 20 a day
 * (each email goes to someone outside Homeward, who cannot switch it off).
 */
export const ENQUIRY_EMAIL_SEND: ActionLimit = {
  name: 'enquiry-email-send',
  rules: [
    { window: 3600, max: 5 },
    { window: 86_400, max: 20 },
  ],
  refusal: (wait) =>
    `The enquiries have been emailed to the seller's firm several times already; the latest link is the one that works. You can send again in ${wait}.`,
}

/** '3 minutes', '1 hour', '5 hours': how long to wait, rounded up. */
export function waitText(seconds: number): string {
  if (seconds < 3600) {
    const m = Math.max(1, Math.ceil(seconds / 60))
    return `${m} minute${m === 1 ? '' : 's'}`
  }
  const h = Math.ceil(seconds / 3600)
  return `${h} hour${h === 1 ? '' : 's'}`
}

/**
 * Counts one use of `limit` by `subject` (an owner's or a move's id) against each of its rules.
 * Returns 0 when allowed, else the seconds until every exceeded window has ended. Run in the
 * caller's transaction to have the count roll back with work that is refused later.
 */
export async function countUse(runner: LimitRunner, limit: ActionLimit, subject: string): Promise<number> {
  let wait = 0
  for (const rule of limit.rules) {
    const w = await consumeLimit(runner, `${limit.name}|${subject}|${rule.window}`, rule)
    if (w !== null) wait = Math.max(wait, w)
  }
  return wait
}

/**
 * Counts one use of `limit` by `subject` and throws RateLimitedError (429, Retry-After in seconds,
 * the limit's message) once any of its rules is exceeded.
 */
export async function enforceLimit(runner: LimitRunner, limit: ActionLimit, subject: string): Promise<void> {
  const wait = await countUse(runner, limit, subject)
  if (wait > 0) throw new RateLimitedError(limit.refusal(waitText(wait)), wait)
}
