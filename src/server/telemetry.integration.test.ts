/**
 * Tracing (src/server/telemetry.ts) in the real server process: started with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at a tiny OTLP/HTTP receiver here (an http server keeping the
 * bodies POSTed to /v1/traces), an answered request arrives as an HTTP server span, and the queries
 * it made as pg spans, with the statement's text and never a bound value. PostgreSQL only: PGlite
 * has no driver to instrument (and a fresh embedded database takes a minute to build).
 * The server runs from its sources (tsx); with TELEMETRY_TEST_COMPILED=true, the compiled bundle
 * (dist/server/main.js, `node scripts/build.mjs server` first), where pg must be left outside the bundle.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './test/test-database'

const root = path.resolve(__dirname, '../..')

interface OtlpSpan {
  name: string
  kind: number
  traceId: string
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[]
}
interface OtlpBody {
  resourceSpans?: {
    resource?: { attributes?: OtlpSpan['attributes'] }
    scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[]
  }[]
}

/** Every span received, with its instrumentation scope and service name. */
function receiver() {
  const spans: (OtlpSpan & { scope: string; service: string })[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const parsed = JSON.parse(body) as OtlpBody
        for (const rs of parsed.resourceSpans ?? []) {
          const service = rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? ''
          for (const ss of rs.scopeSpans ?? [])
            for (const span of ss.spans ?? []) spans.push({ ...span, scope: ss.scope?.name ?? '', service })
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  return { server, spans }
}

const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes?.find((a) => a.key === key)?.value
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : undefined)
}

const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('OpenTelemetry traces over OTLP/HTTP', () => {
  it('sends an HTTP server span for a request and pg spans for its queries', { timeout: 90_000 }, async () => {
    const testDatabase: TestDatabase = await createTestDatabase()
    cleanup.push(() => testDatabase.drop())
    const otlp = receiver()
    await new Promise<void>((resolve) => otlp.server.listen(0, '127.0.0.1', resolve))
    cleanup.push(() => new Promise<void>((resolve) => otlp.server.close(() => resolve())))
    const otlpPort = (otlp.server.address() as { port: number }).port
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hw-otel-'))
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }))

    const compiled = process.env.TELEMETRY_TEST_COMPILED === 'true'
    const child = spawn(
      process.execPath,
      compiled ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'info',
          LOG_FORMAT: 'json',
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: dataDir,
          DATABASE_URL: testDatabase.url,
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
          OTEL_SERVICE_NAME: 'homeward-test',
          OTEL_BSP_SCHEDULE_DELAY: '200',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
    cleanup.push(async () => {
      child.kill('SIGTERM')
      await exited
    })
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const port = /Homeward is running at http:\/\/localhost:(\d+)/.exec(stdout)?.[1]
        if (port) {
          clearInterval(timer)
          resolve(`http://127.0.0.1:${port}`)
        }
      }, 50)
      void exited.then(() => {
        clearInterval(timer)
        reject(new Error(`server exited early: ${stderr}`))
      })
    })

    // A request that queries the database: the public directory of firms.
    const res = await fetch(`${base}/api/organizations?q=nothing-like-this-${Date.now()}`, {
      headers: { 'x-request-id': 'otel-test-1' },
    })
    expect(res.headers.get('x-request-id')).toBe('otel-test-1')
    await res.arrayBuffer()

    await expect
      .poll(
        () =>
          otlp.spans.find(
            (s) => s.scope === '@opentelemetry/instrumentation-http' && s.kind === 2 && attr(s, 'http.route'),
          ),
        { timeout: 15_000, interval: 200 },
      )
      .toBeTruthy()
    const server = otlp.spans.find((s) => s.scope === '@opentelemetry/instrumentation-http' && s.kind === 2)!
    expect(server.service).toBe('homeward-test')
    expect(attr(server, 'http.route')).toBe('/api/organizations')
    expect(attr(server, 'homeward.request_id')).toBe('otel-test-1')
    expect(server.name).toBe('GET /api/organizations')

    // Its queries, in the same trace.
    await expect
      .poll(
        () =>
          otlp.spans.filter((s) => s.scope === '@opentelemetry/instrumentation-pg' && s.traceId === server.traceId)
            .length,
        { timeout: 15_000, interval: 200 },
      )
      .toBeGreaterThan(0)
    // The statement's text: `db.statement` (older semantic conventions) or `db.query.text` (newer).
    const statement = (s: OtlpSpan) => attr(s, 'db.query.text') ?? attr(s, 'db.statement')
    const pgSpans = otlp.spans.filter(
      (s) => s.scope === '@opentelemetry/instrumentation-pg' && s.traceId === server.traceId,
    )
    const query = pgSpans.find((s) => statement(s))
    expect(query, JSON.stringify(pgSpans.map((s) => [s.name, s.attributes]))).toBeDefined()
    expect(String(statement(query!))).toMatch(/select/i)
    // The directory's search text was a bound value: it never leaves in a span.
    expect(JSON.stringify(otlp.spans), JSON.stringify(server.attributes)).not.toContain('nothing-like-this')
    expect(attr(server, 'url.query')).toBe('q=REDACTED')

    // The request's JSON access line names the same trace.
    const access = stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'request' && l.request_id === 'otel-test-1')
    expect(access).toMatchObject({ route: '/api/organizations', status: 200, trace_id: server.traceId })
  })
})
