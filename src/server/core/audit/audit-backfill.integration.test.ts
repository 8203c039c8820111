/**
 * Migration 0004 chains the audit entries written before it, and 0010 re-chains them with every
 * shown field hashed and leaves their heads for the server to sign at start, so an existing database
 * (the demo data, a running install) verifies intact after upgrading. Runs on a fresh PGlite regardless of
 * TEST_DATABASE_URL: it needs a database stopped at migration 0002.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite, type Database } from '#server/db/client.ts'
import { MIGRATIONS_FOLDER } from '#server/db/migrate.ts'
import { verifyAuditTrail } from './audit-chain'
import { configureAuditSigning, signUnsignedChainHeads } from './audit-signing'

describe('migration 0004 backfills the audit chain', () => {
  let database: Database | undefined
  const dir = mkdtempSync(path.join(os.tmpdir(), 'homeward-migrations-'))
  afterAll(async () => {
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  // Runs the whole migration chain twice on a fresh PGlite (WebAssembly, CPU-bound): a few seconds on
  // an idle machine, 63 s in a rehearsal beside benchmarks at load 10, past the 60 s default.
  it(
    'chains entries that existed before the upgrade, per transaction, and the verifier agrees',
    { timeout: 180_000 },
    async () => {
      cpSync(MIGRATIONS_FOLDER, dir, { recursive: true })
      const journalFile = path.join(dir, 'meta', '_journal.json')
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
      const full = structuredClone(journal)
      journal.entries = journal.entries.filter((e) => e.tag < '0003')
      writeFileSync(journalFile, JSON.stringify(journal))
      database = await openPglite()
      const db = database.db as unknown as PgliteDatabase
      await migrate(db, { migrationsFolder: dir })

      const [tx1, tx2] = await database.query<{ id: string }>(
        `insert into transactions (status) values ('active'), ('active') returning id`,
      )
      await database.query(
        `insert into activity_events (transaction_id, kind, summary, payload, created_at) values
        ($1, 'a', 'first', '{"x": 1}', now() - interval '3 minutes'),
        ($2, 'b', 'other', '{}', now() - interval '2 minutes'),
        ($1, 'c', 'second by jo@example.com', '{"y": [1, 2]}', now() - interval '1 minute')`,
        [tx1.id, tx2.id],
      )
      writeFileSync(journalFile, JSON.stringify(full))
      await migrate(db, { migrationsFolder: dir })

      const viewer = { profileId: '00000000-0000-0000-0000-000000000000' }
      // The verifier's access check needs a participant: read through a viewer that is the buyer.
      const [p] = await database.query<{ id: string }>(
        `insert into profiles (full_name, email) values ('Jo', 'jo@example.com') returning id`,
      )
      viewer.profileId = p.id
      await database.query('update transactions set buyer_user_id = $1', [p.id])
      // Migration 0010 re-chains them (v2 hashes) and leaves each head to be signed at start.
      configureAuditSigning('test-audit-signing-key-of-at-least-thirty-two-characters')
      const before = await verifyAuditTrail({ database, viewer: viewer as never, txId: tx1.id })
      expect(before.first_broken).toMatchObject({ seq: 1, reason: 'unsigned_entry' })
      expect(await signUnsignedChainHeads(database)).toBe(2)
      expect(await signUnsignedChainHeads(database)).toBe(0)
      for (const [txId, n] of [
        [tx1.id, 2],
        [tx2.id, 1],
      ] as const) {
        const res = await verifyAuditTrail({ database, viewer: viewer as never, txId })
        expect(res).toMatchObject({ intact: true, entries: n, signed_seq: n })
      }
      await expect(database.query('delete from activity_events')).rejects.toThrow(/append-only/)
    },
  )
})
