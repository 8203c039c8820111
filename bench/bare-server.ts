/**
 * The baseline `npm run bench` measures the app against: a bare Hono server on the same database
 * and data, with none of the app's middleware. For each request it checks the same signed session
 * cookie (HMAC-SHA256 of the token with BETTER_AUTH_SECRET, as Better Auth sets it) with one indexed
 * query, then serves GET /api/transactions and GET /api/transactions/:txId with the ORIGINAL SQL
 * (bench/original-sql.ts), run the way the app ran it before the speed work: named prepared
 * statements on PostgreSQL, PGlite's `query()` otherwise. Answers 401 without a live session and
 * 404 when the detail is not found or not visible.
 *
 * With BARE_SQL=current it is the same-SQL baseline instead: the app's OWN current statements and
 * their callers (listDashboard, getTransactionDetail, listBoard, imported from src/server, so that
 * it never drifts from the app), through the app's database client (openPostgres / openPglite: the
 * same pool, settings and queryJson), with the app's own cookie check (auth/viewer-cache.ts: the
 * signed cookie verified once, the viewer kept per cookie; the cache never forgets here, as nothing
 * signs out during a bench), and none of the app's middleware, routing, validation or logging. It
 * also serves GET /api/cases (the cases board, default query, with the statement's own Pro check,
 * as the app's route runs it). What the app spends beyond this server is the framework's own cost.
 * Env: PORT; DATABASE_URL (PostgreSQL, pool of DB_POOL_MAX, default 10, JIT off as the app has it)
 * or PGLITE_DIR (a PGlite data directory); BETTER_AUTH_SECRET; BARE_SQL=original (default) | current.
 * Run: `node --import tsx bench/bare-server.ts` (bench/api.bench.ts starts it).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { serve } from '@hono/node-server'
import { PGlite } from '@electric-sql/pglite'
import { Hono } from 'hono'
import pg from 'pg'
import { ORIGINAL_DASHBOARD_SQL, ORIGINAL_DETAIL_SQL } from './original-sql'
import { openPglite, openPostgres } from '../src/server/db/client'
import { createViewerCache } from '../src/server/auth/viewer-cache'
import { listDashboard } from '../src/server/features/transactions/list-dashboard'
import { getTransactionDetail } from '../src/server/features/transactions/get-transaction-detail'
import { listBoard } from '../src/server/features/firms/list-board'
import { BoardQuery } from '../src/shared/contracts/firms'

const SECRET = process.env.BETTER_AUTH_SECRET ?? ''
const COOKIE = 'homeward.session_token'

const SESSION_SQL = `select p.id from session s join profiles p on p.auth_id = s.user_id
  where s.token = $1 and s.expires_at > now()`

type Run = (name: string, text: string, params: unknown[]) => Promise<string | null>

async function openDatabase(): Promise<{ run: Run; close: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: Number(process.env.DB_POOL_MAX ?? 10),
      options: '-c jit=off -c statement_timeout=30000',
    })
    return {
      run: async (name, text, values) => {
        const res = await pool.query({ name, text, values, rowMode: 'array' })
        return res.rows.length ? (res.rows[0][0] as string) : null
      },
      close: () => pool.end(),
    }
  }
  const db = await PGlite.create({ dataDir: process.env.PGLITE_DIR })
  return {
    run: async (_name, text, params) => {
      const res = await db.query<unknown[]>(text, params, { rowMode: 'array' })
      return res.rows.length ? (res.rows[0][0] as string) : null
    },
    close: () => db.close(),
  }
}

/** The session token of a signed `token.signature` cookie value, or null. */
function sessionToken(header: string | undefined): string | null {
  const raw = header
    ?.split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1)
  if (!raw) return null
  const value = decodeURIComponent(raw)
  const dot = value.lastIndexOf('.')
  if (dot <= 0) return null
  const token = value.slice(0, dot)
  const given = Buffer.from(value.slice(dot + 1), 'base64')
  const expected = createHmac('sha256', SECRET).update(token).digest()
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}

/** The same-SQL baseline (BARE_SQL=current): the app's statements and cookie check, nothing else. */
async function mainCurrent() {
  const database = process.env.DATABASE_URL
    ? openPostgres(process.env.DATABASE_URL, { max: Number(process.env.DB_POOL_MAX ?? 10) })
    : await openPglite({ dataDir: process.env.PGLITE_DIR })
  const viewers = createViewerCache({
    database,
    realtime: { onViewerChange: () => () => {}, onResync: () => () => {}, isListening: () => true },
    secret: SECRET,
    secure: false,
  })
  const app = new Hono()
  app.get('/api/health', (c) => c.text('ok'))
  const json = (text: string, status = 200) =>
    new Response(text, { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } })
  const unauthenticated = () => json('{"error":{"code":"unauthenticated"}}', 401)
  app.get('/api/transactions', async (c) => {
    const viewer = await viewers.resolve(c.req.header('cookie'))
    return viewer ? json(await listDashboard({ database, viewer })) : unauthenticated()
  })
  app.get('/api/transactions/:txId', async (c) => {
    const viewer = await viewers.resolve(c.req.header('cookie'))
    if (!viewer) return unauthenticated()
    try {
      return json(await getTransactionDetail({ database, viewer, txId: c.req.param('txId') }))
    } catch {
      return json('{"error":{"code":"not_found"}}', 404)
    }
  })
  app.get('/api/cases', async (c) => {
    const viewer = await viewers.resolve(c.req.header('cookie'))
    if (!viewer) return unauthenticated()
    const query = BoardQuery.parse(c.req.query())
    const board = await listBoard({ database, viewer, query, proAt: new Date() })
    return board ? json(board) : json('{"error":{"code":"payment_required"}}', 402)
  })
  const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' })
  const stop = () => server.close(() => void database.close().then(() => process.exit(0)))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

async function main() {
  if (process.env.BARE_SQL === 'current') return mainCurrent()
  const database = await openDatabase()
  const app = new Hono<{ Variables: { profileId: string } }>()
  app.get('/api/health', (c) => c.text('ok'))
  app.use('/api/transactions/*', async (c, next) => {
    const token = sessionToken(c.req.header('cookie'))
    const profileId = token ? await database.run('bare_session', SESSION_SQL, [token]) : null
    if (!profileId) return c.json({ error: { code: 'unauthenticated' } }, 401)
    c.set('profileId', profileId)
    await next()
  })
  const json = (text: string) => new Response(text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } })
  app.get('/api/transactions', async (c) =>
    json((await database.run('bare_dashboard', ORIGINAL_DASHBOARD_SQL, [c.get('profileId')]))!),
  )
  app.get('/api/transactions/:txId', async (c) => {
    const text = await database.run('bare_detail', ORIGINAL_DETAIL_SQL, [c.get('profileId'), c.req.param('txId')])
    return text ? json(text) : c.json({ error: { code: 'not_found' } }, 404)
  })
  const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' })
  const stop = () => server.close(() => void database.close().then(() => process.exit(0)))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
