/**
 * Integration test set-up, once per run. PGlite: migrate one database and dump it (the template the
 * build also makes for a fresh data directory), so each test file clones it in well under a second.
 * PostgreSQL (TEST_DATABASE_URL): migrate one template database named for the migration set
 * (postgresTemplateDatabase), so each test file creates its own database as a copy of it (about
 * 0.1 s, where migrating takes 1 s of the server's CPU) and drops it afterwards; runs never collide.
 */
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { writePgliteTemplate } from '../db/pglite-template'
import { ensurePostgresTemplate } from './postgres-template'

export const TEMPLATE_PATH = path.resolve('.tmp/pglite-template.tar.gz')

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '')
    project.provide('postgresTemplate', await ensurePostgresTemplate(process.env.TEST_DATABASE_URL))
    return
  }
  project.provide('postgresTemplate', '')
  await writePgliteTemplate(TEMPLATE_PATH)
  project.provide('pgliteTemplate', TEMPLATE_PATH)
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    /** The migrated template database on TEST_DATABASE_URL's server ('' on PGlite). */
    postgresTemplate: string
  }
}
