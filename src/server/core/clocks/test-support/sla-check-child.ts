/**
 * A process running the SLA check as the server does (a job runner with the sla-clocks job, first
 * run at once), stopped by SIGTERM as main.ts stops the server: runner.stop() aborts the run's
 * signal and waits for the batch in hand. For clock-jobs.integration.test.ts; DATABASE_URL is the
 * test database. The runner's timers are unref'd (they never keep a process alive), so this process
 * holds itself open as the server's HTTP listener does: without that, node could exit before the
 * first run's timer fired, with nothing checked.
 */
import { createLogger } from '#server/logger.ts'
import { openPostgres } from '#server/db/client.ts'
import { startJobs } from '#server/platform/jobs/job-runner.ts'
import { configureAuditSigning } from '#server/core/audit/audit-signing.ts'
import { checkSlaClocks } from '../check-clocks'

configureAuditSigning('test-audit-signing-key-test-audit-signing-key')

const database = openPostgres(process.env.DATABASE_URL!, { max: 2 })
const runner = startJobs(
  [
    {
      kind: 'periodic',
      name: 'sla-clocks',
      everyMs: 300_000,
      firstAfterMs: 0,
      claim: 'skip locked',
      failure: 'could not check SLA clocks',
      run: (signal) =>
        checkSlaClocks({ database, delivery: { publicUrl: 'http://localhost:3000', deliverMail: false }, signal }),
    },
  ],
  { log: createLogger('warn') },
)
const alive = setInterval(() => {}, 60_000)
process.on('SIGTERM', () => {
  clearInterval(alive)
  void runner
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0))
})
