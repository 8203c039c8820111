/**
 * A fresh, migrated database for one integration test file: a clone of the migrated PGlite template,
 * or, with TEST_DATABASE_URL, a new database on that PostgreSQL server (dropped by `drop()`).
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openPglite, openPostgres, type Database } from '../db/client'
import { runMigrations } from '../db/migrate'

export interface TestDatabase {
  database: Database
  /** postgres:// URL of this test database, when on PostgreSQL. */
  url?: string
  drop(): Promise<void>
}

/** Creates the database; call `drop()` in afterAll. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const template = inject('pgliteTemplate')
    const database = await openPglite({ loadDataDir: new Blob([readFileSync(template)]) })
    return { database, drop: () => database.close() }
  }
  const name = `homeward_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = openPostgres(url.toString(), { max: 5 })
  await runMigrations(database)
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close()
      const a = new pg.Client({ connectionString: serverUrl })
      await a.connect()
      await a.query(`drop database if exists ${name} with (force)`)
      await a.end()
    },
  }
}
