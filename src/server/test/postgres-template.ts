/**
 * The migrated template database that PostgreSQL integration tests copy (CREATE DATABASE … TEMPLATE):
 * named `homeward_test_tpl_<hash>` for the hash of the committed migration files, so a changed
 * migration set gets a new template and an unchanged one is reused by later runs and by runs at the
 * same moment (an advisory lock serialises its creation). It is migrated under a temporary name and
 * renamed when complete, so a half-migrated template is never copied. Templates of other
 * migration sets made more than a day ago are dropped (their creation time is the database's
 * comment): another checkout may still be testing with a recent one.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { openPostgres } from '../db/client'
import { MIGRATIONS_FOLDER, runMigrations } from '../db/migrate'

const TEMPLATE_PREFIX = 'homeward_test_tpl_'
const TEMPLATE_LOCK_KEY = 4_242_002
const STALE_AFTER_MS = 24 * 60 * 60 * 1000

/** Hash of every file of the migration set (SQL and drizzle's journal), 16 hex characters. */
function migrationSetHash(): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else hash.update(entry.name).update(readFileSync(full))
    }
  }
  walk(MIGRATIONS_FOLDER)
  return hash.digest('hex').slice(0, 16)
}

/** Creates the template on `serverUrl` when missing and returns its name. */
export async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationSetHash()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY])
    const { rows } = await admin.query<{ datname: string; made: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as made from pg_database where datname like $1`,
      [`${TEMPLATE_PREFIX}%`],
    )
    if (!rows.some((r) => r.datname === name)) {
      const building = `${name}_building`
      await admin.query(`drop database if exists ${building} with (force)`)
      await admin.query(`create database ${building}`)
      const url = new URL(serverUrl)
      url.pathname = `/${building}`
      const database = openPostgres(url.toString(), { max: 2 })
      try {
        await runMigrations(database)
      } finally {
        await database.close()
      }
      await admin.query(`comment on database ${building} is '${Date.now()}'`)
      await admin.query(`alter database ${building} rename to ${name}`)
    }
    for (const { datname, made } of rows) {
      if (datname === name || datname.endsWith('_building')) continue
      if (Date.now() - Number(made ?? 0) < STALE_AFTER_MS) continue
      // Fails while a copy is being made from it: it is dropped by a later run.
      await admin.query(`drop database if exists ${datname}`).catch(() => {})
    }
    return name
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {})
    await admin.end()
  }
}
