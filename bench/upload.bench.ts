/**
 * `npm run bench:upload`: document upload throughput (MB/s) and the server's peak RSS for 1, 10 and
 * 50 MB PDFs (target: a 50 MB upload raises server memory by at most 64 MB). Starts the server as
 * a child process on a fresh PGlite data dir with disk storage (and, unless BENCH_ONLY=disk, again
 * with S3 on a local s3rver), signs a user up, creates a move, then streams each file over HTTP
 * BENCH_RUNS times (default 3) from a generator (the client never holds a whole file). RSS is the
 * child's VmRSS from /proc, sampled every 10 ms; "rise" is the peak during the upload minus the RSS
 * just before it. Env: BENCH_RUNS, BENCH_ONLY=disk|s3, BENCH_PORT (the server's; default random in 3900-3989).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { rssBytes, startServer } from './bench-server'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const SIZES_MB = [1, 10, 50]
const MB = 1024 * 1024

/** Streams `bytes` of a PDF-looking body in 64 KiB chunks; resolves with the status and seconds taken. */
function upload(port: number, cookie: string, txId: string, bytes: number, name: string) {
  return new Promise<{ status: number; seconds: number }>((resolve, reject) => {
    const chunk = randomBytes(64 * 1024)
    const started = performance.now()
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/transactions/${txId}/documents?folder=Property&filename=${encodeURIComponent(name)}`,
        headers: { cookie, 'content-length': String(bytes), 'content-type': 'application/pdf' },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, seconds: (performance.now() - started) / 1000 }))
      },
    )
    req.on('error', reject)
    let sent = 0
    const head = Buffer.from('%PDF-1.7\n')
    const write = () => {
      while (sent < bytes) {
        let part = chunk.subarray(0, Math.min(chunk.length, bytes - sent))
        if (sent === 0) part = Buffer.concat([head, part.subarray(head.length)])
        sent += part.length
        if (!req.write(part)) return void req.once('drain', write)
      }
      req.end()
    }
    write()
  })
}

async function run(label: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'homeward-upload-bench-'))
  const port = Number(process.env.BENCH_PORT ?? 3900 + Math.floor(Math.random() * 90))
  const server = startServer({ port, env: { DOCUMENT_MAX_BYTES: String(60 * MB), DATA_DIR: dataDir, ...env } })
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
    await upload(port, cookie, txId, MB, 'warm-up.pdf')
    console.log(`\n${label}`)
    console.log('size    runs  MB/s (median)  peak RSS     RSS rise during upload (max)')
    for (const size of SIZES_MB) {
      const speeds: number[] = []
      let peak = 0
      let rise = 0
      for (let i = 0; i < RUNS; i++) {
        const before = rssBytes(child.pid!)
        let max = before
        const timer = setInterval(() => (max = Math.max(max, rssBytes(child.pid!))), 10)
        const { status, seconds } = await upload(port, cookie, txId, size * MB, `file-${size}.pdf`)
        clearInterval(timer)
        max = Math.max(max, rssBytes(child.pid!))
        if (status !== 201) throw new Error(`upload of ${size} MB answered ${status}`)
        speeds.push(size / seconds)
        peak = Math.max(peak, max)
        rise = Math.max(rise, max - before)
      }
      speeds.sort((a, b) => a - b)
      const median = speeds[Math.floor(speeds.length / 2)]
      console.log(
        `${String(size).padStart(2)} MB   ${RUNS}     ${median.toFixed(1).padStart(7)}        ${(peak / MB).toFixed(0).padStart(4)} MB      ${(rise / MB).toFixed(1)} MB`,
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
