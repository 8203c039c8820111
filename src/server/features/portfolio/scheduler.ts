/**
 * The portfolio's periodic work in one cheap job, every 15 minutes, first 15 minutes after start
 * (nothing at start): the weekly updates (a clock comparison outside Monday 09:00-09:59 UK time) and,
 * at most once an hour, the high-risk check over live sales with an estate agent.
 */
import type { Database } from '#server/db/client.ts'
import type { Logger } from '#server/logger.ts'
import { startPeriodicJob, type PeriodicJob } from '#server/platform/jobs/periodic-job.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { checkSaleRisks } from './risk-alerts'
import { sendDueWeeklyUpdates } from './weekly-update'

const RISK_CHECK_EVERY_MS = 60 * 60_000

export function startPortfolioScheduler(options: {
  database: Database
  delivery: NotificationDelivery
  log: Logger
  onQueued?: () => void
  everyMs?: number
}): PeriodicJob {
  let lastRiskCheck = 0
  return startPeriodicJob({
    run: async () => {
      const now = new Date()
      let queued = await sendDueWeeklyUpdates({ ...options, now })
      if (now.getTime() - lastRiskCheck >= RISK_CHECK_EVERY_MS) {
        lastRiskCheck = now.getTime()
        queued += await checkSaleRisks({ ...options, now })
      }
      if (queued > 0) options.onQueued?.()
    },
    everyMs: options.everyMs ?? 15 * 60_000,
    log: options.log,
    failure: 'could not run the portfolio checks (weekly updates, high-risk alerts)',
  })
}
