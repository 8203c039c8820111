/**
 * Migrations as the schema's owner, the server as a role that does not own the audit tables
 * (docs/decisions/012-audit-chain.md). With DATABASE_OWNER_URL set, migrations run through a
 * short-lived connection as that role (one is enough: db/migrate.ts locks and migrates on the same
 * connection); otherwise through the server's own connection.
 */
import type { Config } from '../config'
import type { Logger } from '../logger'
import { openPostgres, type Database } from './client'
import { runMigrations } from './migrate'

/** Brings the schema up to date, then warns when the server's PostgreSQL role could rewrite the audit trail. */
export async function migrateAsOwner(options: { config: Config; database: Database; log: Logger }): Promise<void> {
  const { config, database, log } = options
  if (config.DATABASE_OWNER_URL && database.kind === 'postgres') {
    const owner = openPostgres(config.DATABASE_OWNER_URL, { max: 1 })
    try {
      await runMigrations(owner)
    } finally {
      await owner.close()
    }
  } else {
    await runMigrations(database)
  }
  if (database.kind === 'postgres' && (await ownsAuditTables(database))) {
    log.warn(
      'The server runs as a PostgreSQL role that owns the audit tables (or is a superuser), so it could ' +
        'disable their triggers. Run it as a member of homeward_app and set DATABASE_OWNER_URL for migrations ' +
        '(docs/decisions/012-audit-chain.md).',
    )
  }
}

/** True when the connection's role owns activity_events or is a superuser. */
export async function ownsAuditTables(database: Database): Promise<boolean> {
  const [row] = await database.query<{ owns: boolean }>(
    `select pg_get_userbyid(c.relowner) = current_user
            or (select rolsuper from pg_roles where rolname = current_user) as owns
       from pg_class c where c.oid = 'public.activity_events'::regclass`,
  )
  return row?.owns ?? false
}
