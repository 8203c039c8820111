/**
 * A fresh embedded-PGlite data directory: created in a child process (from the migrated template
 * when there is one), then opened here with Homeward's PostgreSQL settings. Runs on PGlite regardless
 * of TEST_DATABASE_URL: it is about the embedded database's files.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { openPglite, PGLITE_SETTINGS } from './client'
import { runMigrations } from './migrate'
import { writePgliteTemplate } from './pglite-template'

const tables = `select count(*)::int as n from information_schema.tables where table_schema = 'public'`

describe('a fresh PGlite data directory', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'homeward-pglite-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  // PGlite's initdb takes seconds of CPU, many more on a loaded machine.
  it(
    'is created by a child process, keeps its data across opens and runs with the settings',
    { timeout: 300_000 },
    async () => {
      const dataDir = path.join(root, 'plain')
      const first = await openPglite({ dataDir, template: path.join(root, 'no-such-template.tar.gz') })
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true)
      const [{ n }] = await first.query<{ n: number }>(tables)
      expect(n).toBe(0)
      await runMigrations(first)
      await first.query(`insert into transactions (status) values ('active')`)
      await first.close()

      const again = await openPglite({ dataDir })
      const [row] = await again.query<{ count: number }>('select count(*)::int as count from transactions')
      expect(row.count).toBe(1)
      for (const setting of PGLITE_SETTINGS) {
        const [name, value] = setting.split('=')
        const [shown] = await again.query<Record<string, string>>(`show ${name}`)
        expect(shown[name]).toBe(value)
      }
      await again.close()
    },
  )

  it('is loaded from the template when one exists: migrated already, no data', { timeout: 300_000 }, async () => {
    // The run's template (global-setup.ts, made by writePgliteTemplate), or one made here on PostgreSQL runs.
    let template = inject('pgliteTemplate')
    if (!template) {
      template = path.join(root, 'template.tar.gz')
      await writePgliteTemplate(template)
    }
    const dataDir = path.join(root, 'from-template')
    const database = await openPglite({ dataDir, template })
    const [{ n }] = await database.query<{ n: number }>(tables)
    expect(n).toBeGreaterThan(20)
    const applied = await database.query('select hash from drizzle.__drizzle_migrations')
    expect(applied.length).toBeGreaterThan(10)
    const [row] = await database.query<{ count: number }>('select count(*)::int as count from transactions')
    expect(row.count).toBe(0)
    // Migrating again is a no-op that succeeds.
    await runMigrations(database)
    await database.close()
  })

  it('reports the child process error when the directory cannot be created', async () => {
    const file = path.join(root, 'a-file')
    writeFileSync(file, 'not a directory')
    await expect(openPglite({ dataDir: path.join(file, 'pglite') })).rejects.toThrow(/creating the database failed/)
  })
})
