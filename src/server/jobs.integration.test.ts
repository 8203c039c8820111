/**
 * The job list with two server processes on one database: each runs every job (jobs.ts), and each
 * scheduled unit of work is still done once. Two runners tick the same jobs at the same moments: the
 * daily digest (skip locked: one digest per person per day), the nightly accreditation run (advisory
 * lock: one run a night) and the mail outbox (skip locked with a lease: each email sent once). On
 * PostgreSQL (TEST_DATABASE_URL) the second process has its own connection pool to the same database,
 * as a second server would; on PGlite both share the embedded database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, type Database } from '#server/db/client.ts'
import { createLogger } from '#server/logger.ts'
import { startJobs, type JobRun, type JobRunner } from '#server/platform/jobs/job-runner.ts'
import type { MailService } from '#server/platform/mail/mail-service.ts'
import { createMailWorker } from '#server/platform/mail/mail-worker.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { createOrganization, createUser } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'
import { serverJobs } from './jobs'

const t = useTestApp()
const log = createLogger('silent')
const PEOPLE = 6

/** A winter day next year (GMT, so UTC is UK time). */
const day = `${new Date().getUTCFullYear() + 1}-01-15`
let now = new Date(`${day}T08:01:00Z`)

interface Process {
  database: Database
  jobs: JobRunner
  /** Outbox ids this process's mail transport sent. */
  sent: string[]
  runs: JobRun[]
}

function startProcess(database: Database): Process {
  const sent: string[] = []
  const runs: JobRun[] = []
  const worker = createMailWorker({
    database,
    transport: {
      kind: 'smtp',
      async send(message) {
        sent.push(message.id ?? '')
      },
      close() {},
    },
    log,
  })
  const mail: MailService = {
    deliver: true,
    worker,
    kick() {
      worker.drain().catch(() => {})
    },
    close: () => worker.stop(),
  }
  const jobs = startJobs(
    serverJobs({ config: t.config, database, log, mail, storage: storageFor(t.config), clock: () => now }),
    {
      log,
      observe: (run) => runs.push(run),
    },
  )
  return { database, jobs, sent, runs }
}

let second: Database | undefined
let a: Process
let b: Process
const addresses: string[] = []

beforeAll(async () => {
  // The second process: its own pool on PostgreSQL, as another server would have.
  second = t.testDatabase.appUrl ? openPostgres(t.testDatabase.appUrl, { max: 5 }) : undefined
  a = startProcess(t.appDatabase)
  b = startProcess(second ?? t.appDatabase)
  for (let i = 0; i < PEOPLE; i++) {
    const person = await createUser(t.auth, { database: t.database, role: 'buyer' })
    addresses.push(person.email)
    await t.database.query(
      `insert into notification_settings (profile_id, email, digest) values ($1, '{}', true)
       on conflict (profile_id) do update set digest = true`,
      [person.profileId],
    )
    await t.database.query(
      `insert into notifications (profile_id, kind, title, link, created_at) values ($1, 'mention', 'Someone mentioned you', '/app', $2)`,
      [person.profileId, `${day}T07:00:00Z`],
    )
  }
  for (let i = 0; i < 3; i++) await createOrganization(t.database, { name: `Twice Law ${i} ${Date.now()}` })
})

afterAll(async () => {
  await a?.jobs.stop()
  await b?.jobs.stop()
  await second?.close()
})

/** Both processes tick `job` at the same moment, `times` times. */
async function tickBoth(job: string, times: number) {
  for (let i = 0; i < times; i++) await Promise.all([a.jobs.runNow(job), b.jobs.runNow(job)])
}

describe('two processes running the one list of jobs', () => {
  it('send each daily digest once', async () => {
    for (const minute of ['08:01', '08:02', '08:30']) {
      now = new Date(`${day}T${minute}:00Z`)
      await tickBoth('notification-digests', 2)
    }
    const digests = await t.database.query<{ to_address: string; n: number }>(
      `select to_address, count(*)::int as n from mail_outbox
       where kind = 'notification.digest' and to_address = any($1) group by to_address`,
      [addresses],
    )
    expect(digests).toHaveLength(PEOPLE)
    expect(digests.every((d) => d.n === 1)).toBe(true)
    const runs = [...a.runs, ...b.runs].filter((r) => r.job === 'notification-digests')
    expect(runs).toHaveLength(2 * 3 * 2)
    expect(runs.every((r) => r.outcome === 'ok')).toBe(true)
  })

  it('send each email of the outbox once', async () => {
    // The digests' commits nudged both outboxes already; ticks drain whatever is left.
    for (let i = 0; i < 5; i++) {
      const [{ left }] = await t.database.query<{ left: number }>(
        `select count(*)::int as left from mail_outbox where status = 'pending' and to_address = any($1)`,
        [addresses],
      )
      if (left === 0) break
      await tickBoth('mail-outbox', 1)
    }
    const digests = await t.database.query<{ id: string; status: string }>(
      `select id, status from mail_outbox where kind = 'notification.digest' and to_address = any($1)`,
      [addresses],
    )
    expect(digests).toHaveLength(PEOPLE)
    expect(digests.every((d) => d.status === 'sent')).toBe(true)
    const ids = new Set(digests.map((d) => d.id))
    const sent = [...a.sent, ...b.sent].filter((id) => ids.has(id))
    // Every digest sent, none twice, whichever process sent it.
    expect(sent.sort()).toEqual([...ids].sort())
  })

  it('run the nightly accreditation once a night', async () => {
    now = new Date(`${day}T03:00:00Z`)
    now = new Date(now.getTime() + 24 * 3_600_000)
    await tickBoth('accreditation-nightly', 3)
    now = new Date(now.getTime() + 3_600_000)
    await tickBoth('accreditation-nightly', 2)
    const [{ runs, organizations, rows }] = await t.database.query<{
      runs: number
      organizations: number
      rows: number
    }>(
      `select count(distinct recorded_at)::int as runs, count(distinct organization_id)::int as organizations,
         count(*)::int as rows from accreditation_metrics where source = 'nightly'`,
    )
    expect(runs).toBe(1)
    expect(organizations).toBeGreaterThanOrEqual(3)
    expect(rows).toBe(organizations)
  })
})
