/**
 * The database: embedded PGlite (default, files under DATA_DIR/pglite) or PostgreSQL (DATABASE_URL).
 * Both are driven through drizzle with one schema and one migration set; hot paths use `queryJson`,
 * which runs a named prepared statement on PostgreSQL and returns the database-built JSON as text.
 * See docs/decisions/001-database.md.
 */
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

declare const jsonOf: unique symbol
/**
 * JSON text the database built, whose parsed value is a `T` (a contract's type). The claim is made
 * where the query is named (`queryJson<TransactionDetail>(...)`) and checked against the endpoint's
 * response schema on every answer outside production (http/validate-responses.ts).
 */
export type JsonText<T> = string & { readonly [jsonOf]: T }

/** The value of database-built JSON text, typed as what the query claims to build. */
export function parseJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T
}

/** A value as JSON text, typed by the value (for answers assembled around database-built parts). */
export function toJsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>
}

export interface Database {
  kind: 'pglite' | 'postgres'
  db: Db
  /**
   * Runs one statement and returns the first column of the first row (JSON text the query built,
   * whose value is a `T`), or null when no row.
   */
  queryJson<T>(name: string, text: string, params: unknown[]): Promise<JsonText<T> | null>
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
    async queryJson<T>(name: string, text: string, params: unknown[]) {
      const res = await pool.query({ name, text, values: params, rowMode: 'array' })
      return res.rows.length ? (res.rows[0][0] as JsonText<T> | null) : null
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

/** Opens PGlite on a data directory, in memory when dataDir is undefined, or from a dumped tarball. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  const pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir })
  return wrapPglite(pglite)
}

/** Wraps an open PGlite instance as a Database. */
export function wrapPglite(pglite: PGlite): Database {
  const db = drizzlePglite(pglite, { schema }) as unknown as Db
  return {
    kind: 'pglite',
    db,
    pglite,
    async queryJson<T>(_name: string, text: string, params: unknown[]) {
      const res = await pglite.query<unknown[]>(text, params, { rowMode: 'array' })
      return res.rows.length ? (res.rows[0][0] as JsonText<T> | null) : null
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
