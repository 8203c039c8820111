/**
 * wrk (Debian's package) drives the HTTP benches: installed on first use when running as root, as
 * the project's scripts install Chromium; otherwise a clear error says how to install it.
 */
import { execFileSync, spawnSync } from 'node:child_process'

export function ensureWrk(): void {
  if (spawnSync('which', ['wrk']).status === 0) return
  if (process.getuid?.() === 0) {
    console.log('installing wrk (Debian package)...')
    execFileSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk'], {
      stdio: 'inherit',
    })
  } else {
    throw new Error('wrk is needed: sudo apt-get install -y wrk')
  }
}
