/**
 * Disk storage under `<DATA_DIR>/objects`. A write goes to `objects/.tmp/<uuid>` and is renamed into
 * place only when complete, so a crash or an aborted upload never leaves a partial object under a
 * real key; temporary files older than an hour (from a killed process) are swept at start.
 */
import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertStorageKey, StorageNotFoundError, type ObjectStorage } from './storage'

const TMP_MAX_AGE_MS = 60 * 60 * 1000

/** Creates disk storage rooted at `root` (created when missing). */
export function createDiskStorage(root: string): ObjectStorage {
  const tmpDir = path.join(root, '.tmp')
  const ready = (async () => {
    await mkdir(tmpDir, { recursive: true })
    await sweepTemporaryFiles(tmpDir, Date.now() - TMP_MAX_AGE_MS)
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
      const tmp = path.join(tmpDir, randomUUID())
      let sizeBytes = 0
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          sizeBytes += chunk.length
          cb(null, chunk)
        },
      })
      try {
        await pipeline(body, counter, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }))
        await mkdir(path.dirname(target), { recursive: true })
        await rename(tmp, target)
      } catch (err) {
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
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key)
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
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
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

/** Removes temporary files last written before `beforeMs` (epoch ms); returns how many. */
async function sweepTemporaryFiles(dir: string, beforeMs: number): Promise<number> {
  let removed = 0
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name)
    const s = await stat(file).catch(() => null)
    if (s && s.mtimeMs < beforeMs) {
      await rm(file, { force: true })
      removed++
    }
  }
  return removed
}
