/**
 * The portfolio's periodic work in one cheap run (src/server/jobs.ts runs it every 15 minutes, first
 * 15 minutes after start, nothing at start): the weekly updates (a clock comparison outside Monday
 * 09:00-09:59 UK time) and, at most once an hour, the high-risk check over live sales with an estate
 * agent.
 */
import type { Database } from '#server/db/client.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { checkSaleRisks } from './risk-alerts'
import { sendDueWeeklyUpdates } from './weekly-update'

const RISK_CHECK_EVERY_MS = 60 * 60_000

/**
 * One run of the portfolio checks, remembering (in this process) when the hourly risk check last
 * ran. The returned function resolves with the number of emails queued.
 */
export function portfolioChecks(options: { database: Database; delivery: NotificationDelivery }) {
  let lastRiskCheck = 0
  return async (now = new Date()): Promise<number> => {
    let queued = await sendDueWeeklyUpdates({ ...options, now })
    if (now.getTime() - lastRiskCheck >= RISK_CHECK_EVERY_MS) {
      lastRiskCheck = now.getTime()
      queued += await checkSaleRisks({ ...options, now })
    }
    return queued
  }
}
