/**
 * Production and the sandbox partners at start (decision 044): `npm start`'s server with
 * NODE_ENV=production and no partner configured exits 1 naming every variable to set; with
 * SANDBOX_PARTNERS=true it starts and its log has one warning line naming the sandbox partners.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PARTNERS, sandboxWarning } from './config/partners'
import type { Logger } from './logger'
import { NO_DEMO_IN_PRODUCTION, startServer } from './server'
import { testConfig } from './test/test-app'
import { createTestDatabase } from './test/test-database'

const root = path.resolve(__dirname, '../..')
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('a production start with no partner configured', () => {
  it(
    'exits 1 before opening anything, naming each partner variable and what it needs',
    { timeout: 60_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'hw-partners-start-'))
      dirs.push(dataDir)
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '4190' }
      env.DATA_DIR = dataDir
      // Whatever the surrounding shell has set: none of the partners' variables.
      for (const key of Object.keys(env))
        if (/^(IDENTITY|SANCTIONS|OPEN_BANKING|PAYMENTS|CLIENT_MONEY|LAND_REGISTRY|SANDBOX)_/.test(key)) delete env[key]
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (d) => (stdout += d))
      child.stderr.on('data', (d) => (stderr += d))
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
      expect(code).toBe(1)
      expect(stdout).not.toContain('Homeward is running')
      for (const p of PARTNERS) {
        expect(stderr).toContain(`  ${p.variable}: is the sandbox (${p.what}): set ${p.variable}=${p.real}`)
        for (const needed of p.needs) expect(stderr).toContain(needed)
      }
      expect(stderr).toContain('SANDBOX_PARTNERS=true')
    },
  )
})

describe('a production start with SANDBOX_PARTNERS=true', () => {
  it('starts, and warns in one line naming the sandbox partners', async () => {
    const testDatabase = await createTestDatabase()
    const lines: { level: string; text: string }[] = []
    const at = (level: string) => (m: string) => lines.push({ level, text: m })
    const log: Logger = {
      debug: () => {},
      info: at('info'),
      warn: at('warn'),
      error: at('error'),
      child: () => log,
    }
    const server = await startServer({
      config: testConfig({
        NODE_ENV: 'production',
        SANDBOX_PARTNERS: true,
        SEED_DEMO: false,
        DEV_MAIL: false,
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        DATABASE_URL: testDatabase.url,
      }),
      log,
      database: testDatabase.database,
    })
    try {
      const others = lines.filter((l) => !l.text.includes('owns the audit tables'))
      expect(others).toEqual([
        { level: 'info', text: NO_DEMO_IN_PRODUCTION },
        { level: 'warn', text: sandboxWarning(PARTNERS.filter((p) => p.variable !== 'PAYMENTS_PROVIDER')) },
      ])
      expect(others[1]!.text).not.toContain('PAYMENTS_PROVIDER')
      const health = await fetch(`${server.url}/api/health`)
      expect((await health.json()) as unknown).toMatchObject({
        sandbox_partners: [
          'identity_verification',
          'sanctions_screening',
          'open_banking',
          'client_money',
          'land_registry',
          'regulator_register',
          'address_lookup',
        ],
      })
    } finally {
      await server.close()
    }
  }, 60_000)
})
