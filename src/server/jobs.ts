/**
 * Every background job of the server, in one list: its name, its schedule, how several processes
 * share it (the claim that makes each unit of work happen once, whichever process gets there first),
 * and what a run does. server.ts starts the list with platform/jobs/job-runner.ts and stops it at
 * shutdown; the runner is in-process because no well-kept job library runs on the embedded PGlite
 * default (docs/decisions/045-one-list-of-jobs.md). Every process runs every job.
 *
 * A composition file like app.ts: it may import every feature, and no feature imports it.
 */
import type { Config } from './config'
import type { Database } from './db/client'
import type { Logger } from './logger'
import type { Job } from './platform/jobs/job-runner'
import type { MailService } from './platform/mail/mail-service'
import { mailOutboxDepth } from './platform/mail/mail-worker'
import type { ObjectStorage } from './platform/storage'
import { checkSlaClocks } from '#server/core/clocks/check-clocks.ts'
import { runNightlyIfDue } from './features/accreditation/nightly'
import { startClockCloseRecompute } from './features/accreditation/recompute-on-clock-close'
import { createWebhookWorker, webhookOutboxDepth } from './features/api-access/webhook-worker'
import { outboundClientFor } from './platform/outbound/outbound-client'
import { COMPLETION_FEE_RETRY_MS, retryDueCompletionFees } from './features/billing/completion-fee-retries'
import { paymentsOf } from './features/billing/routes'
import { supplierFrom } from './features/billing/supplier'
import { sendExpiryReminders } from './features/mortgages/expiry-reminders'
import { sendProductTransferReminders } from './features/mortgages/product-transfer-reminders'
import { sendDueDigests } from './features/notifications/digest'
import { portfolioChecks } from './features/portfolio/scheduler'
import { runCddRetention } from './features/verification/retention'
import { settleSurveyPayouts } from './features/surveys/deliver-report'
import { sweepHeldLinkUploads } from './features/enquiries/sweep-held-uploads'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * The jobs of one server process. `mail` is the mail service (its outbox job exists only with SMTP;
 * without it mail stays in the local outbox). Features that queue mail nudge the mail outbox after
 * their commit so that it goes out at once rather than at the next poll.
 */
export function serverJobs(deps: {
  config: Config
  database: Database
  log: Logger
  mail: MailService
  storage: ObjectStorage
  /** The time a run goes by (tests fix it; every run asks it anew). */
  clock?: () => Date
}): Job[] {
  const { config, database, log, mail, storage } = deps
  const clock = deps.clock ?? (() => new Date())
  const delivery = { publicUrl: config.publicUrl, deliverMail: mail.deliver }
  /** Runs `send` and nudges the mail outbox when it queued mail. */
  const thenMail = (send: () => Promise<number>) => async () => {
    if ((await send()) > 0) mail.kick()
  }
  const webhooks = createWebhookWorker({ database, log, outbound: outboundClientFor(config) })
  const portfolio = portfolioChecks({ database, delivery })
  const feeRetry = {
    database,
    provider: paymentsOf({ config }),
    publicUrl: config.publicUrl,
    deliverMail: mail.deliver,
    supplier: supplierFrom(config),
  }

  const jobs: Job[] = [
    {
      kind: 'periodic',
      name: 'notification-digests',
      everyMs: MINUTE,
      claim: 'skip locked: each due subscriber row locked while its digest is queued',
      failure: 'could not send daily digests',
      run: (signal) => thenMail(() => sendDueDigests({ database, delivery, now: clock(), signal }))(),
    },
    {
      kind: 'periodic',
      name: 'sla-clocks',
      everyMs: 5 * MINUTE,
      // A first check soon after start, so alerts that fell due while the server was down go out.
      firstAfterMs: 2_000,
      claim:
        'skip locked: queued matters and due clocks (by alert_due_at) claimed in batches, alerted, marked and rescheduled in the same transaction',
      failure: 'could not check SLA clocks',
      run: (signal) =>
        thenMail(async () => (await checkSlaClocks({ database, delivery, now: clock(), signal })).alerts)(),
    },
    {
      kind: 'periodic',
      name: 'accreditation-nightly',
      // Checked hourly; runs once a night from 02:00 London time.
      everyMs: HOUR,
      firstAfterMs: 30_000,
      claim: 'advisory lock 4242019, the last nightly run re-checked under it',
      failure: 'could not recompute accreditation',
      run: async () => {
        const n = await runNightlyIfDue(database, clock())
        if (n > 0) log.debug(`nightly accreditation: ${n} organizations recomputed`)
      },
    },
    {
      kind: 'periodic',
      name: 'portfolio-checks',
      // Weekly seller updates (Monday 09:00-09:59 UK time) and, hourly, the high-risk sale check.
      everyMs: 15 * MINUTE,
      claim: 'unique key (sale, seller, ISO week) with on conflict do nothing; risk states row-locked',
      failure: 'could not run the portfolio checks (weekly updates, high-risk alerts)',
      run: thenMail(() => portfolio(clock())),
    },
    {
      kind: 'periodic',
      name: 'mortgage-expiry-reminders',
      // Day-granular reminders: an hour late is harmless; never at start (test servers start often).
      everyMs: HOUR,
      firstAfterMs: 10 * MINUTE,
      claim: 'conditional update: reminded_at is null, set in the same transaction',
      failure: 'could not send mortgage expiry reminders',
      run: thenMail(() => sendExpiryReminders({ database, delivery, now: clock() })),
    },
    {
      kind: 'periodic',
      name: 'cdd-retention',
      everyMs: 24 * HOUR,
      firstAfterMs: 15 * MINUTE,
      claim: 'idempotent: deletes what is past retention; a second process finds nothing left',
      failure: 'could not apply the CDD retention rules',
      run: () => runCddRetention({ database, storage }),
    },
    {
      kind: 'periodic',
      name: 'completion-fee-retries',
      // The completion fee's outbox: a charge that could not be made after commit is retried.
      everyMs: COMPLETION_FEE_RETRY_MS,
      claim: "row lock: the fee row locked while it is charged, and only while it is 'due'",
      failure: 'completion fee retry failed',
      run: () => retryDueCompletionFees(feeRetry),
    },
    {
      kind: 'listener',
      name: 'accreditation-on-clock-close',
      on: "an SLA clock closing or reopening (migration 0019's NOTIFY, through this process's own connections)",
      claim: 'none needed: the process whose write closed the clock recomputes that firm',
      failure: 'could not recompute accreditation after SLA clocks closed',
      start: (report) => startClockCloseRecompute({ database, log, report }),
    },
    {
      kind: 'outbox',
      name: 'webhook-outbox',
      everyMs: 2_000,
      claim: 'skip locked, with a 5-minute lease',
      failure: 'webhook worker could not drain the outbox',
      // Claims and starts what is due; answers are awaited in the background, so a slow receiver
      // never holds the next tick (webhook-worker.ts).
      run: () => webhooks.dispatch(),
      stop: () => webhooks.stop(),
      depth: () => webhookOutboxDepth(database),
    },
    {
      kind: 'periodic',
      name: 'survey-payouts-settle',
      // The platform, not the surveyor, confirms a survey payout's transfer with the payments provider.
      everyMs: 5 * MINUTE,
      claim: "row lock: each pending payout claimed with for update skip locked, and only while 'pending'",
      failure: 'could not confirm survey payouts with the payments provider',
      run: async () => {
        await settleSurveyPayouts({ database, payments: feeRetry.provider })
      },
    },
    {
      kind: 'periodic',
      name: 'product-transfer-reminders',
      // Day-granular, months ahead: an hour late is harmless; never at start (test servers start often).
      everyMs: HOUR,
      firstAfterMs: 12 * MINUTE,
      claim: 'conditional update: reminded_at is null, set in the same transaction',
      failure: 'could not send product-transfer reminders',
      run: thenMail(() => sendProductTransferReminders({ database, delivery, now: clock() })),
    },
    {
      kind: 'periodic',
      name: 'enquiry-link-uploads-sweep',
      // Files held for a reply by link that can never be sent (decision 054): hours late is harmless.
      everyMs: HOUR,
      firstAfterMs: 15 * MINUTE,
      claim: 'row lock: each batch of held uploads taken for update skip locked and deleted in the same transaction',
      failure: 'could not remove held enquiry-link uploads',
      run: async (signal) => {
        const swept = await sweepHeldLinkUploads({ database, storage, now: clock(), signal })
        if (swept.held + swept.strays > 0) log.info('removed held enquiry-link uploads', swept)
      },
    },
  ]
  const worker = mail.worker
  if (worker) {
    jobs.push({
      kind: 'outbox',
      name: 'mail-outbox',
      everyMs: 2_000,
      claim: 'skip locked, with a 5-minute lease',
      failure: 'mail worker could not drain the outbox',
      run: () => worker.drain(),
      stop: () => worker.stop(),
      depth: () => mailOutboxDepth(database),
    })
  }
  return jobs
}
