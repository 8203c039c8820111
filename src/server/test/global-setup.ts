/**
 * Integration test set-up, once per run. PGlite: migrate one database and dump it (the template the
 * build also makes for a fresh data directory), so each test file clones it in well under a second.
 * PostgreSQL (TEST_DATABASE_URL): nothing to do here; each test file creates its own fresh database on
 * that server and drops it afterwards, so runs never collide.
 */
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { writePgliteTemplate } from '../db/pglite-template'

export const TEMPLATE_PATH = path.resolve('.tmp/pglite-template.tar.gz')

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '')
    return
  }
  await writePgliteTemplate(TEMPLATE_PATH)
  project.provide('pgliteTemplate', TEMPLATE_PATH)
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}
