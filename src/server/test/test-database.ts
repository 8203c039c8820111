/**
 * A fresh, migrated database for one integration test file: a clone of the migrated PGlite template,
 * or, with TEST_DATABASE_URL, a new database on that PostgreSQL server copied from the migrated
 * template database of global-setup.ts (dropped by `drop()`). On
 * PostgreSQL, migrations run as the server URL's role (the owner) and the app gets a second pool as
 * login role homeward_test_app, a member of homeward_app: as in production, it does not own the audit
 * tables (docs/decisions/012-audit-chain.md).
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openPglite, openPostgres, type Database } from '../db/client'
import { runMigrations } from '../db/migrate'

export interface TestDatabase {
  /** The owner's connection: for test set-up and for playing the attacker with database access. */
  database: Database
  /** The connection the app runs on: homeward_test_app on PostgreSQL, the same instance on PGlite. */
  appDatabase: Database
  /** postgres:// URL of this test database (as the owner), when on PostgreSQL. */
  url?: string
  /** postgres:// URL of this test database as the app's role, when on PostgreSQL. */
  appUrl?: string
  drop(): Promise<void>
}

/** The login role the test app runs as on PostgreSQL. */
export const TEST_APP_ROLE = 'homeward_test_app'

/** Creates the database; call `drop()` in afterAll. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const template = inject('pgliteTemplate')
    const database = await openPglite({ loadDataDir: new Blob([readFileSync(template)]) })
    return { database, appDatabase: database, drop: () => database.close() }
  }
  const name = `homeward_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  const template = inject('postgresTemplate')
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = openPostgres(url.toString(), { max: 5 })
  // A copy of the migrated template is up to date already: this checks it in one query.
  await runMigrations(database)
  await ensureTestAppRole(serverUrl)
  const appUrl = new URL(url)
  appUrl.username = TEST_APP_ROLE
  appUrl.password = ''
  const appDatabase = openPostgres(appUrl.toString(), { max: 5 })
  return {
    database,
    appDatabase,
    url: url.toString(),
    appUrl: appUrl.toString(),
    async drop() {
      await appDatabase.close()
      await database.close()
      const a = new pg.Client({ connectionString: serverUrl })
      await a.connect()
      await a.query(`drop database if exists ${name} with (force)`)
      await a.end()
    },
  }
}

/** Creates the test app's login role once per server (test files run in parallel: a duplicate is fine). */
async function ensureTestAppRole(serverUrl: string) {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    const { rows } = await admin.query('select 1 from pg_roles where rolname = $1', [TEST_APP_ROLE])
    if (!rows.length) {
      await admin.query(`create role ${TEST_APP_ROLE} login in role homeward_app`).catch((err: { code?: string }) => {
        // duplicate_object / unique_violation: another test file created it a moment ago.
        if (err.code !== '42710' && err.code !== '23505') throw err
      })
    }
  } finally {
    await admin.end()
  }
}
