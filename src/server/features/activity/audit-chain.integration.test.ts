/**
 * The audit trail is append-only and hash-chained: triggers refuse UPDATE, DELETE and TRUNCATE;
 * concurrent writers chain correctly; an entry edited or removed behind the app's back is named by
 * the verifier; erasing a person's profile does not break the chain.
 */
import { sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditTrailResponse, AuditVerifyResponse } from '../../../shared/contracts/documents'
import { createTransaction } from '../../db/seed/factories'
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app'
import { recordActivity } from '../transactions/record-activity'

describe('audit trail', () => {
  let t: TestApp
  let buyer: TestUser, seller: TestUser, outsider: TestUser

  beforeAll(async () => {
    t = await createTestApp()
    ;[buyer, seller, outsider] = await Promise.all([t.signUp(), t.signUp({ role: 'seller' }), t.signUp()])
  })
  afterAll(async () => {
    await t?.close()
  })

  async function newTx() {
    const { transactionId } = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
    })
    return transactionId
  }

  async function write(txId: string, n: number, actorId: string | null = buyer.profileId) {
    for (let i = 0; i < n; i++) {
      await t.database.db.transaction((tx) =>
        recordActivity(tx, {
          transactionId: txId,
          actorId,
          kind: 'test.event',
          summary: `event ${i} by someone@example.com`,
          payload: { i, ref: randomUUID() },
          ip: '203.0.113.7',
        }),
      )
    }
  }

  const verify = async (txId: string, as: TestUser | null = buyer) =>
    t.request(`/api/transactions/${txId}/activity/verify`, { as })

  it('chains entries: seq from 1, each holding the previous hash; the verifier says intact', async () => {
    const txId = await newTx()
    await write(txId, 4)
    const trail = (await (
      await t.request(`/api/transactions/${txId}/activity`, { as: seller })
    ).json()) as AuditTrailResponse
    const asc = [...trail.entries].reverse()
    expect(asc.map((e) => e.seq)).toEqual([1, 2, 3, 4])
    expect(asc[0].prev_hash).toBeNull()
    for (let i = 1; i < asc.length; i++) expect(asc[i].prev_hash).toBe(asc[i - 1].hash)
    const res = (await (await verify(txId)).json()) as AuditVerifyResponse
    expect(res).toEqual({ intact: true, entries: 4, first_broken: null, head: asc[3].hash })
  })

  it('outsiders get 404 and signed-out callers 401 for the trail and the verifier', async () => {
    const txId = await newTx()
    for (const [who, status] of [
      [outsider, 404],
      [null, 401],
    ] as const) {
      expect((await verify(txId, who)).status).toBe(status)
      expect((await t.request(`/api/transactions/${txId}/activity`, { as: who })).status).toBe(status)
    }
  })

  it('refuses UPDATE, DELETE and TRUNCATE from the application', async () => {
    const txId = await newTx()
    await write(txId, 1)
    await expect(
      t.database.query(`update activity_events set summary = 'changed' where transaction_id = $1`, [txId]),
    ).rejects.toThrow(/append-only/)
    await expect(t.database.query(`delete from activity_events where transaction_id = $1`, [txId])).rejects.toThrow(
      /append-only/,
    )
    await expect(t.database.query('truncate activity_events')).rejects.toThrow(/append-only/)
    await expect(t.database.query('delete from transactions where id = $1', [txId])).rejects.toThrow(/append-only/)
    expect(((await (await verify(txId)).json()) as AuditVerifyResponse).intact).toBe(true)
  })

  it('concurrent writers to one transaction get consecutive seqs and a valid chain', async () => {
    const txId = await newTx()
    await Promise.all(Array.from({ length: 20 }, () => write(txId, 1)))
    const res = (await (await verify(txId)).json()) as AuditVerifyResponse
    expect(res).toMatchObject({ intact: true, entries: 20 })
  })

  it('names the first broken link when an entry is edited behind the app’s back', async () => {
    const txId = await newTx()
    await write(txId, 5)
    const [third] = await t.database.query<{ id: string }>(
      'select id from activity_events where transaction_id = $1 and seq = 3',
      [txId],
    )
    await t.database.query('alter table activity_events disable trigger activity_events_append_only')
    try {
      await t.database.query(`update activity_events set payload = '{"i": 99}'::jsonb where id = $1`, [third.id])
    } finally {
      await t.database.query('alter table activity_events enable trigger activity_events_append_only')
    }
    const res = (await (await verify(txId)).json()) as AuditVerifyResponse
    expect(res).toMatchObject({
      intact: false,
      entries: 5,
      first_broken: { id: third.id, seq: 3, reason: 'hash_mismatch' },
    })
  })

  it('names the link after an entry removed behind the app’s back', async () => {
    const txId = await newTx()
    await write(txId, 4)
    const [fourth] = await t.database.query<{ id: string }>(
      'select id from activity_events where transaction_id = $1 and seq = 3',
      [txId],
    )
    await t.database.query('alter table activity_events disable trigger activity_events_append_only')
    try {
      await t.database.query('delete from activity_events where transaction_id = $1 and seq = 2', [txId])
    } finally {
      await t.database.query('alter table activity_events enable trigger activity_events_append_only')
    }
    const res = (await (await verify(txId)).json()) as AuditVerifyResponse
    expect(res.first_broken).toEqual({ id: fourth.id, seq: 3, reason: 'seq_gap' })
  })

  it('keeps personal data out of the hash: erasing the actor’s profile leaves the chain intact', async () => {
    const leaver = await t.signUp({ name: 'Lee Leaver' })
    const txId = await newTx()
    await write(txId, 2, leaver.profileId)
    await write(txId, 1)
    await t.database.query('delete from profiles where id = $1', [leaver.profileId])
    const rows = await t.database.query<{ actor_id: string | null; actor_ref: string }>(
      'select actor_id, actor_ref from activity_events where transaction_id = $1 order by seq',
      [txId],
    )
    expect(rows[0]).toEqual({ actor_id: null, actor_ref: leaver.profileId })
    expect(((await (await verify(txId)).json()) as AuditVerifyResponse).intact).toBe(true)
    // Only the erasure update is let through, never a change to anything else.
    await expect(
      t.database.query(`update activity_events set actor_id = null, kind = 'x' where transaction_id = $1`, [txId]),
    ).rejects.toThrow(/append-only/)
  })

  it('lets an account deletion erase a name from summaries and IPs, only with homeward.erasure on, and the chain stays intact', async () => {
    const txId = await newTx()
    await write(txId, 2)
    const erase = (set: string) =>
      t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select set_config('homeward.erasure', 'on', true)`)
          await tx.execute(sql.raw(`update activity_events set ${set} where transaction_id = '${txId}'`))
        })
        // drizzle wraps the database's error ('Failed query: …'); the trigger's message is its cause.
        .catch((e: Error) => {
          throw e.cause ?? e
        })
    // Without the setting, a summary edit is refused as before (see above); with it, summary and ip may change.
    await erase(`summary = 'asked Deleted user to sign', ip = null`)
    const rows = await t.database.query<{ summary: string; ip: string | null }>(
      'select summary, ip from activity_events where transaction_id = $1',
      [txId],
    )
    expect(rows).toEqual([
      { summary: 'asked Deleted user to sign', ip: null },
      { summary: 'asked Deleted user to sign', ip: null },
    ])
    expect(((await (await verify(txId)).json()) as AuditVerifyResponse).intact).toBe(true)
    // Even then nothing else may change, and an IP may only be erased, never set.
    await expect(erase(`kind = 'x'`)).rejects.toThrow(/append-only/)
    await expect(erase(`ip = '203.0.113.9'`)).rejects.toThrow(/append-only/)
    // The setting is local to its transaction: afterwards a summary edit is refused again.
    await expect(
      t.database.query(`update activity_events set summary = 'changed' where transaction_id = $1`, [txId]),
    ).rejects.toThrow(/append-only/)
  })
})
