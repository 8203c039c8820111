// The e2e server on S3 storage (playwright.config.ts, project 'chromium-s3'): a local S3 (s3rver) on a
// free port with its own directory and one bucket, then `node scripts/start.mjs` with
// STORAGE_DRIVER=s3 pointed at it. SIGTERM/SIGINT stop the app first, then s3rver, then remove the
// directory (the app's DATA_DIR and s3rver's files both live under E2E_S3_ROOT).
//
// Env: PORT, PUBLIC_URL, NODE_ENV, LOG_LEVEL... are passed through to the app; E2E_S3_ROOT (required)
// is a directory this script owns and empties first.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import S3rver from 's3rver'
import { SERVER_NODE_FLAGS } from './server-flags.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dir = process.env.E2E_S3_ROOT
if (!dir) {
  process.stderr.write('E2E_S3_ROOT is required\n')
  process.exit(1)
}
const bucket = 'homeward-e2e'
const s3Dir = path.resolve(dir, 's3')
const dataDir = path.resolve(dir, 'app')
rmSync(dir, { recursive: true, force: true })
mkdirSync(s3Dir, { recursive: true })

const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: bucket }],
})
const { port: s3Port } = await s3.run()

const app = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    // The journeys read emailed links from the local outbox (/api/dev/mail).
    DEV_MAIL: process.env.DEV_MAIL ?? 'true',
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_REGION: 'eu-west-2',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  },
})

let stopping = false
async function stop(code) {
  if (stopping) return
  stopping = true
  if (app.exitCode === null && app.signalCode === null) {
    // Playwright and Ctrl-C signal the whole process group, so the app usually has the signal already
    // (a second SIGTERM would cut its graceful close short): forward it only if it is still running.
    const exited = new Promise((resolve) => app.once('exit', resolve))
    const timers = [setTimeout(() => app.kill('SIGTERM'), 2_000), setTimeout(() => app.kill('SIGKILL'), 12_000)]
    await exited
    timers.forEach(clearTimeout)
  }
  await s3.close().catch(() => {})
  rmSync(dir, { recursive: true, force: true })
  process.exit(code)
}

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void stop(0))
// The app ending on its own (a failed start) ends this script too, with its code.
app.on('exit', (code, signal) => void stop(code ?? (signal ? 1 : 0)))
