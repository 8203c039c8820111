/**
 * `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs) end to end, on
 * PostgreSQL with S3 storage (s3rver): the real server seeds the demo data and the demo buyer uploads
 * a document; a backup is taken while it runs; it is restored into a fresh database (owned by another
 * owner role) and a fresh bucket; a second restore onto them is refused; the server started on the
 * restored copy WITHOUT seeding signs the demo buyer in, opens the demo move, downloads the document
 * (the same bytes) and verifies the audit trail ("Verify audit trail": intact, the same entries),
 * while the app role's privileges came back with it. PostgreSQL only: skipped without TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { runScript } from '#server/test/run-script.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditVerifyResponse } from '#shared/contracts/activity.ts'
import { DocumentListResponse, DocumentVersion, SignedUrlResponse } from '#shared/contracts/documents.ts'
import type { Config } from '#server/config.ts'
import { DEMO_ACCOUNTS } from '#server/seed/demo-accounts.ts'
import { DEMO_TRANSACTION_ID } from '#server/seed/demo-transaction.ts'
import { startTestS3, type TestS3 } from '#server/platform/storage/test-s3rver.ts'
import { signInOverHttp, startServerProcess, type ServerProcess } from '#server/test/server-process.ts'
import { MIGRATIONS_FOLDER } from './db/migrate'

const serverUrl = process.env.TEST_DATABASE_URL
const s = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
const roles = { sourceOwner: `hw_bk_src_${s}`, restoreOwner: `hw_bk_dst_${s}`, app: `hw_bk_web_${s}` }
const databases = { source: `homeward_bk_src_${s}`, restored: `homeward_bk_dst_${s}` }
const port = 4240 + Math.floor(Math.random() * 40)
const buyer = DEMO_ACCOUNTS.find((a) => a.label === 'Buyer')!

/** The secrets every process of one deployment shares; a restore needs the same. */
const secrets = {
  BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
  AUDIT_SIGNING_KEY: randomBytes(32).toString('hex'),
  DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  PROVIDER_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
}

function urlFor(user: string, database: string): string {
  const url = new URL(serverUrl!)
  url.username = user
  url.password = ''
  url.pathname = `/${database}`
  return url.toString()
}

async function admin(statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    for (const statement of statements) {
      await client.query(statement).catch((err: { code?: string }) => {
        if (err.code !== '42710' && err.code !== '23505') throw err // homeward_app made by another test
      })
    }
  } finally {
    await client.end()
  }
}

function s3Env(config: Partial<Config>): Record<string, string> {
  return Object.fromEntries(Object.entries(config).map(([k, v]) => [k, String(v)]))
}

const script = runScript

async function verifyAudit(base: string, cookie: string) {
  const res = await fetch(`${base}/api/transactions/${DEMO_TRANSACTION_ID}/activity/verify`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return AuditVerifyResponse.parse(await res.json())
}

describe.skipIf(!serverUrl)('backup and restore (PostgreSQL, S3)', () => {
  let sourceS3: TestS3
  let restoredS3: TestS3
  let server: ServerProcess | undefined
  const dirs: string[] = []
  const tmp = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix))
    dirs.push(dir)
    return dir
  }

  beforeAll(async () => {
    await admin([
      'create role homeward_app nologin',
      `create role ${roles.sourceOwner} login createrole`,
      `create role ${roles.restoreOwner} login createrole`,
      `create role ${roles.app} login in role homeward_app`,
      `create database ${databases.source} owner ${roles.sourceOwner}`,
      `create database ${databases.restored} owner ${roles.restoreOwner}`,
    ])
    sourceS3 = await startTestS3('homeward-source')
    restoredS3 = await startTestS3('homeward-restored')
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await sourceS3?.close()
    await restoredS3?.close()
    await admin([
      `drop database if exists ${databases.source} with (force)`,
      `drop database if exists ${databases.restored} with (force)`,
      `drop role if exists ${roles.app}`,
      `drop role if exists ${roles.sourceOwner}`,
      `drop role if exists ${roles.restoreOwner}`,
    ])
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it('backs up a running server, restores into a fresh database and bucket, and serves the restored move', async () => {
    // 1. The source: demo data, and a document the buyer uploads (the demo's own have no file).
    server = await startServerProcess(port, {
      DATABASE_OWNER_URL: urlFor(roles.sourceOwner, databases.source),
      DATABASE_URL: urlFor(roles.app, databases.source),
      DATA_DIR: tmp('hw-bk-src-'),
      SEED_DEMO: 'true',
      ...s3Env(sourceS3.config),
      ...secrets,
    })
    let cookie = await signInOverHttp(server.base, buyer.email, buyer.password)
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000), Buffer.from('\n%%EOF\n')])
    const uploaded = await fetch(
      `${server.base}/api/transactions/${DEMO_TRANSACTION_ID}/documents?folder=Property&filename=backup-check.pdf`,
      { method: 'POST', headers: { cookie, origin: server.base, 'content-type': 'application/pdf' }, body: bytes },
    )
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    const document = DocumentVersion.parse(await uploaded.json())
    const auditBefore = await verifyAudit(server.base, cookie)
    expect(auditBefore.intact).toBe(true)

    // 2. The backup, taken while the server runs, as the owner.
    const out = tmp('hw-bk-out-')
    const sourceEnv = {
      DATABASE_OWNER_URL: urlFor(roles.sourceOwner, databases.source),
      DATA_DIR: tmp('hw-bk-src-cli-'),
      ...s3Env(sourceS3.config),
    }
    const backup = await script('backup.mjs', ['--out', out], sourceEnv)
    expect(backup.code, backup.stderr).toBe(0)
    const folder = backup.stdout.trim().split('\n').at(-1)!
    expect(path.dirname(folder)).toBe(out)
    expect(path.basename(folder)).toMatch(/^homeward-backup-\d{8}T\d{6}Z$/)
    const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as {
      database: { kind: string; migrations: { applied: number; last_tag: string }; tables: Record<string, number> }
      objects: { driver: string; count: number; items: { key: string; bytes: number }[] }
    }
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[]
    }
    expect(manifest.database.kind).toBe('postgres')
    expect(manifest.database.migrations).toMatchObject({
      applied: journal.entries.length,
      last_tag: journal.entries.at(-1)!.tag,
    })
    expect(manifest.database.tables.activity_events).toBeGreaterThan(0)
    expect(manifest.objects.driver).toBe('s3')
    expect(manifest.objects.count).toBe(manifest.objects.items.length)
    expect(manifest.objects.items.some((o) => o.bytes === bytes.length)).toBe(true)
    expect(await server.stop()).toBe(0)
    server = undefined

    // 3. The restore, into a fresh database owned by another owner role and a fresh bucket.
    const restoredEnv = {
      DATABASE_OWNER_URL: urlFor(roles.restoreOwner, databases.restored),
      DATA_DIR: tmp('hw-bk-dst-cli-'),
      ...s3Env(restoredS3.config),
    }
    const restored = await script('restore.mjs', [folder], restoredEnv)
    expect(restored.code, restored.stderr + restored.stdout).toBe(0)
    expect(restored.stdout).toContain(`objects: ${manifest.objects.count} written`)
    const again = await script('restore.mjs', [folder], restoredEnv)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/is not empty/)

    // 4. The server on the restored copy, without seeding: everything it shows came from the backup.
    server = await startServerProcess(port + 1, {
      DATABASE_OWNER_URL: urlFor(roles.restoreOwner, databases.restored),
      DATABASE_URL: urlFor(roles.app, databases.restored),
      DATA_DIR: tmp('hw-bk-dst-'),
      SEED_DEMO: 'false',
      ...s3Env(restoredS3.config),
      ...secrets,
    })
    expect(server.output().stdout + server.output().stderr).not.toMatch(/owns the audit tables/)
    cookie = await signInOverHttp(server.base, buyer.email, buyer.password)
    // The restored chain verifies with the same entries (the checkpoints' signatures need the same key).
    const auditAfter = await verifyAudit(server.base, cookie)
    expect(auditAfter).toMatchObject({ intact: true, entries: auditBefore.entries, first_broken: null })
    const detail = await fetch(`${server.base}/api/transactions/${DEMO_TRANSACTION_ID}`, { headers: { cookie } })
    expect(detail.status).toBe(200)
    const list = DocumentListResponse.parse(
      await (
        await fetch(`${server.base}/api/transactions/${DEMO_TRANSACTION_ID}/documents`, { headers: { cookie } })
      ).json(),
    )
    expect(list.documents.map((d) => d.id)).toContain(document.id)
    const link = SignedUrlResponse.parse(
      await (
        await fetch(
          `${server.base}/api/transactions/${DEMO_TRANSACTION_ID}/documents/${document.id}/url?disposition=attachment`,
          { headers: { cookie } },
        )
      ).json(),
    )
    const file = await fetch(new URL(link.url, server.base), { headers: { cookie } })
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true)
    // The download is recorded on the restored chain, which still verifies.
    const afterDownload = await verifyAudit(server.base, cookie)
    expect(afterDownload.intact, JSON.stringify(afterDownload)).toBe(true)
    expect(afterDownload.entries).toBeGreaterThanOrEqual(auditBefore.entries)

    // The privileges came back too: the app role still cannot rewrite the audit trail or the ledger.
    const app = new pg.Client({ connectionString: urlFor(roles.app, databases.restored) })
    await app.connect()
    try {
      for (const statement of [
        'delete from activity_events',
        'delete from ledger_lines',
        'update ledger_accounts set balance_pence = 0',
      ]) {
        const code = await app.query(statement).then(
          () => 'allowed',
          (err: { code?: string }) => err.code,
        )
        expect(code, statement).toBe('42501')
      }
    } finally {
      await app.end()
    }
  }, 300_000)
})
