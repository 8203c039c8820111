/**
 * The audit trail is append-only, hash-chained and anchored by signed checkpoints: triggers refuse
 * UPDATE, DELETE and TRUNCATE; concurrent writers chain correctly; an entry edited or removed behind
 * the app's back is named by the verifier; erasing a person's profile does not break the chain. The
 * forgery battery (someone with database access: an entry inserted with a correct
 * hash, an edit re-chained, the newest entry deleted, a summary edited, the old erasure setting) is
 * each detected or refused; on PostgreSQL the app's role cannot even try.
 */
import { sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditTrailResponse, AuditVerifyResponse } from '#shared/contracts/activity.ts'
import { createTransaction } from '#server/test/factories.ts'
import { createTestApp, type TestApp, type TestUser } from '#server/test/test-app.ts'
import { ownsAuditTables } from '#server/db/migrate-as-owner.ts'
import { recordActivity } from './record-activity'
import { configureAuditSigning } from './audit-signing'

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
          kind: 'message.posted',
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
    expect(res).toEqual({
      intact: true,
      entries: 4,
      visible_entries: 4,
      hidden_links: [],
      first_broken: null,
      head: asc[3].hash,
      signed_seq: 4,
    })
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

  /** Runs statements as the owner with the append-only triggers off, as an attacker with database access would. */
  async function tamper(...statements: string[]) {
    await t.database.query('alter table activity_events disable trigger activity_events_append_only')
    await t.database.query('alter table audit_checkpoints disable trigger audit_checkpoints_append_only')
    try {
      for (const s of statements) await t.database.query(s)
    } finally {
      await t.database.query('alter table activity_events enable trigger activity_events_append_only')
      await t.database.query('alter table audit_checkpoints enable trigger audit_checkpoints_append_only')
    }
  }
  const verified = async (txId: string) => (await (await verify(txId)).json()) as AuditVerifyResponse
  const idAt = async (txId: string, seq: number) =>
    (
      await t.database.query<{ id: string }>('select id from activity_events where transaction_id = $1 and seq = $2', [
        txId,
        seq,
      ])
    )[0].id

  describe('forgery battery', () => {
    it('an entry inserted with a correct hash is named as never signed; a made-up checkpoint as not genuine', async () => {
      const txId = await newTx()
      await write(txId, 3)
      const forgedId = randomUUID()
      // The forger knows the formula (it is in the migration) and chains the entry correctly.
      await t.database.query(
        `insert into activity_events (id, transaction_id, actor_id, actor_ref, kind, summary, summary_salt, summary_digest,
           payload, created_at, seq, prev_hash, hash)
         select $2::uuid, $1::uuid, null, null, 'task.completed', 'ticked "Completion"', 'ab', homeward_activity_summary_digest('ab', 'ticked "Completion"'),
           '{}'::jsonb, now(), 4, h.hash,
           homeward_activity_hash_v2($2::uuid, $1::uuid, 4, 'task.completed', null, now(),
             homeward_activity_summary_digest('ab', 'ticked "Completion"'), '{}'::jsonb, h.hash)
         from activity_events h where h.transaction_id = $1 and h.seq = 3`,
        [txId, forgedId],
      )
      expect(await verified(txId)).toMatchObject({
        intact: false,
        entries: 4,
        first_broken: { id: forgedId, seq: 4, reason: 'unsigned_entry' },
        signed_seq: 3,
      })
      // A checkpoint for it without the server's key does not help.
      await t.database.query(
        `insert into audit_checkpoints (transaction_id, seq, head_hash, signed_at, key_id, signature)
         select transaction_id, seq, hash, now(), (select key_id from audit_checkpoints limit 1), repeat('0', 64)
         from activity_events where id = $1`,
        [forgedId],
      )
      expect((await verified(txId)).first_broken).toEqual({ id: forgedId, seq: 4, reason: 'bad_signature' })
    })

    it('an edit re-chained with correct hashes differs from what the server signed', async () => {
      const txId = await newTx()
      await write(txId, 5)
      const second = await idAt(txId, 2)
      await tamper(
        `update activity_events set payload = '{"i": 99}'::jsonb where id = '${second}'`,
        `do $$ declare r record; prev text; begin
           for r in select * from activity_events where transaction_id = '${txId}' order by seq loop
             if r.seq >= 2 then
               update activity_events set prev_hash = prev,
                 hash = homeward_activity_hash_v2(r.id, r.transaction_id, r.seq, r.kind, r.actor_ref, r.created_at,
                                                  r.summary_digest, r.payload, prev)
                where id = r.id returning hash into prev;
             else prev := r.hash; end if;
           end loop;
         end $$`,
      )
      expect((await verified(txId)).first_broken).toEqual({ id: second, seq: 2, reason: 'checkpoint_mismatch' })
    })

    it('deleting the newest entry leaves a signed checkpoint the chain no longer reaches', async () => {
      const txId = await newTx()
      await write(txId, 3)
      await tamper(`delete from activity_events where transaction_id = '${txId}' and seq = 3`)
      expect(await verified(txId)).toMatchObject({
        intact: false,
        entries: 2,
        first_broken: { id: null, seq: 3, reason: 'entries_missing' },
      })
    })

    it('an edited summary is named, even with its digest and the chain recomputed', async () => {
      const txId = await newTx()
      await write(txId, 3)
      const second = await idAt(txId, 2)
      await tamper(`update activity_events set summary = 'ticked "Mortgage offer"' where id = '${second}'`)
      expect((await verified(txId)).first_broken).toEqual({ id: second, seq: 2, reason: 'summary_mismatch' })
      // Dropping the salt, as a real erasure does, is not enough without a signed redaction.
      await tamper(`update activity_events set summary_salt = null where id = '${second}'`)
      expect((await verified(txId)).first_broken).toEqual({ id: second, seq: 2, reason: 'summary_mismatch' })
    })

    it('the old erasure setting no longer lets any session rewrite an entry', async () => {
      const txId = await newTx()
      await write(txId, 2)
      for (const db of [t.database, t.appDatabase]) {
        await expect(
          db.db.transaction(async (tx) => {
            await tx.execute(sql`select set_config('homeward.erasure', 'on', true)`)
            await tx.execute(sql`update activity_events set summary = 'asked Deleted user to sign', summary_salt = null
                                  where transaction_id = ${txId}`)
          }),
        ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only|permission denied/) } })
      }
      expect((await verified(txId)).intact).toBe(true)
    })

    it('the redaction function refuses a person who has not deleted their account', async () => {
      await expect(
        t.appDatabase.query(`select * from homeward_redact_activity($1::uuid, array['Sam'])`, [buyer.profileId]),
      ).rejects.toThrow(/only a deleted account/)
    })

    it('a checkpoint signed with another key is not genuine', async () => {
      const txId = await newTx()
      await write(txId, 2)
      configureAuditSigning('another-key-of-at-least-thirty-two-characters!!')
      try {
        expect(await verified(txId)).toMatchObject({ intact: false, first_broken: { seq: 1, reason: 'bad_signature' } })
      } finally {
        configureAuditSigning(t.config.auditSigningKey)
      }
    })
  })

  describe.runIf(process.env.TEST_DATABASE_URL)('the app’s PostgreSQL role', () => {
    it('does not own the audit tables and may only read and append to them', async () => {
      expect(await ownsAuditTables(t.appDatabase)).toBe(false)
      expect(await ownsAuditTables(t.database)).toBe(true)
      const txId = await newTx()
      await write(txId, 1)
      for (const statement of [
        `update activity_events set summary = 'x' where transaction_id = '${txId}'`,
        `delete from activity_events where transaction_id = '${txId}'`,
        'truncate activity_events',
        'alter table activity_events disable trigger activity_events_append_only',
        `update audit_checkpoints set signature = 'x' where transaction_id = '${txId}'`,
        `delete from audit_checkpoints where transaction_id = '${txId}'`,
        'alter table audit_checkpoints disable trigger audit_checkpoints_append_only',
        `insert into audit_unsigned_heads values ('${txId}', 1, 'x')`,
      ]) {
        await expect(t.appDatabase.query(statement), statement).rejects.toThrow(/permission denied|must be owner/)
      }
      expect((await verified(txId)).intact).toBe(true)
    })
  })

  it('an account deletion erases a name from summaries and IPs through the redaction function, and the chain stays intact', async () => {
    const leaver = await t.signUp({ name: 'Robin Leaver' })
    const txId = await newTx()
    await t.database.query(
      `insert into transaction_participants (transaction_id, user_id, role) values ($1, $2, 'seller_conveyancer')`,
      [txId, leaver.profileId],
    )
    await write(txId, 1)
    await t.database.db.transaction((tx) =>
      recordActivity(tx, {
        transactionId: txId,
        actorId: buyer.profileId,
        kind: 'signature.requested',
        summary: 'asked Robin Leaver to sign "Contract.pdf"',
        ip: '203.0.113.7',
      }),
    )
    await write(txId, 1, leaver.profileId)
    const res = await t.request('/api/account/delete', {
      as: leaver,
      json: { confirmation: 'DELETE', password: leaver.password },
    })
    expect(res.status).toBe(200)
    const rows = await t.database.query<{ seq: number; kind: string; summary: string; ip: string | null }>(
      'select seq, kind, summary, ip from activity_events where transaction_id = $1 order by seq',
      [txId],
    )
    expect(rows[1].summary).toBe('asked Former participant to sign "Contract.pdf"')
    expect(rows[2].ip).toBeNull()
    expect(rows.at(-1)).toMatchObject({ kind: 'audit.redacted' })
    expect(JSON.stringify(rows)).not.toContain('Robin')
    expect(await verified(txId)).toMatchObject({ intact: true, entries: rows.length })
    // A later edit of the redacted wording is still caught.
    await tamper(`update activity_events set summary = 'asked nobody' where transaction_id = '${txId}' and seq = 2`)
    expect((await verified(txId)).first_broken).toMatchObject({ seq: 2, reason: 'summary_mismatch' })
  })
})
