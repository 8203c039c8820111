/** The storage contract, run against disk and against S3 (s3rver): streams, sizes, aborts, deletes, presign. */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import fs, { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { testConfig } from '#server/test/test-app.ts'
import { createDiskStorage, temporaryName } from './disk-storage'
import { storageFor } from './index'
import { S3_PART_BYTES } from './s3-storage'
import { StorageNotFoundError, type ObjectStorage } from './storage'
import { startTestS3, type TestS3 } from './test-s3rver'

async function readAll(r: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of r) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

/** A stream of `total` bytes in 64 KiB chunks that errors after `failAfter` bytes when given. */
function source(data: Buffer, failAfter?: number): Readable {
  let offset = 0
  return new Readable({
    read() {
      if (failAfter !== undefined && offset >= failAfter) {
        this.destroy(new Error('client went away'))
        return
      }
      if (offset >= data.length) return this.push(null)
      const end = Math.min(offset + 65536, data.length)
      this.push(data.subarray(offset, end))
      offset = end
    },
  })
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

for (const driver of ['disk', 's3'] as const) {
  describe(`${driver} storage`, () => {
    let s3: TestS3 | undefined
    let dir: string
    let storage: ObjectStorage

    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'homeward-storage-'))
      if (driver === 's3') s3 = await startTestS3()
      storage = storageFor(testConfig({ dataDir: dir, ...s3?.config }))
    })
    afterAll(async () => {
      await s3?.close()
      rmSync(dir, { recursive: true, force: true })
    })

    it('streams a small object in and out byte for byte', async () => {
      const key = `test/${randomUUID()}`
      const data = randomBytes(100_000)
      expect(await storage.put(key, source(data), { contentType: 'application/pdf' })).toEqual({ sizeBytes: 100_000 })
      const got = await storage.get(key)
      expect(got.sizeBytes).toBe(100_000)
      expect(sha(await readAll(got.body))).toBe(sha(data))
      expect(await storage.exists(key)).toBe(true)
      expect(await storage.list(key.slice(0, 5))).toContain(key)
    })

    it('streams an object larger than one multipart part intact', async () => {
      const key = `test/${randomUUID()}`
      const data = randomBytes(S3_PART_BYTES * 2 + 12_345)
      await storage.put(key, source(data), { contentType: 'application/octet-stream' })
      const got = await storage.get(key)
      expect(got.sizeBytes).toBe(data.length)
      expect(sha(await readAll(got.body))).toBe(sha(data))
    })

    it('leaves no object when the body fails part-way (small and multipart)', async () => {
      for (const [size, failAfter] of [
        [200_000, 65_536],
        [S3_PART_BYTES * 2, S3_PART_BYTES + 65_536],
      ]) {
        const key = `test/${randomUUID()}`
        await expect(
          storage.put(key, source(randomBytes(size), failAfter), { contentType: 'application/pdf' }),
        ).rejects.toThrow()
        expect(await storage.exists(key)).toBe(false)
      }
      expect((await storage.list('test/')).length).toBe(2)
      if (driver === 'disk') expect(readdirSync(path.join(dir, 'objects', '.tmp'))).toEqual([])
    })

    it.runIf(driver === 'disk')(
      'leaves no temporary file when the body fails before the file is even open',
      async () => {
        // The upload fails at once (a client gone, an inspector refusing the first bytes), while the
        // temporary file is still being opened: put must not return before that file is closed and
        // removed, or the open completes afterwards and leaves it behind.
        for (let i = 0; i < 5; i++) {
          const failing = new Readable({
            read() {
              this.destroy(new Error('client went away'))
            },
          })
          await expect(
            storage.put(`test/${randomUUID()}`, failing, { contentType: 'application/pdf' }),
          ).rejects.toThrow('client went away')
        }
        // A file opened late would be on disk by now (its open was already under way).
        await new Promise((resolve) => setTimeout(resolve, 100))
        expect(readdirSync(path.join(dir, 'objects', '.tmp'))).toEqual([])
      },
    )

    it.runIf(driver === 'disk')(
      'leaves no temporary file when the file is opened only after the body has failed (a busy thread pool)',
      async () => {
        // pipeline() rejects as soon as the body fails, before the write stream's open has run when
        // libuv's thread pool is busy (it was: 2 of 6 runs of the documents suite left an empty
        // temporary file). Holding the open back 50 ms makes that order certain here.
        const realOpen = fs.open
        const open = vi.spyOn(fs, 'open').mockImplementation(((...args: Parameters<typeof fs.open>) => {
          setTimeout(() => Reflect.apply(realOpen, fs, args), 50)
        }) as typeof fs.open)
        try {
          const failing = new Readable({
            read() {
              this.destroy(new Error('client went away'))
            },
          })
          await expect(
            storage.put(`test/${randomUUID()}`, failing, { contentType: 'application/pdf' }),
          ).rejects.toThrow('client went away')
          expect(open).toHaveBeenCalled()
        } finally {
          open.mockRestore()
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
        expect(readdirSync(path.join(dir, 'objects', '.tmp'))).toEqual([])
      },
    )

    it.runIf(driver === 'disk')(
      'at start, sweeps the temporary files of a process that was killed mid-upload, however recent',
      async () => {
        const root = mkdtempSync(path.join(os.tmpdir(), 'homeward-storage-crash-'))
        try {
          const tmp = path.join(root, '.tmp')
          mkdirSync(tmp, { recursive: true })
          // A process that has exited: its pid is free (a fresh temporary file, seconds old).
          const dead = spawnSync(process.execPath, ['-e', '']).pid
          const orphan = path.join(tmp, temporaryName(dead))
          writeFileSync(orphan, 'partial upload')
          // A live process's upload in progress (this one) is left alone.
          const live = path.join(tmp, temporaryName())
          writeFileSync(live, 'in progress')
          const restarted = createDiskStorage(root)
          await restarted.sweepIncomplete(new Date(0))
          expect(readdirSync(tmp)).toEqual([path.basename(live)])
        } finally {
          rmSync(root, { recursive: true, force: true })
        }
      },
    )

    it('deletes, and deleting twice is fine; a missing object reads as StorageNotFoundError', async () => {
      const key = `test/${randomUUID()}`
      await storage.put(key, source(Buffer.from('hello')), { contentType: 'text/plain' })
      await storage.delete(key)
      await storage.delete(key)
      expect(await storage.exists(key)).toBe(false)
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError)
    })

    it('refuses keys that could escape the store', async () => {
      await expect(
        storage.put('../etc/passwd', source(Buffer.from('x')), { contentType: 'text/plain' }),
      ).rejects.toThrow(/Invalid storage key/)
      await expect(storage.get('test/../../x')).rejects.toThrow(/Invalid storage key/)
    })

    it(
      driver === 's3' ? 'presigns a GET URL that serves the object with our headers' : 'has no presigned URLs',
      async () => {
        const key = `test/${randomUUID()}`
        await storage.put(key, source(Buffer.from('%PDF-1.7 test')), { contentType: 'application/pdf' })
        const url = await storage.presignGet(key, {
          expiresInSeconds: 300,
          contentType: 'application/pdf',
          contentDisposition: 'attachment; filename="a.pdf"',
        })
        if (driver === 'disk') return expect(url).toBeNull()
        expect(url).toMatch(/X-Amz-Expires=300/)
        const res = await fetch(url!)
        expect(res.status).toBe(200)
        expect(res.headers.get('content-disposition')).toBe('attachment; filename="a.pdf"')
        expect(await res.text()).toBe('%PDF-1.7 test')
      },
    )
  })
}
