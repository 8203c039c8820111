/**
 * A firm's accreditation follows its SLA clocks: when clocks close (met or missed) the engine
 * recomputes that firm after the commit, once for a burst of closings, and not at all for a
 * closing that was rolled back.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLogger } from '#server/logger.ts'
import { createOrganization, createTransaction } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'
import { startClockCloseRecompute, type ClockCloseRecompute } from './recompute-on-clock-close'

const t = useTestApp()
let orgId: string
let txId: string
let recompute: ClockCloseRecompute

async function metricsRows() {
  return t.database.query<{ sla_rate: number | null; source: string }>(
    `select sla_rate, source from accreditation_metrics where organization_id = $1 order by recorded_at`,
    [orgId],
  )
}

async function openClock(type: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `insert into sla_clocks (transaction_id, organization_id, clock_type, side, target_working_days, started_at)
     values ($1, $2, $3, 'buyer', 5, '2026-11-02T10:00:00Z') returning id`,
    [txId, orgId, type],
  )
  return row.id
}

beforeAll(async () => {
  orgId = (await createOrganization(t.database, { name: `Clock Close Law ${randomUUID().slice(0, 6)}` })).organizationId
  txId = (await createTransaction(t.database)).transactionId
  recompute = startClockCloseRecompute({ database: t.appDatabase, log: createLogger('error'), delayMs: 3_000 })
})

afterAll(async () => {
  await recompute.stop()
})

describe('accreditation after SLA clocks close', () => {
  it('recomputes the firm once after a burst of closings commits, with the new met share', async () => {
    const ids = [
      await openClock('searches'),
      await openClock('report_on_title'),
      await openClock('mortgage_offer_to_exchange'),
    ]
    const before = (await metricsRows()).length
    // Two met (stopped on the 4th working day), one missed (stopped on the 7th).
    for (const [id, stoppedAt] of [
      [ids[0], '2026-11-06T10:00:00Z'],
      [ids[1], '2026-11-06T11:00:00Z'],
      [ids[2], '2026-11-11T10:00:00Z'],
    ]) {
      await t.database.db.transaction((tx) =>
        tx.execute(sql`update sla_clocks set stopped_at = ${stoppedAt}::timestamptz where id = ${id}`),
      )
    }
    await vi.waitFor(async () => expect((await metricsRows()).length).toBeGreaterThan(before), {
      timeout: 15_000,
      interval: 100,
    })
    await recompute.flush()
    const after = await metricsRows()
    expect(after.length).toBe(before + 1)
    expect(after[after.length - 1]).toMatchObject({ source: 'change' })
    expect(Number(after[after.length - 1].sla_rate)).toBeCloseTo(2 / 3, 3)
  })

  it('does nothing for a closing that was rolled back', async () => {
    const id = await openClock('contract_pack')
    const before = (await metricsRows()).length
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update sla_clocks set stopped_at = '2026-11-05T10:00:00Z' where id = ${id}`)
        throw new Error('rolled back on purpose')
      }),
    ).rejects.toThrow('rolled back on purpose')
    await recompute.flush()
    expect((await metricsRows()).length).toBe(before)
  })
})
