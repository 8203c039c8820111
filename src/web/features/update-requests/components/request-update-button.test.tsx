// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mayRequestUpdate, RequestUpdateButton } from './request-update-button'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function renderWith(fetchImpl: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => fetchImpl(url, init))
  vi.stubGlobal('fetch', fetchMock)
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RequestUpdateButton txId="tx1" />
    </QueryClientProvider>,
  )
  return fetchMock
}

describe('RequestUpdateButton', () => {
  it('is offered to buyers and sellers only', () => {
    expect(['buyer', 'seller', 'buyer_conveyancer', null].map(mayRequestUpdate)).toEqual([true, true, false, false])
  })

  it('is disabled until the next allowed time, and says when', async () => {
    renderWith(() => json(200, { requests: [], can_request: false, next_allowed_at: '2099-01-02T09:30:00Z' }))
    expect(await screen.findByText('Requested. You can ask again from 02 Jan 2099, 09:30.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Request update' }).hasAttribute('disabled')).toBe(true)
  })

  it('sends the note and shows the server’s 429 message', async () => {
    const fetchMock = renderWith((_url, init) =>
      init?.method === 'POST'
        ? json(429, {
            error: { code: 'rate_limited', message: 'You asked at 09:30; you can ask again tomorrow at 09:30.' },
          })
        : json(200, { requests: [], can_request: true, next_allowed_at: null }),
    )
    const button = screen.getByRole('button', { name: 'Request update' })
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
    fireEvent.click(button)
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: '  Any news?  ' } })
    fireEvent.click(screen.getAllByRole('button', { name: 'Request update' }).at(-1)!)
    expect((await screen.findByText(/you can ask again tomorrow/)).textContent).toBe(
      'You asked at 09:30; you can ask again tomorrow at 09:30.',
    )
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(post?.[0]).toBe('/api/transactions/tx1/update-requests')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ note: 'Any news?' })
  })
})
