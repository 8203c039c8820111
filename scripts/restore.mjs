// `npm run restore -- <backup folder> [--force]`: loads a backup made by `npm run backup` into the
// database and object store the server's variables name (DATABASE_OWNER_URL, else DATABASE_URL, else
// PGlite under DATA_DIR; STORAGE_DRIVER with DATA_DIR/objects or S3_BUCKET). The server must not be
// running on them.
//
// 1. Checks the manifest and the SHA-256 of every file in the backup before touching anything.
// 2. Refuses a target that holds anything (a table in the database, an object in the bucket or
//    directory, an embedded database) unless --force: then the dump's objects are dropped and
//    recreated (pg_restore --clean) and objects of the same key overwritten.
// 3. PostgreSQL: create the empty database first, owned by the role you restore as (README,
//    "PostgreSQL roles"; homeward_app must exist). pg_restore runs in one transaction, stopping at the
//    first error, with --no-owner: everything is owned by the restoring role, and default privileges
//    the source's owner held are given to it instead. PGlite: the data directory is rebuilt from
//    PGlite's dump.
// 4. Compares the restored database's row count of every table and its migration level with the
//    manifest, then uploads every object (with its content type) and, when the backup has them and
//    DATA_DIR lacks them, the key files.
// The server then starts on it as usual and applies any newer migrations; a backup from a newer
// Homeward (a migration this checkout lacks) is refused.
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  BackupError,
  FORMAT,
  MANIFEST,
  codeMigrations,
  describeDatabase,
  eachLimit,
  hashFile,
  libpqTarget,
  objectPath,
  openObjectStore,
  parseArgs,
  redactUrl,
  run,
  runCli,
  targetFromEnv,
} from './backup-lib.mjs'

/** Checks the manifest against this checkout and every file's checksum. */
async function checkBackup(dir) {
  const file = path.join(dir, MANIFEST)
  if (!existsSync(file)) throw new BackupError(`${dir} is not a backup: it has no ${MANIFEST}`)
  const manifest = JSON.parse(await readFile(file, 'utf8'))
  if (manifest.format !== FORMAT) throw new BackupError(`${file}: format ${manifest.format}, this tool reads ${FORMAT}`)
  const entries = codeMigrations()
  if (manifest.database.migrations.applied > entries.length) {
    throw new BackupError(
      `This backup is at migration ${manifest.database.migrations.last_tag} (${manifest.database.migrations.applied}), ` +
        `newer than this Homeward's ${entries.at(-1).tag} (${entries.length}): restore it with Homeward ${manifest.homeward_version} or later`,
    )
  }
  const check = async (relative, expected) => {
    const { sha256, bytes } = await hashFile(path.join(dir, relative))
    if (sha256 !== expected.sha256 || bytes !== expected.bytes) {
      throw new BackupError(`${relative}: its checksum or size differs from the manifest: the backup is damaged`)
    }
  }
  await check(manifest.database.file, manifest.database)
  await eachLimit(manifest.objects.items, 8, (o) =>
    check(path.relative(dir, objectPath(path.join(dir, 'objects'), o.key)), o),
  )
  for (const k of manifest.keys ?? []) await check(path.join('keys', k.name), k)
  return manifest
}

async function restorePostgres(url, file, force) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url, application_name: 'homeward-restore' })
  try {
    await client.connect()
  } catch (err) {
    throw new BackupError(
      `Could not connect to the database at ${redactUrl(url)} (create it first, owned by the role you restore as): ${err.message}`,
    )
  }
  try {
    const q = async (text, params) => (await client.query(text, params)).rows
    const [{ n }] = await q(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where s.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
    )
    if (n > 0 && !force) {
      throw new BackupError(
        `The database at ${redactUrl(url)} is not empty (${n} relations): restore into a new one, or pass --force`,
      )
    }
    if (!(await q(`select 1 from pg_roles where rolname = 'homeward_app'`)).length) {
      throw new BackupError(
        `Role homeward_app does not exist on this server: create it first (README, "PostgreSQL roles")`,
      )
    }
    const [{ me }] = await q('select current_user as me')
    const { dbname, env } = libpqTarget(url)
    // Default privileges belong to a role: those of another role (the source's owner) are restored
    // for the restoring role instead, after the rest.
    const toc = (await runOut('pg_restore', ['--list', file], { env })).split('\n')
    const foreignDefaults = toc.filter((l) => /^\d+;.* DEFAULT ACL /.test(l) && l.trim().split(/\s+/).at(-1) !== me)
    const listFile = `${file}.restore-list`
    const defaultsFile = `${file}.defaults-list`
    await writeFile(listFile, toc.map((l) => (foreignDefaults.includes(l) ? `;${l}` : l)).join('\n'))
    await writeFile(defaultsFile, foreignDefaults.join('\n'))
    try {
      await run(
        'pg_restore',
        [
          '--exit-on-error',
          '--single-transaction',
          '--no-owner',
          ...(force ? ['--clean', '--if-exists'] : []),
          `--use-list=${listFile}`,
          `--dbname=${dbname}`,
          file,
        ],
        { env },
      )
      if (foreignDefaults.length) {
        const sql = await runOut('pg_restore', ['--file=-', `--use-list=${defaultsFile}`, file], { env })
        // Without psql's meta-commands (pg_restore 15.14+ writes \restrict and \unrestrict lines).
        const statements = sql
          .split('\n')
          .filter((l) => !l.startsWith('\\'))
          .join('\n')
        const mine = statements.replace(
          /FOR ROLE ("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)/g,
          `FOR ROLE "${me.replaceAll('"', '""')}"`,
        )
        await client.query(mine)
      }
    } finally {
      await rm(listFile, { force: true })
      await rm(defaultsFile, { force: true })
    }
    return await describeDatabase(q)
  } finally {
    await client.end().catch(() => {})
  }
}

/** Runs a command and returns its standard output. */
async function runOut(command, args, options) {
  const { spawn } = await import('node:child_process')
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d))
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d))
  const code = await new Promise((resolve, reject) => {
    child.once('error', (err) =>
      reject(
        err.code === 'ENOENT' ? new BackupError(`${command} was not found: install PostgreSQL's client tools`) : err,
      ),
    )
    child.once('exit', resolve)
  })
  if (code !== 0) throw new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`)
  return stdout
}

async function restorePglite(dir, file, force) {
  if (existsSync(path.join(dir, 'PG_VERSION'))) {
    if (!force)
      throw new BackupError(`${dir} holds an embedded database already: restore into a new DATA_DIR, or pass --force`)
    await rm(dir, { recursive: true, force: true })
  }
  await mkdir(dir, { recursive: true })
  const { PGlite } = await import('@electric-sql/pglite')
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist')
  const db = await PGlite.create({
    dataDir: dir,
    loadDataDir: new Blob([await readFile(file)]),
    extensions: { btree_gist },
  })
  try {
    return await describeDatabase(async (text) => (await db.query(text)).rows)
  } finally {
    await db.close()
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2), { flags: ['force'] })
  if (args._.length !== 1) throw new BackupError('Usage: npm run restore -- <backup folder> [--force]')
  const dir = path.resolve(args._[0])
  const force = Boolean(args.force)
  const target = targetFromEnv()
  const manifest = await checkBackup(dir)
  if (manifest.database.kind !== target.database.kind) {
    throw new BackupError(
      `This backup holds a ${manifest.database.kind} database; the target is ${target.database.kind} ` +
        `(${target.database.kind === 'pglite' ? 'set DATABASE_OWNER_URL or DATABASE_URL' : 'unset DATABASE_URL'})`,
    )
  }
  const store = await openObjectStore(target.storage)
  if (!force && !(await store.isEmpty())) {
    throw new BackupError(
      `The object store ${store.describe().location} is not empty: restore into a new one, or pass --force`,
    )
  }

  const dbFile = path.join(dir, manifest.database.file)
  const restored =
    target.database.kind === 'postgres'
      ? await restorePostgres(target.database.url, dbFile, force)
      : await restorePglite(target.database.dir, dbFile, force)
  const differs = Object.entries(manifest.database.tables).filter(([t, n]) => restored.tables[t] !== n)
  if (differs.length || restored.migrations.applied !== manifest.database.migrations.applied) {
    throw new BackupError(
      `The restored database differs from the manifest: ${differs.map(([t, n]) => `${t} ${restored.tables[t]} rows, not ${n}`).join('; ') || 'migration level'}`,
    )
  }
  process.stdout.write(
    `database: restored at migration ${restored.migrations.last_tag ?? '(none)'}, ${Object.keys(restored.tables).length} tables with the manifest's row counts\n`,
  )

  await eachLimit(manifest.objects.items, 4, (o) =>
    store.write(o.key, objectPath(path.join(dir, 'objects'), o.key), { bytes: o.bytes, contentType: o.content_type }),
  )
  process.stdout.write(`objects: ${manifest.objects.items.length} written to ${store.describe().location}\n`)

  for (const k of manifest.keys ?? []) {
    const to = path.join(target.dataDir, k.name)
    if (existsSync(to)) {
      if ((await hashFile(to)).sha256 !== k.sha256) {
        process.stderr.write(`${to} exists and differs from the backup's: kept; the backup's is in ${dir}/keys\n`)
      }
      continue
    }
    await mkdir(target.dataDir, { recursive: true })
    await copyFile(path.join(dir, 'keys', k.name), to)
    process.stdout.write(`key: ${k.name} restored into ${target.dataDir}\n`)
  }
  if (!(manifest.keys ?? []).length) {
    process.stdout.write(
      'Start the server with the same BETTER_AUTH_SECRET, AUDIT_SIGNING_KEY and DATA_ENCRYPTION_KEYS as the backed-up one ' +
        '(or their DATA_DIR files): without them sessions end, encrypted fields cannot be read and the audit trail reports bad_signature.\n',
    )
  }
}

runCli(main)
