/**
 * The hardened PostgreSQL set-up of decision 012 (docs/decisions/012-audit-chain.md), started for real
 * as the README tells an operator to: a fresh database owned by a login role that is not a superuser
 * (CREATEROLE only), a login role that is a member of homeward_app, DATABASE_OWNER_URL = the owner,
 * DATABASE_URL = the app login. The server migrates as the owner (through a pool of one connection:
 * security battery M4 deadlocked there), seeds the demo data and serves as the app role; then, as the
 * app role, UPDATE, DELETE and TRUNCATE of the audit tables and of the deposit ledger are refused by
 * privileges (migrations 0010 and 0045) while the app's own writes (an upload, its audit entry, the
 * demo deposit's posting) work and the audit chain verifies. PostgreSQL only: skipped without
 * TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditVerifyResponse } from '#shared/contracts/activity.ts'
import { DocumentVersion } from '#shared/contracts/documents.ts'
import { DEMO_ACCOUNTS } from '#server/seed/demo-accounts.ts'
import { DEMO_TRANSACTION_ID } from '#server/seed/demo-transaction.ts'
import { signInOverHttp, startServerProcess, type ServerProcess } from '#server/test/server-process.ts'
import { openPostgres } from './client'
import { ownsAuditTables } from './migrate-as-owner'

const serverUrl = process.env.TEST_DATABASE_URL
const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
const dbName = `homeward_roles_${suffix}`
const ownerRole = `hw_owner_${suffix}`
const appLogin = `hw_web_${suffix}`
const appPassword = randomBytes(12).toString('hex')
const port = 4200 + Math.floor(Math.random() * 40)

function urlFor(user: string, password?: string): string {
  const url = new URL(serverUrl!)
  url.username = user
  url.password = password ?? ''
  url.pathname = `/${dbName}`
  return url.toString()
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

describe.skipIf(!serverUrl)('PostgreSQL: migrations as the owner, the server as the app role', () => {
  let server: ServerProcess | undefined
  let app: pg.Client
  let owner: pg.Client
  let dataDir: string
  let cookie: string

  beforeAll(async () => {
    // What the README's "PostgreSQL roles" section says to run as a superuser.
    await admin(async (c) => {
      await c.query('create role homeward_app nologin').catch((err: { code?: string }) => {
        if (err.code !== '42710' && err.code !== '23505') throw err // another test made it first
      })
      await c.query(`create role ${ownerRole} login createrole`)
      await c.query(`create database ${dbName} owner ${ownerRole}`)
      await c.query(`create role ${appLogin} login password '${appPassword}' in role homeward_app`)
    })
    dataDir = mkdtempSync(path.join(tmpdir(), 'hw-roles-'))
    server = await startServerProcess(port, {
      DATABASE_OWNER_URL: urlFor(ownerRole),
      DATABASE_URL: urlFor(appLogin, appPassword),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
    })
    app = new pg.Client({ connectionString: urlFor(appLogin, appPassword) })
    await app.connect()
    owner = new pg.Client({ connectionString: urlFor(ownerRole) })
    await owner.connect()
  }, 180_000)

  afterAll(async () => {
    await app?.end().catch(() => {})
    await owner?.end().catch(() => {})
    const code = await server?.stop()
    if (code !== undefined) expect(code).toBe(0)
    await admin(async (c) => {
      await c.query(`drop database if exists ${dbName} with (force)`)
      await c.query(`drop role if exists ${appLogin}`)
      await c.query(`drop role if exists ${ownerRole}`)
    })
    rmSync(dataDir, { recursive: true, force: true })
  }, 60_000)

  it('migrated as the owner, runs as the app role without the owner warning', async () => {
    const [{ who }] = (await app.query<{ who: string }>('select current_user as who')).rows
    expect(who).toBe(appLogin)
    const notOwned = await owner.query(
      `select tablename, tableowner from pg_tables where schemaname in ('public', 'drizzle') and tableowner <> $1`,
      [ownerRole],
    )
    expect(notOwned.rows).toEqual([])
    const applied = await owner.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
    expect(applied.rows[0].n).toBeGreaterThan(40)
    // The server's own check (the start-up warning's) agrees, and it did not warn.
    const asApp = openPostgres(urlFor(appLogin, appPassword), { max: 1 })
    try {
      expect(await ownsAuditTables(asApp)).toBe(false)
    } finally {
      await asApp.close()
    }
    const { stdout, stderr } = server!.output()
    expect(stdout + stderr).not.toMatch(/owns the audit tables/)
  })

  it('serves: health, and a signed-in read of the demo move', async () => {
    const health = await fetch(`${server!.base}/api/health`)
    expect(health.status).toBe(200)
    const buyer = DEMO_ACCOUNTS.find((a) => a.label === 'Buyer')!
    cookie = await signInOverHttp(server!.base, buyer.email, buyer.password)
    const detail = await fetch(`${server!.base}/api/transactions/${DEMO_TRANSACTION_ID}`, { headers: { cookie } })
    expect(detail.status, await detail.clone().text()).toBe(200)
    expect(((await detail.json()) as { id: string }).id).toBe(DEMO_TRANSACTION_ID)
  })

  it("the app's insert paths work: an upload with its audit entry, and the demo deposit's posting moved its balance", async () => {
    const before = AuditVerifyResponse.parse(
      await (
        await fetch(`${server!.base}/api/transactions/${DEMO_TRANSACTION_ID}/activity/verify`, { headers: { cookie } })
      ).json(),
    )
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
    const uploaded = await fetch(
      `${server!.base}/api/transactions/${DEMO_TRANSACTION_ID}/documents?folder=Property&filename=roles-check.pdf`,
      { method: 'POST', headers: { cookie, origin: server!.base, 'content-type': 'application/pdf' }, body: pdf },
    )
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    DocumentVersion.parse(await uploaded.json())
    const after = AuditVerifyResponse.parse(
      await (
        await fetch(`${server!.base}/api/transactions/${DEMO_TRANSACTION_ID}/activity/verify`, { headers: { cookie } })
      ).json(),
    )
    expect(after.intact, JSON.stringify(after)).toBe(true)
    expect(after.entries).toBeGreaterThan(before.entries)
    // Seeded as the app role: the line trigger (SECURITY DEFINER) moved the held balance.
    const held = await owner.query<{ balance: string }>(
      `select balance_pence::text as balance from ledger_accounts where transaction_id = $1 and code = 'held_for_buyer'`,
      [DEMO_TRANSACTION_ID],
    )
    expect(Number(held.rows[0].balance)).toBeGreaterThan(0)
  })

  /** Runs `statement` as the app login in a rolled-back transaction; returns the error code, or 'allowed'. */
  async function asApp(statement: string): Promise<string> {
    await app.query('begin')
    try {
      await app.query(statement)
      return 'allowed'
    } catch (err) {
      return (err as { code?: string }).code ?? String(err)
    } finally {
      await app.query('rollback')
    }
  }

  it('as the app role, UPDATE, DELETE and TRUNCATE of the audit tables are refused, and so is disabling their triggers', async () => {
    for (const table of ['activity_events', 'audit_checkpoints']) {
      expect(await asApp(`update ${table} set transaction_id = transaction_id`), table).toBe('42501')
      expect(await asApp(`delete from ${table}`), table).toBe('42501')
      expect(await asApp(`truncate ${table} cascade`), table).toBe('42501')
      expect(await asApp(`alter table ${table} disable trigger all`), table).toBe('42501')
    }
    expect(await asApp(`insert into audit_unsigned_heads select * from audit_unsigned_heads`)).toBe('42501')
    expect(await asApp(`truncate audit_unsigned_heads`)).toBe('42501')
    // The control: what the app may do is allowed.
    expect(await asApp('select count(*) from activity_events')).toBe('allowed')
  })

  it('as the app role, UPDATE, DELETE and TRUNCATE of the deposit ledger are refused', async () => {
    for (const table of [
      'ledger_lines',
      'ledger_entries',
      'ledger_accounts',
      'deposit_approvals',
      'deposit_releases',
    ]) {
      expect(await asApp(`delete from ${table}`), table).toBe('42501')
      expect(await asApp(`truncate ${table} cascade`), table).toBe('42501')
    }
    expect(await asApp(`update ledger_accounts set balance_pence = balance_pence + 100000000`)).toBe('42501')
    expect(await asApp(`update ledger_lines set amount_pence = amount_pence`)).toBe('42501')
    expect(await asApp(`update ledger_entries set posted_at = now()`)).toBe('42501')
    expect(await asApp(`update deposit_approvals set approved_at = now()`)).toBe('42501')
    expect(await asApp(`update deposit_releases set payee_account_number = '00000000'`)).toBe('42501')
    // What the app does update stays allowed: a release's status.
    expect(await asApp(`update deposit_releases set status = status`)).toBe('allowed')
  })
})
