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
import { PGlite, protocol, type messages } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
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

/** Text claimed to be JSON of a `T`: the one place the claim is made (by toJsonText, or a named query's type). */
function claimJsonText<T>(text: string): JsonText<T> {
  return text as JsonText<T>
}

/** A value as JSON text, typed by the value (for answers assembled around database-built parts). */
export function toJsonText<T>(value: T): JsonText<T> {
  return claimJsonText<T>(JSON.stringify(value))
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

/**
 * The NOTIFY channel of viewer changes: a session ended or shortened, or a user, profile or role
 * row changed (the triggers of migration 0015). Payload: the Better Auth user id.
 */
export const VIEWER_CHANNEL = 'homeward_viewer'

const viewerChangeListeners = new Set<(authUserId: string) => void>()

/**
 * Calls `listener` with the auth user id of every viewer change committed through any database
 * connection this process opened (every PostgreSQL pool connection LISTENs, and PostgreSQL delivers
 * a session's own notifications before its COMMIT returns; PGlite before its query resolves), so a
 * change made here is known before the write's caller goes on. Changes made by other processes
 * arrive through the realtime hub's LISTEN connection instead. Returns the unsubscribe.
 */
export function onViewerChange(listener: (authUserId: string) => void): () => void {
  viewerChangeListeners.add(listener)
  return () => viewerChangeListeners.delete(listener)
}

/** Hands a viewer change to every listener of this process. */
export function announceViewerChange(authUserId: string): void {
  for (const listener of [...viewerChangeListeners]) listener(authUserId)
}

/**
 * The NOTIFY channel of SLA clocks that stopped or reopened (the trigger of migration 0019), sent
 * when their transaction commits. Payload: the firm's (organization's) id.
 */
export const SLA_CLOSED_CHANNEL = 'homeward_sla_closed'

const slaClosedListeners = new Set<(organizationId: string) => void>()

/**
 * Calls `listener` with the organization id of every firm whose SLA clock stopped or reopened in a
 * committed transaction of any session this process's connections hear (on PostgreSQL every pool
 * connection LISTENs, so other processes' commits arrive too; PGlite has only its own). A firm may
 * come more than once. Returns the unsubscribe.
 */
export function onSlaClockClosed(listener: (organizationId: string) => void): () => void {
  slaClosedListeners.add(listener)
  return () => slaClosedListeners.delete(listener)
}

function announceSlaClockClosed(organizationId: string): void {
  for (const listener of [...slaClosedListeners]) listener(organizationId)
}

/**
 * Opens PostgreSQL through a pool. JIT off: nested JSON queries otherwise pay ~60 ms of compilation,
 * as measured on the dashboard query. TimeZone UTC whatever the server's default (as PGlite's): the
 * JSON the database writes shows timestamps with the session's offset, and the cases board's stored
 * row pieces (migration 0043) are written in UTC, so reads must show UTC too to give the same bytes.
 */
export function openPostgres(url: string, options: { max?: number; onError?: (err: Error) => void } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    options: '-c jit=off -c statement_timeout=30000 -c TimeZone=UTC',
    application_name: 'homeward',
    // Every connection hears the viewer changes it commits itself (see onViewerChange), listening
    // before it is handed out. pg-pool awaits this hook (@types/pg types it as returning void).
    onConnect: async (client: pg.ClientBase) => {
      client.on('notification', (msg) => {
        if (msg.channel === VIEWER_CHANNEL && msg.payload) announceViewerChange(msg.payload)
        else if (msg.channel === SLA_CLOSED_CHANNEL && msg.payload) announceSlaClockClosed(msg.payload)
      })
      await client
        .query(`listen ${VIEWER_CHANNEL}; listen ${SLA_CLOSED_CHANNEL}`)
        .catch((err: Error) => options.onError?.(err))
    },
  })
  // Without a listener an idle client's error (e.g. the backend was terminated) crashes the process.
  pool.on('error', (err) => options.onError?.(err))

  const db = drizzlePg(pool, { schema })
  return {
    kind: 'postgres',
    db,
    pool,
    async queryJson<T>(name: string, text: string, params: unknown[]) {
      const res = await pool.query<[string | null]>({ name, text, values: params, rowMode: 'array' })
      const json = res.rows.length ? res.rows[0][0] : null
      return json === null ? null : claimJsonText<T>(json)
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
    // btree_gist: the survey bookings' exclusion constraint (migration surveys_no_overlap).
    extensions: { btree_gist },
  })
  return wrapPglite(pglite)
}

const listeningPglites = new WeakSet<PGlite>()

// Run by `node --input-type=module -e`: argv[1] the PGlite module's URL, argv[2] the data directory,
// argv[3] the start parameters as JSON, argv[4] a dump file to load, or ''.
const CREATE_SCRIPT = `
import { existsSync, readFileSync } from 'node:fs'
const [, moduleUrl, dataDir, startParams, template] = process.argv
const { PGlite } = await import(moduleUrl)
const { btree_gist } = await import(new URL('./contrib/btree_gist.js', moduleUrl).href)
const loadDataDir = template && existsSync(template) ? new Blob([readFileSync(template)]) : undefined
const db = await PGlite.create({ dataDir, loadDataDir, startParams: JSON.parse(startParams), extensions: { btree_gist } })
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
  // Typed as node-postgres's handle (Db): the two drizzle APIs are the same for our use.
  const db = drizzlePglite(pglite, { schema }) as unknown as Db
  // One instance, one process: its own notifications are all the viewer changes there are.
  if (!listeningPglites.has(pglite)) {
    listeningPglites.add(pglite)
    pglite.listen(VIEWER_CHANNEL, (payload) => payload && announceViewerChange(payload)).catch(() => {})
    pglite.listen(SLA_CLOSED_CHANNEL, (payload) => payload && announceSlaClockClosed(payload)).catch(() => {})
  }
  return {
    kind: 'pglite',
    db,
    pglite,
    async queryJson<T>(name: string, text: string, params: unknown[]) {
      const json = await queryPrepared(pglite, name, text, params)
      return json === null ? null : claimJsonText<T>(json)
    },
    async query<T>(text: string, params: unknown[] = []) {
      return (await pglite.query<T>(text, params)).rows
    },
    async ping() {
      await pglite.query('select 1')
    },
    async close() {
      if (!pglite.closed) await pglite.close()
    },
  }
}

/** The named statements prepared on each PGlite instance: name -> SQL text and parameter type ids. */
const preparedOnPglite = new WeakMap<PGlite, Map<string, { text: string; types: number[] }>>()

function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/**
 * queryJson on PGlite through a real named prepared statement, as node-postgres does on PostgreSQL:
 * Parse and Describe once per instance and name, then Bind and Execute with the values as
 * parameters. PGlite's own query() parses and plans every statement anew (26-60% of a dashboard or
 * detail request), and it serves one query at a time, so every plan saved counts in full. Values
 * are serialised by PGlite's serializers for the parameter types the server reported, never pasted
 * into SQL. Like node-postgres, refuses a name already prepared with a different text.
 */
async function queryPrepared(pglite: PGlite, name: string, text: string, params: unknown[]): Promise<string | null> {
  const { serialize } = protocol
  let prepared = preparedOnPglite.get(pglite)
  if (!prepared) preparedOnPglite.set(pglite, (prepared = new Map()))
  const statements = prepared
  // The same locks as PGlite's query(): after any open transaction, one protocol exchange at a time.
  return pglite._runExclusiveTransaction(() =>
    pglite.runExclusive(async () => {
      let statement = statements.get(name)
      if (statement && statement.text !== text) {
        throw new Error(`Prepared statements must be unique: '${name}' was prepared with a different text`)
      }
      try {
        if (!statement) {
          const described = await pglite.execProtocol(
            concatBytes(serialize.parse({ name, text }), serialize.describe({ type: 'S', name })),
            { syncToFs: false },
          )
          const types =
            described.messages.find((m): m is messages.ParameterDescriptionMessage => m.name === 'parameterDescription')
              ?.dataTypeIDs ?? []
          statements.set(name, (statement = { text, types }))
        }
        const types = statement.types
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null
          const serializer = pglite.serializers[types[i]]
          return serializer ? serializer(value) : String(value)
        })
        const result = await pglite.execProtocol(
          concatBytes(serialize.bind({ statement: name, values }), serialize.execute({})),
          { syncToFs: false },
        )
        const row = result.messages.find((m): m is messages.DataRowMessage => m.name === 'dataRow')
        return row ? row.fields[0] : null
      } finally {
        await pglite.execProtocol(serialize.sync(), { syncToFs: false })
        if (!pglite.isInTransaction()) await pglite.syncToFs()
      }
    }),
  )
}

/**
 * PostgreSQL error codes and driver messages that mean "the database is unreachable right now" (maps
 * to 503). A new connection to a database that refuses them (`ALTER DATABASE … ALLOW_CONNECTIONS
 * false`, during maintenance) fails with the generic SQLSTATE 55000, so that one is known by its
 * message ("database … is not currently accepting connections").
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const code = 'code' in err ? err.code : undefined
  const message = 'message' in err ? err.message : undefined
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
  if (typeof code === 'string' && codes.includes(code)) return true
  const msg = typeof message === 'string' ? message : ''
  if (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed|Cannot use a pool after calling end|is not currently accepting connections/i.test(
      msg,
    )
  )
    return true
  const cause = 'cause' in err ? err.cause : undefined
  return cause ? isDatabaseUnavailable(cause) : false
}
