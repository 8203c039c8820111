/**
 * The one way benchmarks start Homeward: a child process running the compiled server as `npm start`
 * does (dist/server/main.js with source maps, built first by scripts/build.mjs when stale),
 * scripts/start.mjs itself, or the baseline bench/bare-server.ts (through tsx), on
 * 127.0.0.1:`port`, production settings, no demo data unless asked, rate limits off, a fixed auth
 * secret. The app (not the baseline) runs with `npm start`'s Node flags (SERVER_NODE_FLAGS, from
 * package.json). BENCH_NODE_ARGS adds Node flags to every server's command line (space-separated; after npm start's, so they override them),
 * to compare runtime settings. `ready` resolves with the milliseconds from spawn to a healthy /api/health and rejects if
 * the process exits first; `stop()` sends SIGTERM and waits; a failed run never leaves it behind.
 * `rssBytes(pid)` reads VmRSS from /proc (Linux).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs'

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123'
export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

export interface BenchServer {
  child: ChildProcess
  url: string
  /** Milliseconds from spawn until /api/health answered 200. */
  ready: Promise<number>
  stop(): Promise<void>
}

const running = new Set<ChildProcess>()
let built = false

/** Runs scripts/build.mjs once per bench process (it skips what is up to date). */
function ensureBuilt() {
  if (built) return
  const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' })
  if (res.status !== 0) throw new Error('the build failed')
  built = true
}
process.on('exit', () => running.forEach((c) => c.kill('SIGKILL')))

export function startServer({
  port,
  env = {},
  script = 'main',
  pollMs = 50,
}: {
  port: number
  /** Extra or overriding environment variables (DATA_DIR, DATABASE_URL, SEED_DEMO ...). */
  env?: Record<string, string>
  /**
   * 'main': dist/server/main.js (built here when stale); 'start': scripts/start.mjs (`npm start`);
   * 'bare': bench/bare-server.ts, the baseline (PGLITE_DIR or DATABASE_URL in `env`).
   */
  script?: 'main' | 'start' | 'bare'
  pollMs?: number
}): BenchServer {
  const started = performance.now()
  if (script === 'main') ensureBuilt()
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)
  // After npm start's flags, so that BENCH_NODE_ARGS can override them (V8 takes a flag's last value).
  const args =
    script === 'main'
      ? [...SERVER_NODE_FLAGS, ...nodeArgs, '--enable-source-maps', path.join(ROOT, 'dist/server/main.js')]
      : script === 'bare'
        ? [...nodeArgs, '--import', 'tsx', 'bench/bare-server.ts']
        : [...SERVER_NODE_FLAGS, ...nodeArgs, path.join(ROOT, 'scripts/start.mjs')]
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      BETTER_AUTH_SECRET: BENCH_SECRET,
      NODE_ENV: 'production',
      // The sandbox partners, as production allows them only by this opt-in (src/server/config.ts).
      SANDBOX_PARTNERS: 'true',
      AUTH_RATE_LIMIT: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  running.add(child)
  let stopping = false
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child)
      if (!stopping) console.error(`the server exited (code ${code}, signal ${signal})`)
      resolve()
    }),
  )
  const ready = new Promise<number>((resolve, reject) => {
    const poll = setInterval(async () => {
      try {
        if ((await fetch(`${url}/api/health`)).ok) {
          clearInterval(poll)
          resolve(Math.round(performance.now() - started))
        }
      } catch {
        /* not up yet */
      }
    }, pollMs)
    child.on('exit', (code) => {
      clearInterval(poll)
      reject(new Error(`server exited with ${code} before it was ready`))
    })
  })
  const stop = async () => {
    stopping = true
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  return { child, url, ready, stop }
}

/** Resident set size of process `pid` in bytes, from /proc/<pid>/status (0 when not found). */
export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) * 1024 : 0
}
