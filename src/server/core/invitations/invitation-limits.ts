/**
 * Limits on sending invitations (the battery sent 25 in 0.4 s and re-sent one 10
 * times). Counted in table account_rate_limit (auth/rate-limits.ts: fixed windows, the database clock
 * decides, so the limits hold across server processes) inside the caller's database transaction: a
 * send that fails later (403, 409) rolls its count back, so only emails that go out are counted.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Rule } from '#server/auth/rate-limits.ts'
import type { Tx } from '#server/db/client.ts'
import { oneRow } from '#server/db/rows.ts'
import { RateLimitedError } from '../errors.ts'

/** New invitations and re-sends by one person on one move. */
export const SEND_RULES: Rule[] = [
  { window: 600, max: 10 },
  { window: 86_400, max: 30 },
]
/** Re-sends of one invitation (the first send is not counted). */
export const RESEND_RULES: Rule[] = [
  { window: 3600, max: 3 },
  { window: 86_400, max: 5 },
]

async function consume(tx: Tx, key: string, rule: Rule): Promise<number | null> {
  const res = await tx.execute(sql`
    insert into account_rate_limit as l (key, count, resets_at)
    values (${key}, 1, now() + make_interval(secs => ${rule.window}))
    on conflict (key) do update set
      count = case when l.resets_at <= now() then 1 else l.count + 1 end,
      resets_at = case when l.resets_at <= now() then excluded.resets_at else l.resets_at end
    returning count, greatest(1, ceil(extract(epoch from l.resets_at - now())))::int as retry_after`)
  const row = oneRow(z.object({ count: z.number(), retry_after: z.number() }), res)
  return Number(row.count) <= rule.max ? null : Number(row.retry_after)
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

async function check(tx: Tx, key: string, rules: Rule[]): Promise<number> {
  let wait = 0
  for (const rule of rules) {
    const w = await consume(tx, `${key}|${rule.window}`, rule)
    if (w !== null) wait = Math.max(wait, w)
  }
  return wait
}

/**
 * Counts one invitation email sent by `profileId` on `txId` (and, for a re-send, one more for that
 * invitation). Throws 429 with when to try again once a limit is reached.
 */
export async function limitInvitationSend(
  tx: Tx,
  opts: { profileId: string; txId: string; resendOf?: string },
): Promise<void> {
  const sendWait = await check(tx, `invite-send|${opts.profileId}|${opts.txId}`, SEND_RULES)
  if (sendWait > 0) {
    throw new RateLimitedError(
      `You have sent many invitations on this move in a short time. Please try again in ${waitText(sendWait)}.`,
      sendWait,
    )
  }
  if (opts.resendOf) {
    const resendWait = await check(tx, `invite-resend|${opts.resendOf}`, RESEND_RULES)
    if (resendWait > 0) {
      throw new RateLimitedError(
        `This invitation has been sent several times already; the last email may still be on its way. You can send it again in ${waitText(resendWait)}.`,
        resendWait,
      )
    }
  }
}
