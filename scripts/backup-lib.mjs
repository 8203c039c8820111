// What `npm run backup` (scripts/backup.mjs) and `npm run restore` (scripts/restore.mjs) share: where
// the database and the object store are (the server's own environment variables), the manifest, and
// the object store's list/read/write for disk and S3. Plain Node ES modules on runtime dependencies
// only (pg, @aws-sdk/client-s3, @electric-sql/pglite), so they run where the server runs, without tsx.
//
// A backup is one folder, homeward-backup-<UTC time>/:
//   manifest.json            format, times, Homeward's version, the database (kind, file, bytes, sha256,
//                            PostgreSQL version, migration level, row count of every table) and every
//                            object (key, bytes, sha256, content type), the key files when included
//   database.dump            PostgreSQL: pg_dump's custom format, or
//   database.pglite.tar.gz   the embedded database: PGlite's dumpDataDir
//   objects/<key>            every stored object, under its key
//   keys/<name>              with --with-keys only: DATA_DIR's generated secrets (mode 600)
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs'
import { mkdir, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const FORMAT = 'homeward-backup/1'
export const MANIFEST = 'manifest.json'
export const PG_DUMP_FILE = 'database.dump'
export const PGLITE_FILE = 'database.pglite.tar.gz'
/** DATA_DIR's generated secrets (src/server/config.ts): copied only with --with-keys. */
export const KEY_FILES = ['auth-secret', 'audit-signing-key', 'data-encryption-key', 'provider-webhook-secret']

/** A problem the operator can fix: printed without a stack trace, exit 1. */
export class BackupError extends Error {}

/** Runs `main`, printing a BackupError's message (or any other error in full) and exiting 1 on failure. */
export function runCli(main) {
  main().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`${err instanceof BackupError ? err.message : (err?.stack ?? String(err))}\n`)
      process.exit(1)
    },
  )
}

/**
 * Where the data is, from the server's variables: PostgreSQL at DATABASE_OWNER_URL (else DATABASE_URL),
 * or PGlite under DATA_DIR/pglite; objects on disk under DATA_DIR/objects or in S3_BUCKET.
 */
export function targetFromEnv(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const databaseUrl = env.DATABASE_OWNER_URL || env.DATABASE_URL || null
  const driver = env.STORAGE_DRIVER || 'disk'
  if (driver !== 'disk' && driver !== 's3') throw new BackupError('STORAGE_DRIVER: must be disk or s3')
  if (driver === 's3' && !env.S3_BUCKET) throw new BackupError('S3_BUCKET: is required when STORAGE_DRIVER=s3')
  return {
    dataDir,
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
    storage:
      driver === 's3'
        ? {
            driver: 's3',
            bucket: env.S3_BUCKET,
            region: env.S3_REGION || 'eu-west-2',
            endpoint: env.S3_ENDPOINT || undefined,
            accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
            forcePathStyle: ['true', '1', 'yes'].includes(String(env.S3_FORCE_PATH_STYLE ?? '').toLowerCase()),
          }
        : { driver: 'disk', dir: path.join(dataDir, 'objects') },
  }
}

/** `postgres://user:secret@host/db` with the password hidden, for messages. */
export function redactUrl(url) {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '(unparseable URL)'
  }
}

/** The URL without its password, and the password as PGPASSWORD, for pg_dump and pg_restore. */
export function libpqTarget(url) {
  const u = new URL(url)
  const password = decodeURIComponent(u.password)
  u.password = ''
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} }
}

/** The migration set this checkout holds (drizzle's journal): count and newest tag. */
export function codeMigrations() {
  const journal = JSON.parse(readFileSync(path.join(ROOT, 'src/server/db/migrations/meta/_journal.json'), 'utf8'))
  return journal.entries
}

/** Homeward's version (package.json). */
export function homewardVersion() {
  return JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version
}

/**
 * What a database holds, through `query(text) -> rows`: its migration level (drizzle's table, named by
 * the journal's tags) and the row count of every table of schema public. Run inside the snapshot the
 * dump is taken from, the counts are exactly the dump's.
 */
export async function describeDatabase(query) {
  const [{ exists }] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`)
  const applied = exists
    ? await query(`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`)
    : [{ n: 0, last: null }]
  const entries = codeMigrations()
  const last = applied[0]?.last ? entries.find((e) => String(e.when) === applied[0].last) : undefined
  const tables = await query(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  )
  const rows = {}
  for (const { name } of tables) {
    const [{ n }] = await query(`select count(*)::text as n from public."${name.replaceAll('"', '""')}"`)
    rows[name] = Number(n)
  }
  return {
    migrations: { applied: applied[0]?.n ?? 0, last_tag: last?.tag ?? null, last_created_at: applied[0]?.last ?? null },
    tables: rows,
  }
}

/** SHA-256 (hex) and size of a file. */
export async function hashFile(file) {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk)
    bytes += chunk.length
  }
  return { sha256: hash.digest('hex'), bytes }
}

/** Writes a readable to `file` (directories made, mode 600), returning its SHA-256 and size. */
export async function writeStreamHashed(readable, file) {
  await mkdir(path.dirname(file), { recursive: true })
  const hash = createHash('sha256')
  let bytes = 0
  const tap = new Transform({
    transform(chunk, _enc, cb) {
      hash.update(chunk)
      bytes += chunk.length
      cb(null, chunk)
    },
  })
  await pipeline(readable, tap, createWriteStream(file, { mode: 0o600 }))
  return { sha256: hash.digest('hex'), bytes }
}

/** A key is written as a path under objects/: no empty, '.' or '..' segment, nothing absolute. */
export function objectPath(root, key) {
  const parts = key.split('/')
  if (!key || key.length > 1024 || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\'))) {
    throw new BackupError(`Object key ${JSON.stringify(key)} cannot be stored as a file: not backed up by this tool`)
  }
  return path.join(root, ...parts)
}

/**
 * The object store: `list()` of { key, bytes }, `read(key)` -> { body (readable), contentType },
 * `write(key, file, { bytes, contentType })`, `isEmpty()`. Disk skips its .tmp/ (unfinished writes).
 */
export async function openObjectStore(storage) {
  if (storage.driver === 'disk') {
    const root = storage.dir
    return {
      describe: () => ({ driver: 'disk', location: root }),
      async list() {
        if (!existsSync(root)) return []
        const out = []
        const walk = async (dir, prefix) => {
          for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
            a.name.localeCompare(b.name),
          )) {
            if (!prefix && entry.name === '.tmp') continue
            const full = path.join(dir, entry.name)
            const key = prefix ? `${prefix}/${entry.name}` : entry.name
            if (entry.isDirectory()) await walk(full, key)
            else if (entry.isFile()) out.push({ key, bytes: (await stat(full)).size })
          }
        }
        await walk(root, '')
        return out
      },
      async read(key) {
        return { body: createReadStream(objectPath(root, key)), contentType: null }
      },
      async write(key, file) {
        const target = objectPath(root, key)
        await mkdir(path.dirname(target), { recursive: true })
        await pipeline(createReadStream(file), createWriteStream(target, { mode: 0o600 }))
      },
      async isEmpty() {
        return (await this.list()).length === 0
      },
    }
  }
  const s3 = await import('@aws-sdk/client-s3')
  const client = new s3.S3Client({
    region: storage.region,
    endpoint: storage.endpoint,
    forcePathStyle: storage.forcePathStyle,
    credentials:
      storage.accessKeyId && storage.secretAccessKey
        ? { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey }
        : undefined,
    // As the server's S3 storage (s3-storage.ts): s3rver stores streamed bodies corrupted otherwise.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = storage.bucket
  const list = async (max) => {
    const out = []
    let ContinuationToken
    do {
      const res = await client.send(new s3.ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: max }))
      for (const o of res.Contents ?? []) if (o.Key) out.push({ key: o.Key, bytes: Number(o.Size ?? 0) })
      ContinuationToken = res.IsTruncated && !max ? res.NextContinuationToken : undefined
    } while (ContinuationToken)
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  }
  return {
    describe: () => ({ driver: 's3', location: `s3://${Bucket}`, endpoint: storage.endpoint ?? null }),
    list: () => list(),
    async read(key) {
      const res = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }))
      return { body: res.Body, contentType: res.ContentType ?? null }
    },
    async write(key, file, { bytes, contentType }) {
      await client.send(
        new s3.PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: bytes,
          ContentType: contentType ?? undefined,
        }),
      )
    },
    async isEmpty() {
      // One page of up to 1,000 keys, not MaxKeys 1: s3rver (the local S3 of the tests) answers a
      // truncated listing's continuation with an InternalError once the bucket holds several objects.
      return (await list(1000)).length === 0
    },
  }
}

/** Runs `items` through `work` with at most `limit` at a time. */
export async function eachLimit(items, limit, work) {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]
      await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/** Runs a command, rejecting with its error output when it fails or is missing. */
export async function run(command, args, options = {}) {
  const { spawn } = await import('node:child_process')
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
    env: { ...process.env, ...options.env },
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d))
  child.stdout.resume()
  const code = await new Promise((resolve, reject) => {
    child.once('error', (err) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found: install PostgreSQL's client tools (Debian: apt-get install -y postgresql-client-15, the server's major version or newer)`,
            )
          : err,
      ),
    )
    child.once('exit', resolve)
  })
  if (code !== 0) throw new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`)
  return stderr
}

/** Parses `--name value`, `--flag` and positional arguments. */
export function parseArgs(argv, { flags = [], options = [] } = {}) {
  const out = { _: [] }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split('=', 2)
      if (flags.includes(name)) out[name] = true
      else if (options.includes(name)) out[name] = inline ?? argv[++i]
      else throw new BackupError(`Unknown option --${name}`)
    } else out._.push(a)
  }
  return out
}
