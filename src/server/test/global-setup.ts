/**
 * Integration test set-up, once per run. PGlite: migrate one database and dump it, so each test file
 * clones it in well under a second. PostgreSQL (TEST_DATABASE_URL): nothing to do here; each test file
 * creates its own fresh database on that server and drops it afterwards, so runs never collide.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openPglite } from '../db/client'
import { runMigrations } from '../db/migrate'

export const TEMPLATE_PATH = path.resolve('.tmp/pglite-template.tar.gz')

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '')
    return
  }
  const database = await openPglite()
  await runMigrations(database)
  const dump = await database.pglite!.dumpDataDir('gzip')
  await database.close()
  mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true })
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', TEMPLATE_PATH)
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}
