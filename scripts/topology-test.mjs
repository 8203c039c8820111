// The deployment's topology, tested on loopback: two compiled app processes (dist/server/main.js,
// NODE_ENV=production) on one PostgreSQL database and S3 storage (s3rver), behind nginx running
// deploy/nginx.conf (Debian's package, scripts/ensure-nginx.sh), and an SMTP server catching mail.
// It shows, printing what it counted:
//   1. a session made through app A works on app B;
//   2. a chat message posted through A arrives live on streams held by B and by nginx (unbuffered);
//   3. an upload through A downloads through B, and its bytes are in the object store;
//   4. the sign-in rate limit is shared: the attempt after A's limit is refused by B too;
//   5. outbox jobs run once: every email is delivered exactly once with both mail workers running;
//   6. a rolling restart (SIGTERM A, start it, wait until ready, then B) under a steady bounded load
//      through nginx loses no request: each is answered 2xx, or retried once by the client after a
//      connection close; the counts are printed.
// Each process has its own DATA_DIR: everything they share comes from the environment, as in
// docs/deployment.md. Exits non-zero when any check fails.
//
// Env: TOPOLOGY_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test),
// a server where a database may be created (and is dropped at the end); TOPOLOGY_PORT (base, default
// 4710: nginx, A = +1, B = +2, s3rver +3, SMTP +4); TOPOLOGY_OWNER_URL=true runs the apps as a
// member of homeward_app with migrations as the owner (DATABASE_OWNER_URL, decision 012).
// Usage: npm run build && bash scripts/ensure-nginx.sh && node scripts/topology-test.mjs
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { PDFDocument } from 'pdf-lib'
import S3rver from 's3rver'
import { SMTPServer } from 'smtp-server'
import { SERVER_NODE_FLAGS } from './server-flags.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BASE_PORT = Number(process.env.TOPOLOGY_PORT ?? 4710)
const PORTS = { nginx: BASE_PORT, a: BASE_PORT + 1, b: BASE_PORT + 2, s3: BASE_PORT + 3, smtp: BASE_PORT + 4 }
const SERVER_URL =
  process.env.TOPOLOGY_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const OWNER_SETUP = process.env.TOPOLOGY_OWNER_URL === 'true'
const PUBLIC = `http://127.0.0.1:${PORTS.nginx}`
const A = `http://127.0.0.1:${PORTS.a}`
const B = `http://127.0.0.1:${PORTS.b}`
const BUCKET = 'homeward-topology'
const PASSWORD = 'a long unusual passphrase 42'

const t0 = performance.now()
const secs = () => ((performance.now() - t0) / 1000).toFixed(1)
const say = (line) => process.stdout.write(`[topology ${secs()} s] ${line}\n`)
const failures = []
/** Records a failed check (the run goes on where it can, and exits 1 at the end). */
function check(ok, what) {
  if (ok) say(`ok: ${what}`)
  else {
    failures.push(what)
    say(`FAILED: ${what}`)
  }
  return ok
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

async function waitFor(fn, ms, what) {
  const until = Date.now() + ms
  for (;;) {
    const v = await fn().catch(() => undefined)
    if (v) return v
    if (Date.now() > until) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`)
    await sleep(200)
  }
}

// ---- the pieces -------------------------------------------------------------------------------

const work = mkdtempSync(path.join(tmpdir(), 'hw-topology-'))
chmodSync(work, 0o755)
const cleanups = []

/**
 * A fresh database on SERVER_URL. `adminUrl`: the server's (super)user on it, for the test's own
 * reads and set-up. Without TOPOLOGY_OWNER_URL the apps run as that user too. With it, as in
 * deploy/postgres-init.sql (decision 012): a non-superuser owner with CREATEROLE owns the database
 * and runs the migrations (`ownerUrl`), and the apps run as a login role in homeward_app (`appUrl`).
 */
async function createDatabase() {
  const name = `homeward_topology_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  const ownerRole = `${name}_owner`
  const webRole = `${name}_web`
  const admin = new pg.Client({ connectionString: SERVER_URL })
  await admin.connect()
  const url = new URL(SERVER_URL)
  url.pathname = `/${name}`
  const adminUrl = url.toString()
  const as = (role) => {
    const u = new URL(url)
    u.username = role
    u.password = ''
    return u.toString()
  }
  if (OWNER_SETUP) {
    await admin.query(`do $$ begin create role homeward_app nologin; exception when duplicate_object then null; end $$`)
    await admin.query(`create role ${ownerRole} login createrole`)
    await admin.query(`create role ${webRole} login in role homeward_app`)
    await admin.query(`create database ${name} owner ${ownerRole}`)
    const inDb = new pg.Client({ connectionString: adminUrl })
    await inDb.connect()
    await inDb.query(`alter schema public owner to ${ownerRole}`)
    await inDb.end()
  } else await admin.query(`create database ${name}`)
  await admin.end()
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: SERVER_URL })
    await c.connect()
    await c.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    )
    await c.query(`drop database if exists ${name}`)
    if (OWNER_SETUP) {
      await c.query(`drop role if exists ${webRole}`)
      await c.query(`drop role if exists ${ownerRole}`)
    }
    await c.end()
  })
  return OWNER_SETUP
    ? { adminUrl, ownerUrl: as(ownerRole), appUrl: as(webRole), name }
    : { adminUrl, ownerUrl: adminUrl, appUrl: adminUrl, name }
}

async function startS3() {
  const directory = path.join(work, 's3')
  mkdirSync(directory)
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: PORTS.s3,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  })
  await s3.run()
  cleanups.push(() => s3.close())
  return directory
}

async function startSmtp() {
  const received = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = []
      stream.on('data', (c) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1],
        })
        callback()
      })
    },
  })
  await new Promise((resolve) => server.listen(PORTS.smtp, '127.0.0.1', resolve))
  cleanups.push(() => new Promise((resolve) => server.close(resolve)))
  return received
}

/** The bearer token of each process's /metrics (not proxied by nginx: scraped per process). */
const METRICS_TOKEN = randomBytes(24).toString('hex')

/** Job runs a process reports on /metrics: `{ [job]: { ok, failed } }` from homeward_job_runs_total. */
async function jobRuns(base) {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  const runs = {}
  for (const m of (await res.text()).matchAll(
    /^homeward_job_runs_total\{job="([^"]+)",outcome="(ok|failed)"\} (\d+)/gm,
  )) {
    runs[m[1]] ??= { ok: 0, failed: 0 }
    runs[m[1]][m[2]] += Number(m[3])
  }
  return runs
}

/** The environment both processes share (docs/deployment.md, "What every process shares"). */
function sharedEnv(db) {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: PUBLIC,
    DATABASE_URL: db.appUrl,
    ...(OWNER_SETUP ? { DATABASE_OWNER_URL: db.ownerUrl } : {}),
    DB_POOL_MAX: '5',
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
    AUDIT_SIGNING_KEY: randomBytes(32).toString('base64'),
    DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    PROVIDER_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
    STORAGE_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_REGION: 'eu-west-2',
    S3_ENDPOINT: `http://127.0.0.1:${PORTS.s3}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
    // nginx, on loopback here: only it may say who the client is.
    TRUSTED_PROXIES: '127.0.0.1',
    // No real partner here: the sandbox opt-in (production refuses sandbox partners without it).
    SANDBOX_PARTNERS: 'true',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN,
  }
}

/** One app process: the compiled server with `npm start`'s flags, as the image runs it. */
function startApp(name, port, env) {
  const dataDir = path.join(work, `data-${name}`)
  mkdirSync(dataDir, { recursive: true })
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--enable-source-maps', 'dist/server/main.js'], {
    cwd: root,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const app = { name, port, child, output: '', exited: null, exitCode: undefined }
  child.stdout.on('data', (d) => (app.output += d))
  child.stderr.on('data', (d) => (app.output += d))
  app.exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      app.exitCode = code ?? signal
      resolve(app.exitCode)
    }),
  )
  return app
}

/** Ready: /api/health/ready answers 200 (a server without it: /api/health). */
async function isReady(base) {
  let res = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(3_000) })
  if (res.status === 404) {
    await res.body?.cancel()
    res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(3_000) })
  }
  await res.body?.cancel()
  return res.status === 200
}

async function waitReady(app) {
  const base = `http://127.0.0.1:${app.port}`
  const until = Date.now() + 120_000
  for (;;) {
    if (app.exitCode !== undefined)
      throw new Error(`app ${app.name} exited (${app.exitCode}) before it was ready:\n${app.output}`)
    if (await isReady(base).catch(() => false)) return
    if (Date.now() > until) throw new Error(`app ${app.name} was not ready within 120 s:\n${app.output}`)
    await sleep(200)
  }
}

async function stopApp(app, ms = 30_000) {
  if (app.exitCode !== undefined) return { code: app.exitCode, ms: 0 }
  const started = performance.now()
  app.child.kill('SIGTERM')
  const code = await Promise.race([app.exited, sleep(ms).then(() => 'timeout')])
  if (code === 'timeout') {
    app.child.kill('SIGKILL')
    await app.exited
  }
  return { code, ms: Math.round(performance.now() - started) }
}

/** nginx in the foreground with deploy/nginx.conf, its upstreams and listen rewritten to loopback. */
async function startNginx() {
  const site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
  const replacements = [
    ['server app1:3000', `server 127.0.0.1:${PORTS.a}`],
    ['server app2:3000', `server 127.0.0.1:${PORTS.b}`],
    ['listen 80;', `listen 127.0.0.1:${PORTS.nginx};`],
    ['access_log /dev/stdout homeward;', `access_log ${path.join(work, 'nginx', 'access.log')} homeward;`],
  ]
  let text = site
  for (const [from, to] of replacements) {
    if (text.split(from).length !== 2) throw new Error(`deploy/nginx.conf: expected "${from}" exactly once`)
    text = text.replace(from, to)
  }
  const dir = path.join(work, 'nginx')
  for (const sub of ['', 'logs', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, sub), { recursive: true })
  // Workers run as nobody when nginx starts as root: its temporary files' directories are theirs too.
  spawnSync('chmod', ['-R', 'a+rwX', dir])
  writeFileSync(path.join(dir, 'homeward.conf'), text)
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/logs/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      `  client_body_temp_path ${dir}/client_body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      '  default_type application/octet-stream;',
      `  include ${dir}/homeward.conf;`,
      '}',
      '',
    ].join('\n'),
  )
  const nginxBin = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
  const testRun = spawnSync(nginxBin, ['-p', dir, '-c', `${dir}/nginx.conf`, '-t', '-q'], { encoding: 'utf8' })
  if (testRun.status !== 0) throw new Error(`nginx -t: ${testRun.stderr}`)
  const child = spawn(nginxBin, ['-p', dir, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  cleanups.push(async () => {
    child.kill('SIGQUIT')
    await Promise.race([exited, sleep(5_000).then(() => child.kill('SIGKILL'))])
  })
  await waitFor(async () => (await fetch(`${PUBLIC}/api/health`)).status > 0, 10_000, 'nginx')
  return { dir, accessLog: path.join(dir, 'access.log') }
}

// ---- HTTP helpers -----------------------------------------------------------------------------

/** A request with the session cookie and the origin PUBLIC_URL names (state-changing requests need it). */
async function api(base, pathname, { cookie, json, body, headers = {}, method } = {}) {
  const h = { origin: PUBLIC, ...headers }
  if (cookie) h.cookie = cookie
  if (json !== undefined) h['content-type'] = 'application/json'
  return fetch(base + pathname, {
    method: method ?? (json !== undefined || body !== undefined ? 'POST' : 'GET'),
    headers: h,
    body: json !== undefined ? JSON.stringify(json) : body,
  })
}

const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c.includes('session_token'))
    .join('; ')

const randomIp = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`

/** Signs up through `base`, marks the email verified (as the emailed link would), signs in through `base`. */
async function signUp(base, db, name) {
  const email = `topology-${randomUUID()}@homeward.test`
  const res = await api(base, '/api/auth/sign-up/email', { json: { name, email, password: PASSWORD, role: 'buyer' } })
  if (res.status !== 200) throw new Error(`sign-up through ${base}: ${res.status} ${await res.text()}`)
  await db.query(`update "user" set email_verified = true where email = $1`, [email])
  const signIn = await api(base, '/api/auth/sign-in/email', {
    json: { email, password: PASSWORD },
    headers: { 'x-forwarded-for': randomIp() },
  })
  if (signIn.status !== 200) throw new Error(`sign-in through ${base}: ${signIn.status} ${await signIn.text()}`)
  return { email, cookie: cookieOf(signIn) }
}

/** Reads Server-Sent Events from `body`, calling `onEvent({ event, data, id, at })`; keep-alive comments skipped. */
async function readEvents(body, onEvent) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    buffer += decoder.decode(value, { stream: true })
    let cut
    while ((cut = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, cut)
      buffer = buffer.slice(cut + 2)
      if (block.split('\n').every((l) => l.startsWith(':'))) continue
      const event = { event: 'message', data: '', at: performance.now() }
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event.event = line.slice(6).trim()
        else if (line.startsWith('data:')) event.data += line.slice(5).trim()
        else if (line.startsWith('id:')) event.id = line.slice(3).trim()
      }
      onEvent(event)
    }
  }
}

/** A Server-Sent Events reader: `next(pred, ms)` resolves with the first event matching `pred`. */
async function openStream(url, cookie) {
  const controller = new AbortController()
  const res = await fetch(url, { headers: { accept: 'text/event-stream', cookie }, signal: controller.signal })
  if (res.status !== 200) throw new Error(`stream ${url}: ${res.status}`)
  const events = []
  const waiters = []
  void readEvents(res.body, (event) => {
    events.push(event)
    waiters.forEach((w) => w())
  }).catch(() => {})
  return {
    close: () => controller.abort(),
    async next(pred, ms = 10_000) {
      const until = performance.now() + ms
      for (;;) {
        const found = events.find(pred)
        if (found) return found
        if (performance.now() > until) return undefined
        await new Promise((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
  }
}

/**
 * A stream held as a browser holds it: when the server ends it (or the connection drops), it is
 * opened again with Last-Event-ID after a short pause. `stop()` resolves with every event received,
 * the number of reconnections and the last event before each end.
 */
function holdStream(url, cookie) {
  const events = []
  const endings = []
  let stopped = false
  let abort = () => {}
  let lastId
  let reconnects = 0
  const loop = (async () => {
    while (!stopped) {
      const controller = new AbortController()
      abort = () => controller.abort()
      let last = null
      try {
        const headers = { accept: 'text/event-stream', cookie }
        if (lastId !== undefined) headers['last-event-id'] = lastId
        const res = await fetch(url, { headers, signal: controller.signal })
        if (res.status === 200) {
          await readEvents(res.body, (event) => {
            events.push(event)
            last = event.event
            if (event.id !== undefined) lastId = event.id
          })
        } else await res.body?.cancel()
      } catch {
        // dropped: reconnect below
      }
      if (stopped) break
      endings.push(last ?? '(none)')
      reconnects++
      await sleep(250)
    }
  })()
  return {
    async stop() {
      stopped = true
      abort()
      await loop
      return { events, reconnects, endings }
    },
  }
}

// ---- the checks -------------------------------------------------------------------------------

async function main() {
  if (!existsSync(path.join(root, 'dist/server/main.js')))
    throw new Error('dist/server/main.js is missing: npm run build first')
  const db = await createDatabase()
  const owner = new pg.Client({ connectionString: db.adminUrl })
  await owner.connect()
  cleanups.push(() => owner.end())
  const s3Dir = await startS3()
  const mail = await startSmtp()
  const env = sharedEnv(db)
  // A first: it migrates the empty database; B finds it migrated (the migration lock is shared).
  const apps = { a: startApp('A', PORTS.a, env), b: null }
  await waitReady(apps.a)
  apps.b = startApp('B', PORTS.b, env)
  await waitReady(apps.b)
  cleanups.push(async () => {
    for (const app of Object.values(apps)) if (app) await stopApp(app, 15_000)
  })
  const nginx = await startNginx()
  say(`up: nginx ${PUBLIC} -> A ${A}, B ${B}; PostgreSQL ${db.name}; s3rver :${PORTS.s3}; SMTP :${PORTS.smtp}`)

  // 1. Sessions.
  const buyer = await signUp(A, owner, 'Topology Buyer')
  const meOnB = await api(B, '/api/me', { cookie: buyer.cookie })
  const me = await meOnB.json().catch(() => ({}))
  check(
    meOnB.status === 200 && me.profile?.id,
    `a session made through A is accepted by B (GET /api/me on B: ${meOnB.status})`,
  )
  const viaNginx = await api(PUBLIC, '/api/me', { cookie: buyer.cookie })
  check(viaNginx.status === 200 && viaNginx.headers.get('x-request-id'), 'and through nginx, which adds X-Request-Id')
  await viaNginx.body?.cancel()
  const requestId = `topology-${randomUUID()}`
  const withId = await api(PUBLIC, '/api/me', { cookie: buyer.cookie, headers: { 'x-request-id': requestId } })
  await withId.body?.cancel()
  check(
    withId.headers.get('x-request-id') === requestId,
    `a client's X-Request-Id comes back once, unchanged (${withId.headers.get('x-request-id')})`,
  )

  // 2. Live: a message posted through A reaches a stream on B and one through nginx.
  const created = await api(PUBLIC, '/api/transactions', {
    cookie: buyer.cookie,
    json: {
      address_line_1: '1 Proxy Lane',
      town: 'Leeds',
      postcode: 'LS1 4AP',
      role: 'buyer',
      agreed_price: 250000,
      tenure: 'freehold',
    },
  })
  const { id: txId } = await created.json()
  if (!check(created.status === 201 && txId, `a move created through nginx (${created.status})`))
    throw new Error('no move')
  const threads = await (await api(B, `/api/transactions/${txId}/threads`, { cookie: buyer.cookie })).json()
  const general = threads.threads.find((th) => th.topic === 'general')
  const onB = await openStream(`${B}/api/transactions/${txId}/events`, buyer.cookie)
  const onNginx = await openStream(`${PUBLIC}/api/transactions/${txId}/events`, buyer.cookie)
  check(
    !!(await onB.next((e) => e.event === 'ready')) && !!(await onNginx.next((e) => e.event === 'ready')),
    'streams open on B and through nginx',
  )
  const posted = performance.now()
  const message = await api(A, `/api/transactions/${txId}/threads/${general.id}/messages`, {
    cookie: buyer.cookie,
    json: { body_md: 'Posted through A', mentions: [] },
  })
  const { id: messageId } = await message.json()
  const isOurs = (e) => e.event === 'activity' && e.data.includes(messageId)
  const gotB = await onB.next(isOurs)
  const gotNginx = await onNginx.next(isOurs)
  check(
    message.status === 201 && !!gotB,
    `a message posted through A arrives on B's stream (${gotB ? Math.round(gotB.at - posted) : '-'} ms)`,
  )
  check(
    !!gotNginx,
    `and on the stream through nginx, unbuffered (${gotNginx ? Math.round(gotNginx.at - posted) : '-'} ms)`,
  )
  onB.close()
  onNginx.close()

  // 3. Uploads: through A, downloaded through B, stored in the object store.
  const pdf = await PDFDocument.create()
  pdf.addPage().drawText(`Topology ${randomUUID()}`)
  const bytes = Buffer.from(await pdf.save())
  const up = await api(A, `/api/transactions/${txId}/documents?folder=Property&filename=survey.pdf`, {
    cookie: buyer.cookie,
    body: bytes,
    headers: { 'content-type': 'application/pdf' },
  })
  const doc = await up.json()
  check(up.status === 201, `an upload through A is stored (${up.status})`)
  const link = await (
    await api(B, `/api/transactions/${txId}/documents/${doc.id}/url?disposition=attachment`, { cookie: buyer.cookie })
  ).json()
  const file = await api(
    B,
    link.url.startsWith('http') ? new URL(link.url).pathname + new URL(link.url).search : link.url,
    { cookie: buyer.cookie },
  )
  const got = Buffer.from(await file.arrayBuffer())
  check(
    file.status === 200 && got.equals(bytes),
    `and downloads through B byte for byte (${file.status}, ${got.length} bytes)`,
  )
  const storedObjects = (function count(dir) {
    return readdirSync(dir, { withFileTypes: true }).reduce(
      (n, e) => n + (e.isDirectory() ? count(path.join(dir, e.name)) : 1),
      0,
    )
  })(path.join(s3Dir, BUCKET))
  check(storedObjects > 0, `the object store holds it (${storedObjects} files in the bucket's directory)`)
  const viaProxy = await api(PUBLIC, `/api/transactions/${txId}/documents?folder=Property&filename=survey-2.pdf`, {
    cookie: buyer.cookie,
    body: bytes,
    headers: { 'content-type': 'application/pdf' },
  })
  check(viaProxy.status === 201, `an upload through nginx is stored too (${viaProxy.status})`)
  await viaProxy.body?.cancel()
  // nginx's client_max_body_size sits just above the app's 50 MB limit: an upload over 50 MB is
  // refused by the app with its JSON message, not by nginx with an HTML page.
  const over = Buffer.alloc(50 * 1024 * 1024 + 1, 0x20)
  bytes.copy(over)
  const tooBig = await api(PUBLIC, `/api/transactions/${txId}/documents?folder=Property&filename=huge.pdf`, {
    cookie: buyer.cookie,
    body: over,
    headers: { 'content-type': 'application/pdf' },
  })
  const tooBigType = tooBig.headers.get('content-type') ?? ''
  await tooBig.body?.cancel()
  check(
    tooBig.status === 413 && tooBigType.includes('json'),
    `an upload of 50 MB + 1 byte through nginx gets the app's own 413 (${tooBig.status}, ${tooBigType})`,
  )

  // 4. Rate limits: wrong passwords through A until A refuses; B must refuse the next one at once.
  const target = await signUp(B, owner, 'Topology Target')
  let attempts = 0
  let limited = null
  while (attempts < 60 && !limited) {
    attempts++
    const res = await api(A, '/api/auth/sign-in/email', {
      json: { email: target.email, password: 'wrong password' },
      headers: { 'x-forwarded-for': randomIp() },
    })
    await res.body?.cancel()
    if (res.status === 429) limited = res
    else if (res.status !== 401) check(false, `a wrong sign-in answered ${res.status}`)
  }
  check(!!limited, `A refuses sign-in to one account after ${attempts - 1} wrong passwords (429)`)
  const onBLimit = await api(B, '/api/auth/sign-in/email', {
    json: { email: target.email, password: PASSWORD },
    headers: { 'x-forwarded-for': randomIp() },
  })
  await onBLimit.body?.cancel()
  check(
    onBLimit.status === 429,
    `B refuses the next attempt at once, the right password included: the limit is shared (${onBLimit.status})`,
  )

  // 5. Jobs run once: the mail outbox, claimed by both processes' workers. Each sign-up queued one
  //    verification email; every email must arrive exactly once.
  const extra = []
  for (let i = 0; i < 4; i++) {
    const email = `topology-mail-${i}-${randomUUID()}@homeward.test`
    const res = await api(i % 2 ? A : B, '/api/auth/sign-up/email', {
      json: { name: `Mail ${i}`, email, password: PASSWORD, role: 'buyer' },
    })
    await res.body?.cancel()
    extra.push(email)
  }
  const recipients = [buyer.email, target.email, ...extra]
  await waitFor(
    async () => recipients.every((r) => mail.some((m) => m.to.includes(r))),
    30_000,
    'every verification email',
  ).catch(() => {})
  await sleep(3_000) // a second delivery, were there one, has time to arrive
  const perRecipient = recipients.map((r) => mail.filter((m) => m.to.includes(r)).length)
  const queued = await owner.query(`select count(*)::int as n from mail_outbox`).catch(() => ({ rows: [{ n: '?' }] }))
  check(
    perRecipient.every((n) => n === 1),
    `the mail outbox delivers each email once with two workers (per recipient: ${perRecipient.join(', ')}; outbox rows: ${queued.rows[0].n})`,
  )
  // Both processes run the one list of jobs (src/server/jobs.ts) and report each run on /metrics;
  // what a run does is claimed (skip locked, advisory lock, unique key: the list says which), so a
  // unit of work is done once: the emails above here, and digests, the nightly run and the outbox in
  // src/server/jobs.integration.test.ts (two runners on one PostgreSQL database).
  const runsA = await jobRuns(A)
  const runsB = await jobRuns(B)
  const ran = (runs) => Object.keys(runs).filter((job) => runs[job].ok > 0)
  check(
    ran(runsA).length >= 3 && ran(runsB).length >= 3,
    `both processes run the jobs and report them on /metrics (A: ${ran(runsA).join(', ')}; B: ${ran(runsB).join(', ')})`,
  )
  const failedRuns = [runsA, runsB].flatMap((runs) => Object.keys(runs).filter((job) => runs[job].failed > 0))
  check(failedRuns.length === 0, `no job run failed (${failedRuns.join(', ') || 'none'})`)

  // 6. Rolling restart under load, with the database connections the processes hold sampled meanwhile
  //    (docs/deployment.md, "Connections": DB_POOL_MAX per process and one LISTEN connection each).
  const connections = []
  const sampler = setInterval(() => {
    owner
      .query(
        `select count(*)::int as n, count(*) filter (where query ilike 'listen %')::int as listen
         from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [db.name],
      )
      .then((r) => connections.push(r.rows[0]))
      .catch(() => {})
  }, 250)
  // A live stream held through nginx across the restart needs the shutdown that ends streams (a
  // server without it waits for them forever on SIGTERM): on when the server has /api/health/live,
  // which came with it; TOPOLOGY_STREAM_DURING_RESTART=true|false decides instead.
  const hasLive =
    (await fetch(`${A}/api/health/live`)
      .then((r) => r.status)
      .catch(() => 0)) === 200
  const holdStreamThrough = (process.env.TOPOLOGY_STREAM_DURING_RESTART ?? String(hasLive)) === 'true'
  if (!holdStreamThrough)
    say('note: no live stream is held during the restart (no /api/health/live: streams would hold SIGTERM open)')
  const load = await rollingRestart(apps, env, buyer.cookie, txId, { holdStreamThrough })
  clearInterval(sampler)
  const peak = connections.reduce((m, c) => (c.n > m.n ? c : m), { n: 0, listen: 0 })
  say(
    `PostgreSQL connections of the two processes (DB_POOL_MAX=${env.DB_POOL_MAX}) during the load: ` +
      `peak ${peak.n} (${peak.listen} of them LISTEN), ${connections.length} samples`,
  )
  say(
    `rolling restart: ${load.requests} requests through nginx in ${(load.ms / 1000).toFixed(1)} s, ` +
      `${load.ok} answered 2xx (${load.retriedOk} of them on the client's one retry after a connection close), ` +
      `${load.failed} failed; A stopped in ${load.stops.A.ms} ms (exit ${load.stops.A.code}), B in ${load.stops.B.ms} ms (exit ${load.stops.B.code})`,
  )
  for (const f of load.failures.slice(0, 10)) say(`  failure: ${f}`)
  check(
    load.failed === 0 && load.requests > 0,
    `the rolling restart lost no request (${load.failed} of ${load.requests})`,
  )
  check(load.stops.A.code === 0 && load.stops.B.code === 0, 'both processes exited 0 on SIGTERM')
  if (load.stream) {
    const seen = load.stream.events.filter((e) => e.event === 'activity').map((e) => e.data)
    const missed = load.posted.filter((id) => !seen.some((d) => d.includes(id)))
    say(
      `the stream held through nginx: ${load.stream.reconnects} reconnection(s) with Last-Event-ID, ` +
        `last event before each end: ${load.stream.endings.join(', ') || '-'}`,
    )
    check(load.stream.reconnects >= 1, 'the stream was ended by a restart and reconnected')
    check(
      missed.length === 0,
      `every chat message posted during the restart reached the held stream (${load.posted.length - missed.length} of ${load.posted.length})`,
    )
  }
  const log = existsSync(nginx.accessLog) ? readFileSync(nginx.accessLog, 'utf8') : ''
  const upstreams = new Set([...log.matchAll(/upstream=([\d.:]+)\//g)].map((m) => m[1]))
  check(upstreams.size >= 2, `nginx spread the requests over both processes (${[...upstreams].join(', ')})`)
}

/**
 * Steady load through nginx (CONCURRENCY loops, each a request then a short pause: about 60 requests
 * a second) while A, then B, is stopped with SIGTERM, started again and waited for until ready. The
 * requests: session reads (GET /api/me), the move (GET /api/transactions/:id) and chat messages
 * (POST, one in five). A request whose connection closed before an answer is retried once.
 */
async function rollingRestart(apps, env, cookie, txId, { holdStreamThrough }) {
  const CONCURRENCY = 4
  const threads = await (await api(PUBLIC, `/api/transactions/${txId}/threads`, { cookie })).json()
  const thread = threads.threads.find((th) => th.topic === 'general').id
  const stats = { requests: 0, ok: 0, retriedOk: 0, failed: 0, failures: [], posted: [] }
  let running = true
  let n = 0
  const one = async () => {
    const i = n++
    const send = () =>
      i % 5 === 4
        ? api(PUBLIC, `/api/transactions/${txId}/threads/${thread}/messages`, {
            cookie,
            json: { body_md: `load ${i}`, mentions: [] },
          })
        : api(PUBLIC, i % 2 ? '/api/me' : `/api/transactions/${txId}`, { cookie })
    stats.requests++
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        const res = await send()
        const text = await res.text()
        if (res.status >= 200 && res.status < 300) {
          stats.ok++
          if (res.status === 201) stats.posted.push(JSON.parse(text).id)
          if (attempt === 2) stats.retriedOk++
        } else {
          stats.failed++
          stats.failures.push(`#${i} ${res.status} ${res.headers.get('x-request-id') ?? ''}`)
        }
        return
      } catch (err) {
        // The connection closed before an answer: the client may retry once.
        if (attempt === 2) {
          stats.failed++
          stats.failures.push(`#${i} ${err.cause?.code ?? err.message}`)
        }
      }
    }
  }
  const loops = Array.from({ length: CONCURRENCY }, async () => {
    while (running) {
      await one()
      await sleep(50)
    }
  })
  const started = performance.now()
  const stops = {}
  const stream = holdStreamThrough ? holdStream(`${PUBLIC}/api/transactions/${txId}/events`, cookie) : null
  await sleep(1_000)
  for (const key of ['a', 'b']) {
    const app = apps[key]
    stops[app.name] = await stopApp(app)
    if (stops[app.name].code === 'timeout') say(`app ${app.name} did not exit within 30 s of SIGTERM: killed`)
    apps[key] = startApp(app.name, app.port, env)
    await waitReady(apps[key])
    // nginx takes a process back after fail_timeout (5 s); the load keeps going meanwhile.
    await sleep(6_000)
  }
  running = false
  await Promise.all(loops)
  const ms = performance.now() - started
  await sleep(2_000) // the last messages' events
  return { ...stats, ms, stops, stream: await stream?.stop() }
}

let status = 0
try {
  await main()
} catch (err) {
  status = 1
  process.stderr.write(`topology: ${err.stack ?? err}\n`)
} finally {
  for (const cleanup of cleanups.reverse())
    await cleanup().catch((err) => process.stderr.write(`cleanup: ${err.message}\n`))
  spawnSync('rm', ['-rf', work])
}
if (failures.length) {
  status = 1
  process.stderr.write(`topology: ${failures.length} check(s) failed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`)
}
say(status === 0 ? 'passed' : 'FAILED')
process.exit(status)
