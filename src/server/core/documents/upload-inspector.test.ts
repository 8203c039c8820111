import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { HEIC, HTML, JPEG, makeDocx, makeZip, PNG, SVG } from '#server/test/test-files.ts'
import { sniffHead, UploadInspector, UploadTooLargeError, zipTailIsDocx } from './upload-inspector'

async function inspect(data: Buffer, max = 1 << 20, chunk = 7) {
  const inspector = new UploadInspector(max)
  const parts: Buffer[] = []
  for (let i = 0; i < data.length; i += chunk) parts.push(data.subarray(i, i + chunk))
  await pipeline(Readable.from(parts), inspector, new Writable({ write: (_c, _e, cb) => cb() }))
  return inspector.result
}

describe('upload inspection', () => {
  it('recognises each accepted type by its bytes, in small chunks', async () => {
    expect((await inspect(Buffer.from('%PDF-1.7\n' + 'x'.repeat(30))))?.contentType).toBe('application/pdf')
    expect((await inspect(JPEG))?.contentType).toBe('image/jpeg')
    expect((await inspect(PNG))?.contentType).toBe('image/png')
    expect((await inspect(HEIC))?.contentType).toBe('image/heic')
    expect((await inspect(makeDocx()))?.contentType).toMatch(/wordprocessingml/)
  })

  it('refuses HTML, SVG, other zips and empty input', async () => {
    for (const bad of [HTML, SVG, makeZip({ 'a.txt': 'x' }), Buffer.alloc(0)])
      await expect(inspect(bad)).rejects.toThrow()
    expect(sniffHead(Buffer.from(' %PDF-1.7 padded'))).toBeNull()
    expect(zipTailIsDocx(Buffer.from('PK no directory'), 15)).toBe(false)
  })

  it('stops at the limit', async () => {
    await expect(inspect(Buffer.concat([PNG, Buffer.alloc(100)]), 100)).rejects.toBeInstanceOf(UploadTooLargeError)
  })

  it('hashes what passed through', async () => {
    const r = await inspect(PNG)
    expect(r?.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(r?.sizeBytes).toBe(PNG.length)
  })
})
