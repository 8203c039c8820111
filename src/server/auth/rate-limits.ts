/**
 * Rate limits on the auth endpoints, stored in the database so that they hold across server processes
 * (checklist 'Authentication and sessions' 6.3.1). Two layers:
 * - per client IP and path: Better Auth's own limiter (storage 'database', table rate_limit), with
 *   our windows as its customRules; the IP comes from the header our edge sets (auth/client-info.ts);
 * - per account (the email in the body), possibly several windows per path (resend: 1 a minute and
 *   5 an hour): the plugin below, one atomic upsert per window in table account_rate_limit.
 * Both answer 429 with X-Retry-After (seconds); the edge adds Retry-After and a readable message.
 */
import type { BetterAuthPlugin } from 'better-auth'
import type { Database } from '../db/client'

export interface Rule {
  /** Seconds. */
  window: number
  max: number
}

/** Per client IP, by Better Auth path (after /api/auth). */
export const IP_RULES: Record<string, Rule> = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-in/email-otp': { window: 60, max: 10 },
  '/sign-up/email': { window: 3600, max: 20 },
  '/request-password-reset': { window: 900, max: 10 },
  '/reset-password': { window: 60, max: 10 },
  '/email-otp/send-verification-otp': { window: 900, max: 10 },
  '/send-verification-email': { window: 3600, max: 20 },
  '/verify-email': { window: 60, max: 30 },
  // Each request emails the old address and a link to the new one (features/auth/routes.ts).
  '/change-email': { window: 3600, max: 10 },
  // Two-factor (auth/two-factor.ts): the plugin's own 3 per 10 s would trip people behind one office
  // address; wrong codes are capped per account anyway (10, then a 15-minute lock).
  '/two-factor/*': { window: 60, max: 20 },
}

/** Per account (email), by path; every rule of a path must allow the request. */
export const ACCOUNT_RULES: Record<string, Rule[]> = {
  '/sign-in/email': [{ window: 60, max: 10 }],
  '/sign-in/email-otp': [{ window: 60, max: 10 }],
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

/**
 * Counts one request against `key` in a fixed window of `rule.window` seconds, atomically (one
 * statement, so concurrent processes cannot both pass a stale read). The database clock decides.
 * Returns null when allowed, else the seconds until the window ends.
 */
export async function consumeAccountLimit(database: Database, key: string, rule: Rule): Promise<number | null> {
  const [row] = await database.query<{ count: number; retry_after: number }>(
    `insert into account_rate_limit as l (key, count, resets_at)
     values ($1, 1, now() + make_interval(secs => $2))
     on conflict (key) do update set
       count = case when l.resets_at <= now() then 1 else l.count + 1 end,
       resets_at = case when l.resets_at <= now() then excluded.resets_at else l.resets_at end
     returning count, greatest(1, ceil(extract(epoch from l.resets_at - now())))::int as retry_after`,
    [key, rule.window],
  )
  if (Math.random() < 0.01) {
    await database.query(`delete from account_rate_limit where resets_at < now() - interval '1 hour'`).catch(() => {})
  }
  return Number(row.count) <= rule.max ? null : Number(row.retry_after)
}

export function tooManyRequests(retryAfter: number): Response {
  return new Response(JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests.' }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'x-retry-after': String(retryAfter) },
  })
}

/** The per-account layer as a Better Auth plugin (its onRequest runs after the per-IP limiter). */
export function accountRateLimit(database: Database, basePath: string): BetterAuthPlugin {
  return {
    id: 'homeward-account-rate-limit',
    async onRequest(request) {
      if (request.method !== 'POST') return
      const path = new URL(request.url).pathname.slice(basePath.length)
      const rules = ACCOUNT_RULES[path]
      if (!rules) return
      const body: unknown = await request
        .clone()
        .json()
        .catch(() => null)
      const given = typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined
      const email = typeof given === 'string' ? given.trim().toLowerCase() : ''
      if (!email) return
      let retryAfter = 0
      for (const rule of rules) {
        const wait = await consumeAccountLimit(database, `${path}|${email}|${rule.window}`, rule)
        if (wait !== null) retryAfter = Math.max(retryAfter, wait)
      }
      if (retryAfter > 0) return { response: tooManyRequests(retryAfter) }
    },
  }
}
