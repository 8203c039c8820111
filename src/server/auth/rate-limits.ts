/**
 * Rate limits on the auth endpoints (/api/auth/*), stored in the database so that they hold across
 * server processes (checklist 'Authentication and sessions' 6.3.1). One limiter, three keys:
 * - per client address (ADDRESS_RULES), for what a person does before being signed in (sign-in,
 *   sign-up, password recovery, sign-in codes, links), with ceilings sized for an office: 50 people
 *   behind one address (a firm's NAT or proxy; TRUSTED_PROXIES, auth/client-info.ts) must be able
 *   to sign in on the same morning;
 * - per account (ACCOUNT_RULES: the email in the body), the brute-force and mail-flood guard, which
 *   no number of addresses resets;
 * - per signed-in session or user (SIGNED_IN_RULES), for requests that carry a validly signed
 *   session cookie: session reads and signed-in actions are never counted per address, so a busy
 *   office never shares one bucket.
 * `/get-session` is never limited per address (every page load of a signed-in person reads it).
 *
 * Every window is fixed (it starts at the first request and ends `window` seconds later, by the
 * database clock), counted by one atomic upsert per key in table account_rate_limit. Better Auth's
 * own limiter is off (auth/auth.ts): its window restarts with every allowed request, so under an
 * office's steady traffic it never resets and its `max` becomes a total (observed: get-session 429
 * on page loads after the 100th request of the morning from one address).
 *
 * A refusal is 429 with X-Retry-After (seconds); the edge adds Retry-After and a message saying
 * when to try again (retryMessage).
 */
import { createHash } from 'node:crypto'
import type { BetterAuthPlugin } from 'better-auth'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database, Tx } from '../db/client'
import { oneRow } from '../db/rows'
import { CLIENT_IP_HEADER } from './client-info'
import { readCookie, sessionCookieName, verifySessionCookie } from './viewer'

export interface Rule {
  /** Seconds. */
  window: number
  max: number
}

/** A rule for signed-in requests: counted per session (its token) or per user (every session of theirs). */
export interface SignedInRule extends Rule {
  per: 'session' | 'user'
}

/**
 * Per client address, by Better Auth path (after /api/auth; `/x/*` is every path under /x).
 * The numbers (per address, so per office):
 * - signing in (password, emailed code, a provider, its callback, the second factor): 150 a minute:
 *   50 people arriving in the same minute with a typo or two each fit three times over, while one
 *   address still cannot try more than 150 passwords a minute in all (and no account more than 10,
 *   ACCOUNT_RULES);
 * - sign-up: 60 an hour: a firm enrolling its staff in one sitting; each sends an email, so one
 *   address cannot make the service mail more than one new person a minute on average;
 * - password recovery and sign-in codes (each sends an email): 30 and 100 per 15 minutes; every inbox
 *   is capped per account as well;
 * - links from emails (verify, reset): unguessable tokens, so only a flood guard;
 * - anything else without a session (DEFAULT_ADDRESS_RULE): 100 a minute.
 */
/** Every way of signing in, per address: 150 a minute (an office of 50 arriving at once, three times over). */
const SIGN_IN_BY_ADDRESS: Rule = { window: 60, max: 150 }

export const ADDRESS_RULES: Record<string, Rule> = {
  '/sign-in/email': SIGN_IN_BY_ADDRESS,
  '/sign-in/email-otp': SIGN_IN_BY_ADDRESS,
  '/sign-in/social': SIGN_IN_BY_ADDRESS,
  '/sign-in/oauth2': SIGN_IN_BY_ADDRESS,
  '/callback/*': SIGN_IN_BY_ADDRESS,
  '/oauth2/callback/*': SIGN_IN_BY_ADDRESS,
  // The second step of a sign-in (auth/two-factor.ts): wrong codes are capped per account anyway
  // (10, then a 15-minute lock).
  '/two-factor/*': SIGN_IN_BY_ADDRESS,
  '/sign-up/email': { window: 3600, max: 60 },
  '/request-password-reset': { window: 900, max: 30 },
  '/reset-password': { window: 60, max: 30 },
  '/email-otp/send-verification-otp': { window: 900, max: 100 },
  '/send-verification-email': { window: 3600, max: 60 },
  '/verify-email': { window: 60, max: 150 },
}

/** Any other path, requested without a signed session cookie. */
export const DEFAULT_ADDRESS_RULE: Rule = { window: 60, max: 100 }

/** Paths never limited per address. */
export const NEVER_PER_ADDRESS = new Set(['/get-session'])

/**
 * Paths about getting signed in: the address (and account) rules apply even when the request
 * carries a session cookie (signing in as someone else from a signed-in browser is still a sign-in).
 */
const SIGN_IN_PATHS = [
  '/sign-in/*',
  '/callback/*',
  '/oauth2/callback/*',
  '/sign-up/email',
  '/request-password-reset',
  '/reset-password',
  '/email-otp/*',
  '/verify-email',
]

/**
 * Per signed-in session or user, for requests with a validly signed session cookie (instead of the
 * address rules). Reads are per session and generous: the app reads the session once per page load,
 * so 120 a minute is two a second, sustained, from one tab; actions that check the password or send
 * email are per user, so that signing in again does not buy more tries.
 */
export const SIGNED_IN_RULES: Record<string, SignedInRule> = {
  '/get-session': { window: 60, max: 120, per: 'session' },
  // Each request emails the old address and a link to the new one (features/auth/routes.ts).
  '/change-email': { window: 3600, max: 10, per: 'user' },
  // These check the current password.
  '/change-password': { window: 900, max: 10, per: 'user' },
  '/delete-user': { window: 900, max: 10, per: 'user' },
  '/two-factor/*': { window: 900, max: 30, per: 'user' },
  '/send-verification-email': { window: 3600, max: 20, per: 'user' },
}

/** Any other signed-in request to /api/auth (sign-out, list sessions, update the profile...). */
export const DEFAULT_SIGNED_IN_RULE: SignedInRule = { window: 60, max: 120, per: 'session' }

/** Per account (email), by path; every rule of a path must allow the request. */
export const ACCOUNT_RULES: Record<string, Rule[]> = {
  '/sign-in/email': [{ window: 60, max: 10 }],
  '/sign-in/email-otp': [{ window: 60, max: 10 }],
  // A sign-up with a known address emails its owner (auth/auth.ts onExistingUserSignUp).
  '/sign-up/email': [{ window: 3600, max: 5 }],
  '/request-password-reset': [{ window: 3600, max: 5 }],
  '/email-otp/send-verification-otp': [
    { window: 60, max: 1 },
    { window: 3600, max: 5 },
  ],
  '/send-verification-email': [
    { window: 60, max: 1 },
    { window: 3600, max: 5 },
  ],
}

/** Whether `path` matches `pattern` (exact, or `/x/*`: anything under /x). */
function matches(pattern: string, path: string): boolean {
  return pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path
}

/** The entry of `rules` for `path` and the pattern that matched (the key of its bucket), if any. */
function lookup<R>(rules: Record<string, R>, path: string): [string, R] | undefined {
  if (path in rules) return [path, rules[path]]
  const pattern = Object.keys(rules).find((p) => matches(p, path))
  return pattern === undefined ? undefined : [pattern, rules[pattern]]
}

/** One count to take: the bucket's key and its rule. */
export interface Check {
  key: string
  rule: Rule
}

/**
 * The counts a request to `path` takes. `signedIn` is the verified session token of the request's
 * cookie (null without one); `userId` resolves its user, for per-user rules (null for a session
 * that has ended: then it is counted per session). Pure but for `userId`; exported for the tests.
 */
export async function checksFor(request: {
  method: string
  path: string
  ip: string | null
  email: string | null
  sessionToken: string | null
  userId: (token: string) => Promise<string | null>
}): Promise<Check[]> {
  const { path } = request
  const checks: Check[] = []
  const signingIn = SIGN_IN_PATHS.some((p) => matches(p, path))
  if (request.sessionToken && !signingIn) {
    const [pattern, rule] = lookup(SIGNED_IN_RULES, path) ?? ['*', DEFAULT_SIGNED_IN_RULE]
    const userId = rule.per === 'user' ? await request.userId(request.sessionToken) : null
    const who = userId ? `user:${userId}` : `session:${hashToken(request.sessionToken)}`
    checks.push({ key: `${who}|${pattern}|${rule.window}`, rule })
  } else if (!NEVER_PER_ADDRESS.has(path)) {
    const [pattern, rule] = lookup(ADDRESS_RULES, path) ?? ['*', DEFAULT_ADDRESS_RULE]
    checks.push({ key: `address:${request.ip ?? 'unknown'}|${pattern}|${rule.window}`, rule })
  }
  const accountRules = request.method === 'POST' && request.email ? ACCOUNT_RULES[path] : undefined
  for (const rule of accountRules ?? []) {
    checks.push({ key: `account:${request.email}|${path}|${rule.window}`, rule })
  }
  return checks
}

/** A session token as stored in a limiter key: hashed, so the table holds no credential. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 32)
}

/** Where a count is taken: the drizzle handle, or a transaction (the count then rolls back with it). */
export type LimitRunner = Database['db'] | Tx

/**
 * The one limiter of the server (auth limits here, and the kernel's action limits,
 * core/limits.ts): counts one request against `key` in a fixed window of `rule.window` seconds,
 * atomically (one statement, so concurrent processes cannot both pass a stale read). The database
 * clock decides. `key` is any text naming the bucket (`address:…`, `account:…`, `webhook-test|<owner>`,
 * `title-check|<move>`...). Returns null when allowed, else the seconds until the window ends.
 */
export async function consumeLimit(runner: LimitRunner, key: string, rule: Rule): Promise<number | null> {
  const res = await runner.execute(sql`
    insert into account_rate_limit as l (key, count, resets_at)
    values (${key}, 1, now() + make_interval(secs => ${rule.window}))
    on conflict (key) do update set
      count = case when l.resets_at <= now() then 1 else l.count + 1 end,
      resets_at = case when l.resets_at <= now() then excluded.resets_at else l.resets_at end
    returning count, greatest(1, ceil(extract(epoch from l.resets_at - now())))::int as retry_after`)
  const row = oneRow(z.object({ count: z.number(), retry_after: z.number() }), res)
  // Now and then old windows go; never inside a caller's transaction, whose rows it could wait on.
  if (!('rollback' in runner) && Math.random() < 0.01) {
    await runner
      .execute(sql`delete from account_rate_limit where resets_at < now() - interval '1 hour'`)
      .catch(() => {})
  }
  return Number(row.count) <= rule.max ? null : Number(row.retry_after)
}

/** 'in 45 seconds', 'in 3 minutes', 'in 1 hour'. */
export function waitPhrase(seconds: number): string {
  if (seconds < 90) return `in ${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 90) return `in ${minutes} minutes`
  const hours = Math.ceil(minutes / 60)
  return `in ${hours} hour${hours === 1 ? '' : 's'}`
}

/** The message of a 429 from these limits. */
export function retryMessage(seconds: number): string {
  return `Too many attempts. Please try again ${waitPhrase(seconds)}.`
}

export function tooManyRequests(retryAfter: number): Response {
  return new Response(JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: retryMessage(retryAfter) }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'x-retry-after': String(retryAfter) },
  })
}

/** The email named in a JSON body, trimmed and lower-cased, or null. */
async function emailOf(request: Request): Promise<string | null> {
  if (request.method !== 'POST') return null
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => null)
  const given = typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined
  const email = typeof given === 'string' ? given.trim().toLowerCase() : ''
  return email || null
}

/**
 * The limits as a Better Auth plugin: its onRequest runs before every endpoint of /api/auth. The
 * client address is the header our edge sets (auth/client-info.ts); the session cookie counts only
 * when its signature is valid (a forged cookie is counted per address).
 */
export function authRateLimits(
  database: Database,
  options: { basePath: string; secret: string; secure: boolean },
): BetterAuthPlugin {
  const cookieName = sessionCookieName(options.secure)
  const userId = async (token: string) => {
    const rows = await database.query<{ user_id: string }>(
      `select user_id from session where token = $1 and expires_at > now()`,
      [token],
    )
    return rows[0]?.user_id ?? null
  }
  return {
    id: 'homeward-rate-limits',
    async onRequest(request) {
      const path = new URL(request.url).pathname.slice(options.basePath.length)
      const checks = await checksFor({
        method: request.method,
        path,
        ip: request.headers.get(CLIENT_IP_HEADER),
        email: await emailOf(request),
        sessionToken: verifySessionCookie(
          readCookie(request.headers.get('cookie') ?? undefined, cookieName),
          options.secret,
        ),
        userId,
      })
      let retryAfter = 0
      // Every count is taken, even after a refusal: a refused attempt still counts against its account.
      for (const { key, rule } of checks) {
        const wait = await consumeLimit(database.db, key, rule)
        if (wait !== null) retryAfter = Math.max(retryAfter, wait)
      }
      if (retryAfter > 0) return { response: tooManyRequests(retryAfter) }
    },
  }
}
