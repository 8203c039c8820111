/**
 * What a newcomer sees at start (`npm start` at a terminal: LOG_FORMAT's default there is pretty, set
 * here since the test's stdout is a pipe): at info, the start line, the database in use and
 * the demo accounts (with where the local outbox is), nothing else: no email is printed. In production
 * no demo account is created, and one line says so.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from './seed'
import type { Logger } from './logger'
import { NO_DEMO_IN_PRODUCTION, startServer } from './server'
import { testConfig } from './test/test-app'
import { createTestDatabase } from './test/test-database'

const root = path.resolve(__dirname, '../..')
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('the start log of a fresh `npm start` (development, demo data, DEV_MAIL)', () => {
  it('prints the start line, the database and the demo accounts, and nothing else', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hw-start-log-'))
    dirs.push(dataDir)
    const port = 3800 + Math.floor(Math.random() * 90)
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DEV_MAIL: 'true',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'pretty',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (stdout.includes('/dev/mail')) {
            clearInterval(timer)
            resolve()
          }
        }, 50)
        void exited.then(() => reject(new Error(`server exited early: ${stderr}`)))
      })
      // Give any late line (a printed email, a seeding summary) the chance to appear.
      await new Promise((r) => setTimeout(r, 1500))
    } finally {
      child.kill('SIGTERM')
      await exited
    }
    const all = stdout.split('\n').filter((l) => l.trim())
    const shutdown = all.findIndex((l) => l.includes('SIGTERM received'))
    const lines = shutdown === -1 ? all : all.slice(0, shutdown)
    const url = `http://localhost:${port}`
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^\\[[\\d:]{8}\\] INFO: Homeward is running at ${url} \\(ready in [\\d.]+ s\\)$`),
      ),
      expect.stringMatching(/^\[[\d:]{8}\] INFO: Database: embedded PGlite in .*hw-start-log-.*pglite$/),
      `Demo accounts (sign in at ${url}/auth):`,
      ...DEMO_ACCOUNTS.map((a) => expect.stringMatching(new RegExp(`^ {2}${a.label} +${a.email} +${a.password}$`))),
      `Emails are kept in a local development outbox at ${url}/dev/mail (DEV_MAIL=true, this computer only).`,
    ])
    expect(stdout + stderr).not.toMatch(/Subject:|verify-email|Confirm your email/)
    expect(stderr).toBe('')
  })
})

describe('start in production', () => {
  it('creates no demo account and no directory firm, metric or review, and says so in one line', async () => {
    const testDatabase = await createTestDatabase()
    const lines: string[] = []
    const push = (m: string) => lines.push(m)
    const log: Logger = { debug: () => {}, info: push, warn: push, error: push, child: () => log }
    const server = await startServer({
      config: testConfig({ NODE_ENV: 'production', SEED_DEMO: true, DEV_MAIL: false, DATABASE_URL: testDatabase.url }),
      log,
      database: testDatabase.database,
    })
    try {
      expect(server.demoSeeded).toBe(false)
      // On PostgreSQL this test connects as the database owner, which earns the audit-role warning
      // (migrate-as-owner.ts, tested with the audit chain); every other line is the one about demo accounts.
      expect(lines.filter((l) => !l.includes('owns the audit tables'))).toEqual([NO_DEMO_IN_PRODUCTION])
      const users = await testDatabase.database.query(`select 1 from "user" where email = any($1::text[])`, [
        DEMO_ACCOUNTS.map((a) => a.email),
      ])
      expect(users).toHaveLength(0)
      // Nothing fictional in production (decision 068): the directory starts empty.
      const [counts] = await testDatabase.database.query<{ firms: number; reviews: number; metrics: number }>(
        `select (select count(*)::int from organizations) as firms,
           (select count(*)::int from marketplace_reviews) as reviews,
           (select count(*)::int from accreditation_metrics) as metrics`,
      )
      expect(counts).toEqual({ firms: 0, reviews: 0, metrics: 0 })
      const directory = await fetch(`${server.url}/api/organizations`)
      expect(directory.status).toBe(200)
      expect(await directory.json()).toEqual({ organizations: [] })
    } finally {
      await server.close()
    }
  }, 60_000)
})
