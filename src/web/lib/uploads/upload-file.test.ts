import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api-error'
import { uploadFile } from './upload-file'

/** Records what uploadFile asks of XMLHttpRequest and lets each test play the browser's part. */
class FakeXhr {
  static last: FakeXhr
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: unknown
  status = 0
  responseText = ''
  withCredentials = false
  upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void } = {}
  onload?: () => void
  onerror?: () => void
  onabort?: () => void
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.body = body
  }
  responseHeaders: Record<string, string> = {}
  abort() {
    this.onabort?.()
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body)
    this.responseHeaders = headers
    this.onload?.()
  }
}

afterEach(() => vi.unstubAllGlobals())

const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'TA6 form.pdf', { type: 'application/pdf' })

describe('uploadFile', () => {
  it('posts the raw file with folder, name and Idempotency-Key, reports progress and resolves to the version', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const progress = vi.fn()
    const done = uploadFile({ txId: 'tx-1', folder: 'Property', file, idempotencyKey: 'key-1', onProgress: progress })
    const xhr = FakeXhr.last
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/api/transactions/tx-1/documents?folder=Property&filename=TA6+form.pdf')
    expect(xhr.headers['idempotency-key']).toBe('key-1')
    expect(xhr.body).toBe(file)
    xhr.upload.onprogress?.({ loaded: 2, total: 4, lengthComputable: true })
    expect(progress).toHaveBeenCalledWith(2, 4)
    xhr.respond(201, { id: 'doc-1', version: 1 })
    await expect(done).resolves.toEqual({ id: 'doc-1', version: 1 })
  })

  it("rejects with the server's message and status", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const done = uploadFile({ txId: 'tx', folder: 'Identity', file, idempotencyKey: 'k' })
    FakeXhr.last.respond(415, {
      error: { code: 'unsupported_media_type', message: 'This type of file is not accepted.' },
    })
    const err = await done.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).status).toBe(415)
    expect((err as ApiError).message).toBe('This type of file is not accepted.')
  })

  it('says what to do when a proxy answers 413 with HTML, or the server asks to wait (429 Retry-After)', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const tooLarge = uploadFile({ txId: 'tx', folder: 'Identity', file, idempotencyKey: 'k' })
    FakeXhr.last.respond(413, '<html><body>413 Request Entity Too Large</body></html>')
    await expect(tooLarge).rejects.toMatchObject({ status: 413, message: expect.stringMatching(/smaller file/) })
    const limited = uploadFile({ txId: 'tx', folder: 'Identity', file, idempotencyKey: 'k2' })
    FakeXhr.last.respond(429, '', { 'retry-after': '120' })
    await expect(limited).rejects.toMatchObject({
      status: 429,
      message: 'Too many attempts. Try again in 2 minutes.',
    })
  })

  it('reports a dropped connection as status 0 with what to do', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const done = uploadFile({ txId: 'tx', folder: 'Identity', file, idempotencyKey: 'k' })
    FakeXhr.last.onerror?.()
    await expect(done).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/Check your connection/) })
  })

  it('aborts when the signal fires, rejecting with an AbortError', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const controller = new AbortController()
    const done = uploadFile({ txId: 'tx', folder: 'Identity', file, idempotencyKey: 'k', signal: controller.signal })
    controller.abort()
    await expect(done).rejects.toMatchObject({ name: 'AbortError' })
  })
})
