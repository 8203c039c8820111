/**
 * The one way benchmarks start Homeward (issue 11, item 6): a child process running
 * src/server/main.ts through tsx (or scripts/start.mjs, which builds the web app first, or the
 * baseline bench/bare-server.ts) on
 * 127.0.0.1:`port`, production settings, no demo data unless asked, rate limits off, a fixed auth
 * secret. `ready` resolves with the milliseconds from spawn to a healthy /api/health and rejects if
 * the process exits first; `stop()` sends SIGTERM and waits; a failed run never leaves it behind.
 * `rssBytes(pid)` reads VmRSS from /proc (Linux).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

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
   * 'main': src/server/main.ts; 'start': scripts/start.mjs (`npm start`, builds the web app);
   * 'bare': bench/bare-server.ts, the baseline (PGLITE_DIR or DATABASE_URL in `env`).
   */
  script?: 'main' | 'start' | 'bare'
  pollMs?: number
}): BenchServer {
  const started = performance.now()
  const args =
    script === 'main'
      ? ['--import', 'tsx', 'src/server/main.ts']
      : script === 'bare'
        ? ['--import', 'tsx', 'bench/bare-server.ts']
        : [path.join(ROOT, 'scripts/start.mjs')]
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
