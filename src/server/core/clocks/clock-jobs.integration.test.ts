/**
 * The periodic SLA check costs what changed (check-clocks.ts, clock-alert-due.ts):
 * - two checks running at once (two job runners; on PostgreSQL two connection pools, as two
 *   processes) alert each breached clock once: one audit entry and one notification per recipient;
 * - a run with nothing queued and nothing due touches nothing, and one due clock is the only clock
 *   it claims; the due query is answered from sla_clocks_alert_due_idx;
 * - on PostgreSQL, a process whose job runner gets SIGTERM during a run over a large backlog exits
 *   within 2 s, leaving the rest for the next run (test-support/sla-check-child.ts).
 */
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { openPostgres } from '#server/db/client.ts'
import { createOrganization, createTransaction } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'
import { checkSlaClocks } from './check-clocks'

const t = useTestApp()
const onPostgres = !!process.env.TEST_DATABASE_URL
const delivery = () => ({ publicUrl: t.config.publicUrl, deliverMail: false as const })

/** Live matters with a seller's conveyancer of a firm (so each gets a contract pack clock and a recipient). */
async function matters(n: number) {
  const seller = await t.signUp({ role: 'seller', name: 'Sara Seller' })
  const conveyancer = await t.signUp({ role: 'conveyancer', name: 'Colm Conveyancer' })
  const firm = (await createOrganization(t.database, { name: 'Clock & Co' })).organizationId
  await t.database.query(
    `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'admin')`,
    [firm, conveyancer.profileId],
  )
  const ids: string[] = []
  for (let i = 0; i < n; i++) {
    const { transactionId } = await createTransaction(t.database, {
      sellerProfileId: seller.profileId,
      participants: [{ profileId: conveyancer.profileId, role: 'seller_conveyancer', organizationId: firm }],
    })
    ids.push(transactionId)
  }
  return ids
}

/** Makes the contract pack clocks of `ids` breached: started 60 days ago, milestones to recompute. */
async function breach(ids: string[]) {
  await t.database.query(
    `update sla_clocks set started_at = now() - interval '60 days', milestones_key = null,
       alert_due_at = '-infinity' where clock_type = 'contract_pack' and transaction_id = any($1::uuid[])`,
    [ids],
  )
}

describe('the periodic SLA check', () => {
  it('alerts each breached clock once with two runners at once, then touches only what is due', async () => {
    const ids = await matters(8)
    // The first run syncs the queued matters (their clocks start) and looks at each new clock once.
    const first = await checkSlaClocks({ database: t.appDatabase, delivery: delivery(), batchSize: 3 })
    expect(first.synced).toBeGreaterThanOrEqual(ids.length)
    const [{ n: clocks }] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from sla_clocks where clock_type = 'contract_pack' and transaction_id = any($1::uuid[])`,
      [ids],
    )
    expect(clocks).toBe(ids.length)

    await breach(ids)
    const other = onPostgres ? openPostgres(t.testDatabase.appUrl!, { max: 2 }) : t.appDatabase
    try {
      const runs = await Promise.all([
        checkSlaClocks({ database: t.appDatabase, delivery: delivery(), batchSize: 2 }),
        checkSlaClocks({ database: other, delivery: delivery(), batchSize: 2 }),
      ])
      expect(runs[0].alerts + runs[1].alerts).toBe(ids.length)
    } finally {
      if (other !== t.appDatabase) await other.close()
    }
    const audit = await t.database.query<{ transaction_id: string; n: number }>(
      `select transaction_id, count(*)::int as n from activity_events
       where kind = 'sla.breached' and transaction_id = any($1::uuid[]) group by transaction_id`,
      [ids],
    )
    expect(audit).toHaveLength(ids.length)
    expect(audit.every((a) => a.n === 1)).toBe(true)
    const notes = await t.database.query<{ n: number }>(
      `select count(*)::int as n from notifications where kind = 'sla_breached' and transaction_id = any($1::uuid[])
       group by transaction_id, profile_id`,
      [ids],
    )
    expect(notes.length).toBeGreaterThanOrEqual(ids.length)
    expect(notes.every((x) => x.n === 1)).toBe(true)

    // Nothing queued, nothing due: a run claims nothing and alerts nothing.
    const quiet = await checkSlaClocks({ database: t.appDatabase, delivery: delivery() })
    expect(quiet).toEqual({ alerts: 0, synced: 0, checked: 0, aborted: false })

    // One clock due again (reopened): it is the only one claimed.
    await t.database.query(
      `update sla_clocks set breached_notified_at = null, alert_due_at = now() - interval '1 minute'
       where clock_type = 'contract_pack' and transaction_id = $1`,
      [ids[0]],
    )
    const one = await checkSlaClocks({ database: t.appDatabase, delivery: delivery() })
    expect(one).toMatchObject({ synced: 0, checked: 1, alerts: 1 })

    // The due query probes the partial index (sequential scans off: a table this small may not need it).
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute('set local enable_seqscan = off')
      return tx.execute(
        `explain select c.id, c.transaction_id from sla_clocks c
         where c.alert_due_at is not null and c.alert_due_at <= now() order by c.alert_due_at limit 100 for update skip locked`,
      )
    })
    expect(JSON.stringify(plan.rows)).toContain('sla_clocks_alert_due_idx')
  })

  it.skipIf(!onPostgres)(
    'ends a run over a large backlog within 2 s of SIGTERM (PostgreSQL)',
    { timeout: 180_000 },
    async () => {
      const n = 20_000
      // A backlog as after a long stop: n live matters with a breached clock each, never looked at.
      await t.database.query(`
      insert into transactions (id, status, agreed_price_pence)
      select md5('sigterm' || g)::uuid, 'active', 30000000 from generate_series(1, ${n}) g`)
      await t.database.query(`
      insert into sla_clocks (transaction_id, clock_type, side, target_working_days, started_at)
      select md5('sigterm' || g)::uuid, 'contract_pack', 'seller', 10, now() - interval '60 days'
      from generate_series(1, ${n}) g`)
      const left = async () =>
        (
          await t.database.query<{ n: number }>(
            `select count(*)::int as n from sla_clocks where alert_due_at = '-infinity'`,
          )
        )[0].n
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/server/core/clocks/test-support/sla-check-child.ts'],
        {
          env: { ...process.env, DATABASE_URL: t.testDatabase.appUrl },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      )
      let exitCode: number | null | undefined
      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => {
          exitCode = code
          resolve(code)
        }),
      )
      // Wait until the run is under way (a batch of clocks checked), then stop the process. A loaded
      // machine (CI's PostgreSQL pass beside other files) can take a minute to start the child.
      const started = Date.now()
      while ((await left()) > n - 100 && Date.now() < started + 120_000 && exitCode === undefined)
        await new Promise((r) => setTimeout(r, 100))
      const queued = (await t.database.query<{ n: number }>(`select count(*)::int as n from sla_clock_sync_queue`))[0].n
      expect(
        await left(),
        `after ${Date.now() - started} ms: child exit ${exitCode}, ${queued} moves queued`,
      ).toBeLessThanOrEqual(n - 100)
      const sent = performance.now()
      child.kill('SIGTERM')
      const code = await exited
      const took = performance.now() - sent
      expect(code).toBe(0)
      expect(took).toBeLessThan(2_000)
      // It stopped part-way: the rest is left, unclaimed, for the next run of any process.
      expect(await left()).toBeGreaterThan(0)
    },
  )
})
