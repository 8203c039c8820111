import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiFetch } from './api-client'
import { ApiError } from './api-error'

const respond = (status: number, body: unknown, raw = false) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(raw ? (body as string) : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  )

afterEach(() => vi.restoreAllMocks())

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

  it('reports a network failure as status 0', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 0, code: 'network_error' })
  })
})
