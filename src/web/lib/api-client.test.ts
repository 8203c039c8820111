import { afterEach, describe, expect, it, vi } from 'vitest'
import { chatEndpoints } from '#shared/contracts/chat.ts'
import { transactionEndpoints } from '#shared/contracts/transactions.ts'
import { apiFetch, callApi } from './api-client'
import { ApiError } from './api-error'

const respond = (status: number, body: unknown, raw = false, headers: Record<string, string> = {}) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(raw ? (body as string) : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  )

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('apiFetch', () => {
  it('returns the parsed body and sends JSON with the same-origin cookies', async () => {
    const spy = respond(200, { ok: true })
    await expect(apiFetch('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true })
    const [, init] = spy.mock.calls[0]
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"a":1}' })
    expect((init!.headers as Record<string, string>)['content-type']).toBe('application/json')
  })

  it('turns the error body into a typed ApiError with code, message and fields', async () => {
    respond(400, {
      error: {
        code: 'validation_failed',
        message: 'Check the form',
        fields: { email: ['Enter a valid email address'] },
      },
    })
    const err = await apiFetch('/api/x').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Check the form',
      fields: { email: ['Enter a valid email address'] },
      isClientError: true,
    })
  })

  it('falls back to a message per status when the body is not ours', async () => {
    respond(502, '<html>Bad gateway</html>', true)
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 502, code: 'internal', isClientError: false })
  })

  it('reports a network failure as status 0 with what to do', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'We could not reach Homeward. Check your connection and try again.',
    })
  })

  it.each([
    [403, /permission/],
    [409, /Someone else changed this/],
    [413, /too large/],
    [422, /could not be accepted/],
    [500, /went wrong on our side/],
    [503, /unavailable just now/],
  ])('gives a message a person can act on for a bare %i', async (status, message) => {
    respond(status, '', true)
    const err = (await apiFetch('/api/x').catch((e: unknown) => e)) as ApiError
    expect(err).toBeInstanceOf(ApiError)
    expect(err.status).toBe(status)
    expect(err.message).toMatch(message)
  })

  it('says when to try again after a 429, from Retry-After in seconds or as a date', async () => {
    respond(429, 'Too Many Requests', true, { 'retry-after': '300' })
    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfterSeconds: 300,
      message: 'Too many attempts. Try again in 5 minutes.',
      isClientError: false,
    })
    vi.restoreAllMocks()
    respond(429, '', true, { 'retry-after': new Date(Date.now() + 30_000).toUTCString() })
    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      message: expect.stringMatching(/^Too many attempts\. Try again in (29|30|31) seconds\.$/),
    })
  })

  it("keeps the server's own 429 message and takes a bare { message } body", async () => {
    respond(
      429,
      { error: { code: 'rate_limited', message: 'Too many attempts. Please try again in 2 minutes.' } },
      false,
      {
        'retry-after': '120',
      },
    )
    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      message: 'Too many attempts. Please try again in 2 minutes.',
      retryAfterSeconds: 120,
    })
    vi.restoreAllMocks()
    respond(403, { code: 'INVALID_ORIGIN', message: 'Invalid origin' })
    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Invalid origin',
    })
  })

  it('gives up after the time limit with a timeout error, and passes a caller abort through', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_path, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    )
    await expect(apiFetch('/api/x', { timeoutMs: 20 })).rejects.toMatchObject({
      status: 0,
      code: 'timeout',
      message: expect.stringMatching(/taking too long/),
    })
    const controller = new AbortController()
    const pending = apiFetch('/api/x', { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('callApi', () => {
  const txId = '5eed0000-0000-4000-8000-000000000002'

  it('takes method and path from the catalogue entry, filling and encoding path parameters and the query', async () => {
    const spy = respond(200, { messages: [], has_more: false })
    const page = await callApi(chatEndpoints.messages, {
      params: { txId, threadId: 'a/b c' },
      query: { limit: 30, before: undefined },
    })
    expect(page.has_more).toBe(false)
    const [url, init] = spy.mock.calls[0]
    expect(url).toBe(`/api/transactions/${txId}/threads/a%2Fb%20c/messages?limit=30`)
    expect(init).toMatchObject({ method: 'GET' })
  })

  it('sends the body as JSON with the entry method', async () => {
    const spy = respond(200, {})
    await callApi(transactionEndpoints.updateTask, {
      params: { txId, taskId: txId },
      body: { status: 'completed', version: 3 },
    })
    const [url, init] = spy.mock.calls[0]
    expect(url).toBe(`/api/transactions/${txId}/tasks/${txId}`)
    expect(init).toMatchObject({ method: 'PATCH', body: '{"status":"completed","version":3}' })
  })

  it('refuses, in types and at run time, a call without the path parameters the path names', async () => {
    respond(200, {})
    // @ts-expect-error params are required for /transactions/{txId}
    expect(() => callApi(transactionEndpoints.detail)).toThrow("path parameter 'txId' is missing")
  })
})
