/**
 * Migration 0044 brings a database migrated with the first version of 0018 (before 05179ac, which
 * appended the statement-level General-thread trigger to it) to the same trigger as a database
 * migrated since. Runs on fresh PGlite databases regardless of TEST_DATABASE_URL: one needs to stop
 * at migration 0043 with the old 0018.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite, type Database } from './client'
import { MIGRATIONS_FOLDER, runMigrations } from './migrate'

const TRIGGER = `select (t.tgtype & 1) = 1 as per_row, p.proname as function
  from pg_trigger t join pg_proc p on p.oid = t.tgfoid
 where t.tgrelid = 'transactions'::regclass and t.tgname = 'transactions_general_thread'`
const OLD_FUNCTION = `select count(*)::int as n from pg_proc where proname = 'homeward_create_general_thread'`

/** Two moves in one statement get one General thread each. */
async function expectGeneralThreads(database: Database) {
  const rows = await database.query<{ id: string }>(
    `insert into transactions (status) values ('active'), ('active') returning id`,
  )
  const threads = await database.query<{ transaction_id: string }>(
    `select transaction_id from message_threads where topic = 'general' and transaction_id = any($1::uuid[])`,
    [rows.map((r) => r.id)],
  )
  expect(threads.map((t) => t.transaction_id).sort()).toEqual(rows.map((r) => r.id).sort())
}

describe('migration 0044: the General-thread trigger of the edited 0018', () => {
  const databases: Database[] = []
  const dir = mkdtempSync(path.join(os.tmpdir(), 'homeward-migrations-'))
  afterAll(async () => {
    for (const database of databases) await database.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('replaces the row trigger of a database migrated with the first 0018', { timeout: 300_000 }, async () => {
    cpSync(MIGRATIONS_FOLDER, dir, { recursive: true })
    const file0018 = path.join(dir, '0018_academy-reviews-tiers.sql')
    const edited = readFileSync(file0018, 'utf8')
    const cut = edited.indexOf('--> statement-breakpoint\n-- Every transaction still gets')
    expect(cut).toBeGreaterThan(0)
    writeFileSync(file0018, edited.slice(0, cut)) // 0018 as first committed (ce72c13)
    const journalFile = path.join(dir, 'meta', '_journal.json')
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
    const full = structuredClone(journal)
    journal.entries = journal.entries.filter((e) => e.tag < '0044')
    writeFileSync(journalFile, JSON.stringify(journal))

    const database = await openPglite()
    databases.push(database)
    const db = database.db as unknown as PgliteDatabase
    await migrate(db, { migrationsFolder: dir })
    expect(await database.query(TRIGGER)).toEqual([{ per_row: true, function: 'homeward_create_general_thread' }])

    writeFileSync(file0018, edited)
    writeFileSync(journalFile, JSON.stringify(full))
    await migrate(db, { migrationsFolder: dir })
    expect(await database.query(TRIGGER)).toEqual([{ per_row: false, function: 'homeward_create_general_threads' }])
    expect(await database.query(OLD_FUNCTION)).toEqual([{ n: 0 }])
    await expectGeneralThreads(database)
  })

  it('leaves a database migrated since with the same statement trigger', { timeout: 300_000 }, async () => {
    const database = await openPglite()
    databases.push(database)
    await runMigrations(database)
    expect(await database.query(TRIGGER)).toEqual([{ per_row: false, function: 'homeward_create_general_threads' }])
    expect(await database.query(OLD_FUNCTION)).toEqual([{ n: 0 }])
    await expectGeneralThreads(database)
  })
})
