/**
 * Test helper: the real server as a child process (`node --import tsx src/server/main.ts`) with the
 * environment given, ready once its health endpoint answers 200; and signing in to it over HTTP as a
 * browser does (Origin header, session cookie). Used by tests of deployment set-ups: the owner/app
 * roles, backups restored.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(__dirname, '../../..')

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  base: string
  /** Everything it wrote so far. */
  output(): { stdout: string; stderr: string }
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>
}

/**
 * Starts the server on `port` (127.0.0.1) and waits until GET /api/health answers 200, at most
 * `timeoutMs`. Rejects with its output when it exits first or does not become ready in time.
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stderr += d))
  let exitCode: number | null | undefined
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code
      resolve(code)
    }),
  )
  const base = `http://127.0.0.1:${port}`
  const stop = async (graceMs = 15_000) => {
    if (exitCode !== undefined) return exitCode
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
    const code = await exited
    clearTimeout(timer)
    return code
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`the server exited (${exitCode}) before it was ready:\n${stderr}\n${stdout}`)
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) {
      await stop(2_000)
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${stderr}\n${stdout}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return { base, output: () => ({ stdout, stderr }), stop }
}

/** Signs in with email and password; returns the session cookie (`name=value`). Throws on failure. */
export async function signInOverHttp(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  })
  if (res.status !== 200) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`)
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.includes('session_token='))
    ?.split(';')[0]
  if (!cookie) throw new Error(`sign-in as ${email}: no session cookie`)
  return cookie
}
