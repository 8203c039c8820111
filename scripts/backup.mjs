// `npm run backup [-- --out DIR] [--with-keys]`: a consistent copy of Homeward's database and object
// store into one new folder DIR/homeward-backup-<UTC time>/ (DIR: BACKUP_DIR, default ./backups), with
// a manifest (scripts/backup-lib.mjs describes the layout). Reads the server's own variables.
//
// PostgreSQL (DATABASE_OWNER_URL, else DATABASE_URL; run it as the owner): one REPEATABLE READ
// transaction exports a snapshot; pg_dump (custom format) dumps exactly that snapshot, and the
// manifest's migration level and row counts are read in it too. The server may keep running.
// Objects are copied after the snapshot: they are written once under fresh random keys before the
// row that names them commits, so every object the dump refers to is already there; one deleted in
// between (a retention sweep) would be missing, objects added since are extra and harmless.
//
// PGlite (the default embedded database, DATA_DIR/pglite): STOP THE SERVER FIRST. PGlite is one
// process's database with no way for a second process to read it while it runs; the script copies
// the directory, opens the copy and writes PGlite's own dump of it (dumpDataDir, a gzipped tarball
// of a closed database). The objects are copied after it, as for PostgreSQL.
//
// --with-keys also copies DATA_DIR's generated secrets (auth, audit signing, data encryption, webhook
// secret). Without them encrypted fields cannot be read and the audit trail's signatures do not
// verify after a restore: keep them with the backup only if the backup is as protected as they are;
// otherwise keep them (or the variables that replace them) apart. The folder is written as
// <name>.partial and renamed when complete.
import { copyFile, cp, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import { existsSync } from 'node:fs'
import path from 'node:path'
import {
  BackupError,
  FORMAT,
  KEY_FILES,
  MANIFEST,
  PG_DUMP_FILE,
  PGLITE_FILE,
  describeDatabase,
  eachLimit,
  hashFile,
  homewardVersion,
  libpqTarget,
  objectPath,
  openObjectStore,
  parseArgs,
  redactUrl,
  run,
  runCli,
  targetFromEnv,
  writeStreamHashed,
} from './backup-lib.mjs'

async function dumpPostgres(url, file) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url, application_name: 'homeward-backup' })
  try {
    await client.connect()
  } catch (err) {
    throw new BackupError(`Could not connect to the database at ${redactUrl(url)}: ${err.message}`)
  }
  try {
    await client.query('begin isolation level repeatable read read only')
    const [{ snapshot, version }] = (
      await client.query(`select pg_export_snapshot() as snapshot, current_setting('server_version') as version`)
    ).rows
    const described = await describeDatabase(async (text) => (await client.query(text)).rows)
    const { dbname, env } = libpqTarget(url)
    await run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`], { env })
    await client.query('commit')
    return { kind: 'postgres', server_version: version, ...described }
  } finally {
    await client.end().catch(() => {})
  }
}

async function dumpPglite(dir, file) {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dir} (DATA_DIR)`)
  const { PGlite } = await import('@electric-sql/pglite')
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist')
  // Opened from a copy: the live directory is never written by the backup, even if a server was
  // left running on it (then the copy may be torn: stop the server first).
  const copy = await mkdtemp(path.join(os.tmpdir(), 'homeward-backup-pglite-'))
  await cp(dir, copy, { recursive: true })
  const db = await PGlite.create({ dataDir: copy, extensions: { btree_gist } })
  try {
    const described = await describeDatabase(async (text) => (await db.query(text)).rows)
    const [{ version }] = (await db.query(`select current_setting('server_version') as version`)).rows
    const dump = await db.dumpDataDir('gzip')
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 })
    return { kind: 'pglite', server_version: version, ...described }
  } finally {
    await db.close()
    await rm(copy, { recursive: true, force: true })
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2), { flags: ['with-keys'], options: ['out'] })
  const target = targetFromEnv()
  const outDir = path.resolve(args.out || process.env.BACKUP_DIR || './backups')
  const started = new Date()
  const name = `homeward-backup-${started
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`
  const finalDir = path.join(outDir, name)
  const dir = `${finalDir}.partial`
  if (existsSync(finalDir)) throw new BackupError(`${finalDir} exists already`)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true, mode: 0o700 })
  try {
    // 1. The database, from one snapshot.
    const dbFile = target.database.kind === 'postgres' ? PG_DUMP_FILE : PGLITE_FILE
    const database =
      target.database.kind === 'postgres'
        ? await dumpPostgres(target.database.url, path.join(dir, dbFile))
        : await dumpPglite(target.database.dir, path.join(dir, dbFile))
    const dbHash = await hashFile(path.join(dir, dbFile))
    process.stdout.write(
      `database: ${database.kind}, migration ${database.migrations.last_tag ?? '(none)'}, ` +
        `${Object.values(database.tables).reduce((a, b) => a + b, 0)} rows in ${Object.keys(database.tables).length} tables, ${dbHash.bytes} bytes\n`,
    )

    // 2. Every object, after the snapshot.
    const store = await openObjectStore(target.storage)
    const listed = await store.list()
    const objects = []
    await eachLimit(listed, 4, async ({ key }) => {
      const { body, contentType } = await store.read(key)
      const written = await writeStreamHashed(body, objectPath(path.join(dir, 'objects'), key))
      objects.push({ key, bytes: written.bytes, sha256: written.sha256, content_type: contentType })
    })
    objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    const objectBytes = objects.reduce((n, o) => n + o.bytes, 0)
    process.stdout.write(`objects: ${objects.length} (${objectBytes} bytes) from ${store.describe().location}\n`)

    // 3. The generated secrets, when asked.
    const keys = []
    if (args['with-keys']) {
      await mkdir(path.join(dir, 'keys'), { mode: 0o700 })
      for (const file of KEY_FILES) {
        const from = path.join(target.dataDir, file)
        if (!existsSync(from)) continue
        await copyFile(from, path.join(dir, 'keys', file))
        keys.push({ name: file, ...(await hashFile(path.join(dir, 'keys', file))) })
      }
    }

    const manifest = {
      format: FORMAT,
      homeward_version: homewardVersion(),
      started_at: started.toISOString(),
      finished_at: new Date().toISOString(),
      database: { ...database, file: dbFile, bytes: dbHash.bytes, sha256: dbHash.sha256 },
      objects: { ...store.describe(), count: objects.length, bytes: objectBytes, items: objects },
      keys,
    }
    await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
    await rename(dir, finalDir)
    process.stdout.write(`${finalDir}\n`)
  } catch (err) {
    await rm(dir, { recursive: true, force: true })
    throw err
  }
}

runCli(main)
