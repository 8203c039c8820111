/**
 * Runs `node scripts/<name> args` from the checkout with only `env` (and PATH, HOME): the scripts read
 * only the server's variables, so none of this process's may leak in. Resolves with the exit code and
 * output, never rejects; a run is cut after 120 s. Used by the backup and restore tests.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const root = path.resolve(import.meta.dirname, '../../..')

export async function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [`scripts/${name}`, ...args], {
      cwd: root,
      env: clean,
      timeout: 120_000,
    })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string }
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
  }
}
