/**
 * Applies the committed migration set (src/server/db/migrations) to PGlite or PostgreSQL.
 * On PostgreSQL an advisory lock serialises concurrent starts of several server processes, and the
 * migrations run on the very connection that holds it: one connection is all they need, so a pool of
 * one (the owner's, db/migrate-as-owner.ts) cannot deadlock waiting for a second.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { fromAppRoot } from '../app-root'
import type { Database } from './client'

/** The committed migrations, read at run time by drizzle's migrator (from the sources, also under the bundle). */
export const MIGRATIONS_FOLDER = fromAppRoot('src/server/db/migrations')
const MIGRATION_LOCK_KEY = 4_242_001

/**
 * Brings the database's schema up to date. Idempotent. On PostgreSQL takes one connection of
 * `database.pool`, locks (session-level advisory lock 4242001), migrates on that same connection,
 * unlocks and releases it.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite' && database.pglite) {
    // PGlite's own drizzle handle over the same instance (database.db is typed as node-postgres's).
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: MIGRATIONS_FOLDER })
    return
  }
  const client = await database.pool!.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    // drizzle over the locked client itself (not the pool): its migration transaction runs here.
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
    client.release()
  }
}
