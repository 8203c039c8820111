/**
 * The database a fresh embedded-PGlite data directory starts from: an empty Homeward database with
 * every migration applied, dumped as a gzipped tarball by the build (scripts/build.mjs, step
 * 'database') into dist/database/pglite.tar.gz. Loading it takes well under a second where creating
 * the database (PGlite's initdb) and migrating it take seconds of CPU. Only a shortcut: the server
 * still runs the migrations after loading it, so a template older than the migrations is brought up
 * to date, and without one the database is created from scratch.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fromAppRoot } from '../app-root'
import { openPglite } from './client'
import { runMigrations } from './migrate'

/** Where the build writes the template and where the server looks for it. */
export const PGLITE_TEMPLATE = fromAppRoot('dist/database/pglite.tar.gz')

/** Creates a database in memory, migrates it and writes its dump (tar.gz) to `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openPglite()
  try {
    await runMigrations(database)
    const dump = await database.pglite!.dumpDataDir('gzip')
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await database.close()
  }
}
