/**
 * The database: embedded PGlite (default, files under DATA_DIR/pglite) or PostgreSQL (DATABASE_URL).
 * Both are driven through drizzle with one schema and one migration set; hot paths use `queryJson`,
 * which runs a named prepared statement on PostgreSQL and returns the database-built JSON as text.
 * See docs/decisions/001-database.md.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema'

export type Schema = typeof schema
/** The drizzle handle. PGlite's and node-postgres's drizzle APIs are the same for our use; typed as one. */
export type Db = NodePgDatabase<Schema>
/** A drizzle transaction handle, as passed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  kind: 'pglite' | 'postgres'
  db: Db
  /** Runs one statement and returns the first column of the first row (text), or null when no row. */
  queryJson(name: string, text: string, params: unknown[]): Promise<string | null>
  /** Runs a statement and returns its rows as objects. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  /** Round trip to the database; throws when it is unreachable. */
  ping(): Promise<void>
  close(): Promise<void>
  /** PGlite only: the embedded instance (for LISTEN/NOTIFY in-process and test cloning). */
  pglite?: PGlite
  /** PostgreSQL only: the connection pool. */
  pool?: pg.Pool
}

/** Opens PostgreSQL through a pool. JIT off: nested JSON queries otherwise pay ~60 ms of compilation (STACK.md). */
export function openPostgres(url: string, options: { max?: number; onError?: (err: Error) => void } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    options: '-c jit=off -c statement_timeout=30000',
    application_name: 'homeward',
  })
  // Without a listener an idle client's error (e.g. the backend was terminated) crashes the process.
  pool.on('error', (err) => options.onError?.(err))
  const db = drizzlePg(pool, { schema })
  return {
    kind: 'postgres',
    db,
    pool,
    async queryJson(name, text, params) {
      const res = await pool.query({ name, text, values: params, rowMode: 'array' })
      return res.rows.length ? (res.rows[0][0] as string | null) : null
    },
    async query(text, params = []) {
      return (await pool.query(text, params)).rows
    },
    async ping() {
      await pool.query('select 1')
    },
    async close() {
      await pool.end()
    },
  }
}

/**
 * PostgreSQL settings of the embedded database, passed at every start (`-c name=value`). PGlite keeps
 * PostgreSQL's server defaults, sized for a machine's shared database (shared_buffers 128 MB), in the
 * one process that also runs Homeward, where every buffer page touched stays resident. 16 MB of
 * shared buffers hold the demo data and the 5,000-move bench data's hot pages (the files themselves
 * stay in the operating system's page cache), for about 110 MB less resident memory; one connection
 * is all PGlite ever has; maintenance_work_mem only sizes index builds in migrations.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'max_connections=4',
  'wal_buffers=1MB',
  'maintenance_work_mem=16MB',
] as const

const pgliteStartParams = () => [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])]

/**
 * Opens PGlite on a data directory, in memory when dataDir is undefined, or from a dumped tarball.
 * A data directory that holds no database yet is filled first by a short-lived child process, from
 * the dump file `template` when it exists (pglite-template.ts), otherwise by PGlite's initdb: that
 * runs a second PostgreSQL instance and copies its files through a tarball, about 500 MB of memory
 * this process would otherwise keep for its whole life.
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; template?: string } = {},
): Promise<Database> {
  if (options.dataDir && !options.loadDataDir && !existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    await createPgliteDataDir(options.dataDir, options.template)
  }
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    startParams: pgliteStartParams(),
  })
  return wrapPglite(pglite)
}

// Run by `node --input-type=module -e`: argv[1] the PGlite module's URL, argv[2] the data directory,
// argv[3] the start parameters as JSON, argv[4] a dump file to load, or ''.
const CREATE_SCRIPT = `
import { existsSync, readFileSync } from 'node:fs'
const [, moduleUrl, dataDir, startParams, template] = process.argv
const { PGlite } = await import(moduleUrl)
const loadDataDir = template && existsSync(template) ? new Blob([readFileSync(template)]) : undefined
const db = await PGlite.create({ dataDir, loadDataDir, startParams: JSON.parse(startParams) })
await db.close()
`

/**
 * Creates a PGlite database in `dataDir` in a child process, loaded from the dump file `template`
 * when it exists; rejects with the child's error output on failure.
 */
export async function createPgliteDataDir(dataDir: string, template?: string): Promise<void> {
  const moduleUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      CREATE_SCRIPT,
      moduleUrl,
      dataDir,
      JSON.stringify(pgliteStartParams()),
      template ?? '',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0) throw new Error(`creating the database failed (exit ${code}): ${stderr.trim()}`)
}

/** Wraps an open PGlite instance as a Database. */
export function wrapPglite(pglite: PGlite): Database {
  const db = drizzlePglite(pglite, { schema }) as unknown as Db
  return {
    kind: 'pglite',
    db,
    pglite,
    async queryJson(_name, text, params) {
      const res = await pglite.query<unknown[]>(text, params, { rowMode: 'array' })
      return res.rows.length ? (res.rows[0][0] as string | null) : null
    },
    async query(text, params = []) {
      return (await pglite.query(text, params)).rows as never
    },
    async ping() {
      await pglite.query('select 1')
    },
    async close() {
      if (!pglite.closed) await pglite.close()
    },
  }
}

/** PostgreSQL error codes and driver messages that mean "the database is unreachable right now" (maps to 503). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const e = err as { code?: string; message?: string; cause?: unknown }
  const codes = [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    'ENOTFOUND',
    '57P01',
    '57P02',
    '57P03',
    '53300',
    '08000',
    '08003',
    '08006',
    '08001',
    '08004',
  ]
  if (e.code && codes.includes(e.code)) return true
  const msg = e.message ?? ''
  if (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed|Cannot use a pool after calling end/i.test(
      msg,
    )
  )
    return true
  return e.cause ? isDatabaseUnavailable(e.cause) : false
}
