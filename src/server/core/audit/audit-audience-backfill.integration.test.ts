/**
 * Migration 0049 gives the entries written before it their audience (decision 052): due diligence,
 * funds, the buyer's survey, the gift's documents and the ticks a review or a due diligence decision
 * made are narrowed; everything else stays 'everyone'. The append-only trigger is back on afterwards
 * and the chain is untouched. Runs on a fresh PGlite regardless of TEST_DATABASE_URL: it needs a
 * database stopped at migration 0048.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite, type Database } from '#server/db/client.ts'
import { MIGRATIONS_FOLDER } from '#server/db/migrate.ts'

/** A document id that is not `id`: its last hex digit changed (a fixed '0' equalled it one time in 16). */
const otherDocumentId = (id: string): string => id.slice(0, -1) + (id.endsWith('0') ? '1' : '0')

describe('migration 0049 gives existing audit entries their audience', () => {
  let database: Database | undefined
  const dir = mkdtempSync(path.join(os.tmpdir(), 'homeward-migrations-'))
  afterAll(async () => {
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('narrows due diligence, funds, survey, gift document and review-tick entries; leaves the rest for everyone', async () => {
    cpSync(MIGRATIONS_FOLDER, dir, { recursive: true })
    const journalFile = path.join(dir, 'meta', '_journal.json')
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
    const full = structuredClone(journal)
    journal.entries = journal.entries.filter((e) => e.tag < '0049_activity-audience')
    writeFileSync(journalFile, JSON.stringify(journal))
    database = await openPglite()
    const db = database.db as unknown as PgliteDatabase
    await migrate(db, { migrationsFolder: dir })

    const [move] = await database.query<{ id: string }>(
      `insert into transactions (status) values ('active') returning id`,
    )
    const [gift] = await database.query<{ id: string }>(
      `insert into documents (transaction_id, filename, folder, version, content_type, size_bytes, storage_key, sha256, audience)
       values ($1, 'gift.pdf', 'Mortgage', 1, 'application/pdf', 1, 'k', 'h', 'buyer_funds') returning id`,
      [move.id],
    )
    const rows: [kind: string, summary: string, payload: Record<string, unknown>, expected: string][] = [
      ['cdd.decided', 'referred the client due diligence of a buyer', { decision: 'refer' }, 'buyer_firm'],
      ['funds.gift_added', 'added a gift towards the deposit', {}, 'buyer_funds'],
      ['funds.more_info_requested', 'asked the buyer for more on their source of funds', {}, 'buyer_firm'],
      ['deposit.release_requested', 'asked to release the deposit', {}, 'buyer_firm'],
      ['survey.booked', 'booked a Level 2 survey', {}, 'buyer_side'],
      ['document.uploaded', 'filed the gifted-deposit declaration', { documentId: gift.id }, 'buyer_funds'],
      ['task.reopened', 'unticked “Source of funds” (Instruction & ID checks) by asking for more', {}, 'buyer_firm'],
      [
        'task.reopened',
        "unticked “Seller ID and AML checks (customer due diligence) and proof of ownership completed” (Instruction & ID checks): a client's due diligence is no longer approved",
        {},
        'seller_firm',
      ],
      ['message.posted', 'posted in General', {}, 'everyone'],
      ['document.uploaded', 'uploaded "TA6.pdf" to Property', { documentId: otherDocumentId(gift.id) }, 'everyone'],
    ]
    for (const [i, [kind, summary, payload]] of rows.entries()) {
      await database.query(
        `insert into activity_events (transaction_id, kind, summary, payload, created_at, seq)
         values ($1, $2, $3, $4::jsonb, now() + ($5 || ' milliseconds')::interval, $5::int)`,
        [move.id, kind, summary, JSON.stringify(payload), i + 1],
      )
    }
    const hashesBefore = await database.query<{ seq: number; hash: string | null }>(
      'select seq, hash from activity_events order by seq',
    )

    writeFileSync(journalFile, JSON.stringify(full))
    await migrate(db, { migrationsFolder: dir })

    const after = await database.query<{ seq: number; audience: string; hash: string | null }>(
      'select seq, audience, hash from activity_events order by seq',
    )
    expect(after.map((r) => r.audience)).toEqual(rows.map((r) => r[3]))
    expect(after.map((r) => ({ seq: r.seq, hash: r.hash }))).toEqual(hashesBefore)
    // The trail is append-only again, and an audience outside the list is refused.
    await expect(database.query(`update activity_events set audience = 'everyone'`)).rejects.toThrow(/append-only/)
    await expect(
      database.query(
        `insert into activity_events (transaction_id, kind, summary, audience) values ($1, 'x', 'y', 'nobody')`,
        [move.id],
      ),
    ).rejects.toThrow(/activity_events_audience_check/)
    // Every migration from the start on one PGlite: slow on a busy machine.
  }, 180_000)
})
