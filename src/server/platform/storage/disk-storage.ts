/**
 * Disk storage under `<DATA_DIR>/objects`. A write goes to `objects/.tmp/<uuid>` and is renamed into
 * place only when complete, so a crash or an aborted upload never leaves a partial object under a
 * real key. Temporary files are named `<pid>-<host>-<uuid>`: at start, those of a process of this
 * host that no longer
 * runs (killed mid-upload) are swept at once, and any older than an hour (a reused pid, an older
 * name without a pid) as well; failed writes remove their own, once the file stream has closed.
 */
import { createHash, randomUUID } from 'node:crypto'
import os from 'node:os'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertStorageKey, StorageNotFoundError, type ObjectStorage } from './storage'

const TMP_MAX_AGE_MS = 60 * 60 * 1000
/** This host, in temporary file names: a pid means something only on the host that wrote it. */
const HOST_TAG = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8)

/** Creates disk storage rooted at `root` (created when missing). */
export function createDiskStorage(root: string): ObjectStorage {
  const tmpDir = path.join(root, '.tmp')
  const ready = (async () => {
    await mkdir(tmpDir, { recursive: true })
    await sweepTemporaryFiles(tmpDir, Date.now() - TMP_MAX_AGE_MS, { deadProcesses: true })
  })()
  const fileOf = (key: string) => {
    assertStorageKey(key)
    return path.join(root, ...key.split('/'))
  }

  return {
    driver: 'disk',
    async put(key, body) {
      const target = fileOf(key)
      await ready
      const tmp = path.join(tmpDir, temporaryName())
      let sizeBytes = 0
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          sizeBytes += chunk.length
          cb(null, chunk)
        },
      })
      const file = createWriteStream(tmp, { flags: 'wx', mode: 0o600 })
      try {
        await pipeline(body, counter, file)
        await mkdir(path.dirname(target), { recursive: true })
        await rename(tmp, target)
      } catch (err) {
        // pipeline() rejects as soon as the body fails, which can be before the file stream's open
        // (queued on libuv's thread pool) has created the file: removed then, it would be created
        // after and left behind. The stream closes only once its open has finished.
        if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()))
        await rm(tmp, { force: true })
        throw err
      }
      return { sizeBytes }
    },
    async get(key) {
      const file = fileOf(key)
      try {
        const s = await stat(file)
        return { body: createReadStream(file), sizeBytes: s.size }
      } catch (err) {
        if (errnoCode(err) === 'ENOENT') throw new StorageNotFoundError(key)
        throw err
      }
    },
    async exists(key) {
      try {
        await stat(fileOf(key))
        return true
      } catch {
        return false
      }
    },
    async delete(key) {
      try {
        await unlink(fileOf(key))
      } catch (err) {
        if (errnoCode(err) !== 'ENOENT') throw err
      }
    },
    async list(prefix, options = {}) {
      const dir = path.join(root, ...prefix.split('/').filter(Boolean))
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
      const keys: string[] = []
      for (const e of entries) {
        if (!e.isFile()) continue
        const file = path.join(e.parentPath, e.name)
        if (options.olderThan) {
          const s = await stat(file).catch(() => null)
          if (!s || s.mtimeMs >= options.olderThan.getTime()) continue
        }
        keys.push(path.relative(root, file).split(path.sep).join('/'))
      }
      return keys.sort()
    },
    async sweepIncomplete(olderThan) {
      await ready
      return sweepTemporaryFiles(tmpDir, olderThan.getTime())
    },
    async presignGet() {
      return null
    },
  }
}

/**
 * Removes temporary files last written before `beforeMs` (epoch ms) and, with `deadProcesses`, those
 * whose name starts with the pid of a process that is no longer running. Returns how many.
 */
async function sweepTemporaryFiles(
  dir: string,
  beforeMs: number,
  options: { deadProcesses?: boolean } = {},
): Promise<number> {
  let removed = 0
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name)
    const s = await stat(file).catch(() => null)
    if (!s) continue
    const [, pid, host] = /^(\d+)-([0-9a-f]{8})-/.exec(name) ?? []
    const orphaned = options.deadProcesses && host === HOST_TAG && !processRuns(Number(pid))
    if (orphaned || s.mtimeMs < beforeMs) {
      await rm(file, { force: true })
      removed++
    }
  }
  return removed
}

/** A temporary file name: this process's pid, this host's tag, a random uuid. */
export function temporaryName(pid = process.pid): string {
  return `${pid}-${HOST_TAG}-${randomUUID()}`
}

/** True when a process with this pid exists (signal 0 checks without sending anything). */
function processRuns(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return errnoCode(err) === 'EPERM'
  }
}

/** The `code` of a Node system error (ENOENT, EPERM ...), undefined for anything else. */
function errnoCode(err: unknown): unknown {
  return err instanceof Error && 'code' in err ? err.code : undefined
}
