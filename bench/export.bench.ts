/**
 * `npx tsx bench/export.bench.ts`: 'Download my data' for a typical account (target: the ZIP within a minute).
 * Starts the server as a child process on a fresh PGlite data dir (disk storage, and unless
 * BENCH_ONLY=disk again on S3 through a local s3rver), signs a seller up, creates a move, uploads
 * BENCH_DOCS documents (default 20) of BENCH_DOC_MB MB each (default 1), posts a few messages, then
 * downloads GET /api/account/export BENCH_RUNS times (default 3), reading the stream without keeping it.
 * Reports seconds to the first byte and to the last, the ZIP's size, and the server's RSS rise during
 * the export (VmRSS from /proc, sampled every 10 ms).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { rssBytes, startServer } from './bench-server'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const DOCS = Number(process.env.BENCH_DOCS ?? 20)
const DOC_MB = Number(process.env.BENCH_DOC_MB ?? 1)
const MB = 1024 * 1024

/** Uploads a PDF-looking body of `bytes` (random after the header, so it does not compress). */
async function upload(base: string, cookie: string, txId: string, bytes: number, name: string) {
  const body = randomBytes(bytes)
  Buffer.from('%PDF-1.7\n').copy(body)
  const res = await fetch(
    `${base}/api/transactions/${txId}/documents?folder=Property&filename=${encodeURIComponent(name)}`,
    { method: 'POST', headers: { cookie, 'content-type': 'application/pdf' }, body },
  )
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`)
}

/** Reads the export stream to its end, keeping only counts. */
function exportOnce(port: number, cookie: string) {
  return new Promise<{ status: number; firstByte: number; total: number; bytes: number }>((resolve, reject) => {
    const started = performance.now()
    const req = http.get({ host: '127.0.0.1', port, path: '/api/account/export', headers: { cookie } }, (res) => {
      let firstByte = 0
      let bytes = 0
      res.on('data', (c: Buffer) => {
        if (!firstByte) firstByte = (performance.now() - started) / 1000
        bytes += c.length
      })
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, firstByte, total: (performance.now() - started) / 1000, bytes }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

async function run(label: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'homeward-export-bench-'))
  const port = 3900 + Math.floor(Math.random() * 90)
  const server = startServer({ port, env: { DATA_DIR: dataDir, ...env } })
  await server.ready
  const child = server.child
  try {
    const base = `http://127.0.0.1:${port}`
    // Sign-up signs nobody in (it answers known and unknown emails alike): sign in for the session.
    const account = { email: `bench-${Date.now()}@homeward.test`, password: 'correct horse battery' }
    const post = (p: string, body: unknown) =>
      fetch(`${base}/api/auth/${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(body),
      })
    await post('sign-up/email', { name: 'Bench Seller', ...account, role: 'seller' })
    const signIn = await post('sign-in/email', account)
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.includes('session_token='))!
      .split(';')[0]
    const created = await fetch(`${base}/api/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify({
        address_line_1: '12 Clarence Road',
        town: 'St Albans',
        postcode: 'AL1 4NG',
        role: 'seller',
        agreed_price: 450000,
        tenure: 'freehold',
      }),
    })
    const { id: txId } = (await created.json()) as { id: string }
    // Half the documents as new versions of earlier ones: exports carry every version.
    for (let i = 0; i < DOCS; i++) await upload(base, cookie, txId, DOC_MB * MB, `doc-${i % Math.ceil(DOCS / 2)}.pdf`)
    const threads = (await (
      await fetch(`${base}/api/transactions/${txId}/threads`, { headers: { cookie } })
    ).json()) as {
      threads: { id: string }[]
    }
    for (let i = 0; i < 20; i++) {
      await fetch(`${base}/api/transactions/${txId}/threads/${threads.threads[0].id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: base },
        body: JSON.stringify({ body_md: `Message ${i}: the searches are back.` }),
      })
    }
    console.log(`\n${label}: ${DOCS} documents of ${DOC_MB} MB`)
    console.log('run  status  first byte  total     ZIP size   RSS rise')
    for (let i = 0; i < RUNS; i++) {
      const before = rssBytes(child.pid!)
      let max = before
      const timer = setInterval(() => (max = Math.max(max, rssBytes(child.pid!))), 10)
      const r = await exportOnce(port, cookie)
      clearInterval(timer)
      if (r.status !== 200) throw new Error(`export answered ${r.status}`)
      console.log(
        `${i + 1}    ${r.status}     ${r.firstByte.toFixed(2).padStart(6)} s   ${r.total.toFixed(2).padStart(6)} s  ${(r.bytes / MB).toFixed(1).padStart(6)} MB  ${((max - before) / MB).toFixed(1)} MB`,
      )
    }
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const only = process.env.BENCH_ONLY
if (only !== 's3') await run('disk storage (PGlite)', { STORAGE_DRIVER: 'disk' })
if (only !== 'disk') {
  const dir = mkdtempSync(path.join(tmpdir(), 'homeward-s3rver-'))
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'bench' }],
  })
  const { port } = await s3.run()
  try {
    await run('S3 storage on local s3rver (PGlite)', {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'bench',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    })
  } finally {
    await s3.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
