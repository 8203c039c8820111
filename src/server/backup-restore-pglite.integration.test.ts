/**
 * `npm run backup` and `npm run restore` on the default set-up: the embedded PGlite database under
 * DATA_DIR/pglite (the server stopped) and disk storage under DATA_DIR/objects, with --with-keys
 * carrying DATA_DIR's generated secrets. The restored DATA_DIR holds the same rows, the same object
 * bytes and the same keys; a second restore onto it is refused, and a damaged backup is refused before
 * anything is written. Runs in the PGlite pass (the PostgreSQL pass has backup-restore.integration.test.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runScript } from '#server/test/run-script.ts'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { openPglite } from './db/client'

const dirs: string[] = []
const tmp = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  dirs.push(dir)
  return dir
}

const script = runScript

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(process.env.TEST_DATABASE_URL)('backup and restore (PGlite, disk)', () => {
  it('copies the embedded database, the stored files and the keys into a fresh DATA_DIR', async () => {
    const source = tmp('hw-bk-pglite-src-')
    const db = await openPglite({ dataDir: path.join(source, 'pglite'), template: inject('pgliteTemplate') })
    await db.query(`insert into organizations (name, type) values ('Backed Up and Co', 'law')`)
    await db.close()
    const objectBytes = Buffer.from(`%PDF-1.4\n${'x'.repeat(5000)}\n%%EOF\n`)
    mkdirSync(path.join(source, 'objects/documents/5eed0000-0000-4000-8000-000000000002'), { recursive: true })
    writeFileSync(path.join(source, 'objects/documents/5eed0000-0000-4000-8000-000000000002/one'), objectBytes)
    mkdirSync(path.join(source, 'objects/.tmp'), { recursive: true })
    writeFileSync(path.join(source, 'objects/.tmp/unfinished'), 'partial upload')
    writeFileSync(path.join(source, 'audit-signing-key'), 'k'.repeat(64), { mode: 0o600 })

    const out = tmp('hw-bk-pglite-out-')
    const backup = await script('backup.mjs', ['--out', out, '--with-keys'], { DATA_DIR: source })
    expect(backup.code, backup.stderr).toBe(0)
    const folder = backup.stdout.trim().split('\n').at(-1)!
    const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as {
      database: { kind: string; file: string; tables: Record<string, number>; migrations: { applied: number } }
      objects: { driver: string; items: { key: string; bytes: number }[] }
      keys: { name: string }[]
    }
    expect(manifest.database).toMatchObject({ kind: 'pglite', file: 'database.pglite.tar.gz' })
    expect(manifest.database.tables.organizations).toBe(1)
    expect(manifest.database.migrations.applied).toBeGreaterThan(40)
    expect(manifest.objects.driver).toBe('disk')
    // The unfinished write under .tmp is not an object.
    expect(manifest.objects.items.map((o) => o.key)).toEqual(['documents/5eed0000-0000-4000-8000-000000000002/one'])
    expect(manifest.keys.map((k) => k.name)).toEqual(['audit-signing-key'])

    const target = tmp('hw-bk-pglite-dst-')
    const restored = await script('restore.mjs', [folder], { DATA_DIR: target })
    expect(restored.code, restored.stderr + restored.stdout).toBe(0)
    expect(readFileSync(path.join(target, 'objects/documents/5eed0000-0000-4000-8000-000000000002/one'))).toEqual(
      objectBytes,
    )
    expect(readFileSync(path.join(target, 'audit-signing-key'), 'utf8')).toBe('k'.repeat(64))
    const copy = await openPglite({ dataDir: path.join(target, 'pglite') })
    try {
      const rows = await copy.query<{ name: string }>(`select name from organizations`)
      expect(rows.map((r) => r.name)).toEqual(['Backed Up and Co'])
    } finally {
      await copy.close()
    }

    const again = await script('restore.mjs', [folder], { DATA_DIR: target })
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/not empty|holds an embedded database/)

    // A damaged backup is refused before anything is written.
    writeFileSync(path.join(folder, 'objects/documents/5eed0000-0000-4000-8000-000000000002/one'), 'tampered')
    const fresh = tmp('hw-bk-pglite-dst2-')
    const damaged = await script('restore.mjs', [folder], { DATA_DIR: fresh })
    expect(damaged.code).toBe(1)
    expect(damaged.stderr).toMatch(/differs from the manifest: the backup is damaged/)
    expect(existsSync(path.join(fresh, 'pglite'))).toBe(false)
  }, 180_000)
})
