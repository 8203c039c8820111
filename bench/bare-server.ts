/**
 * The baseline `npm run bench` measures the app against: a bare Hono server on the same database
 * and data, with none of the app's middleware. For each request it checks the same signed session
 * cookie (HMAC-SHA256 of the token with BETTER_AUTH_SECRET, as Better Auth sets it) with one indexed
 * query, then serves GET /api/transactions and GET /api/transactions/:txId with the ORIGINAL SQL
 * (bench/original-sql.ts), run the way the app ran it before the speed work: named prepared
 * statements on PostgreSQL, PGlite's `query()` otherwise. Answers 401 without a live session and
 * 404 when the detail is not found or not visible.
 * Env: PORT; DATABASE_URL (PostgreSQL, pool of DB_POOL_MAX, default 10, JIT off as the app has it)
 * or PGLITE_DIR (a PGlite data directory); BETTER_AUTH_SECRET.
 * Run: `node --import tsx bench/bare-server.ts` (bench/api.bench.ts starts it).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { serve } from '@hono/node-server'
import { PGlite } from '@electric-sql/pglite'
import { Hono } from 'hono'
import pg from 'pg'
import { ORIGINAL_DASHBOARD_SQL, ORIGINAL_DETAIL_SQL } from './original-sql'

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

async function main() {
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
