// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SignatureRequest } from '#shared/contracts/signing.ts'
import { SESSION_QUERY_KEY } from '#web/lib/session/api.ts'
import { SignForm } from './sign-form'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const request: SignatureRequest = {
  id: '00000000-0000-4000-8000-0000000000r1',
  transaction_id: 'tx',
  document_id: 'd1',
  document_sha256: 'a'.repeat(64),
  provider: 'builtin',
  status: 'pending',
  in_order: false,
  page: null,
  message: null,
  requested_by: null,
  signed_document_id: null,
  signed_sha256: null,
  created_at: '2025-01-01T00:00:00Z',
  completed_at: null,
  cancelled_at: null,
  signers: [],
}

function renderForm({ verified = true }: { verified?: boolean } = {}) {
  const client = new QueryClient()
  client.setQueryData(SESSION_QUERY_KEY, {
    user: { id: 'u', email: 'sam@example.com', emailVerified: verified },
    profile: { id: 'p', full_name: 'Sam Seller', email: 'sam@example.com' },
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  render(<SignForm txId="tx" request={request} defaultName="Sam Seller" />, { wrapper })
}

describe('SignForm', () => {
  it('asks for consent before sending anything', () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    renderForm()
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    expect(screen.getByText('Agree to sign electronically to continue')).toBeTruthy()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('signs by typing, bound to the reviewed version’s SHA-256', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ...request, status: 'completed' }), { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    renderForm()
    fireEvent.click(screen.getByLabelText(/agree to sign it electronically/))
    expect((screen.getByLabelText('Your full name') as HTMLInputElement).value).toBe('Sam Seller')
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe(`/api/transactions/tx/signature-requests/${request.id}/sign`)
    expect(JSON.parse(String(init.body))).toEqual({
      consent: true,
      method: 'typed',
      typed_name: 'Sam Seller',
      document_sha256: request.document_sha256,
    })
  })

  it('needs a reason to decline', () => {
    renderForm()
    fireEvent.click(screen.getByRole('button', { name: 'Decline…' }))
    fireEvent.click(screen.getByRole('button', { name: 'Decline to sign' }))
    expect(screen.getByText('Give a reason')).toBeTruthy()
  })
  it('says an unconfirmed email blocks signing before any work: no signature pad, no Sign button', () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    renderForm({ verified: false })
    expect(screen.getByRole('alert').textContent).toContain('Confirm your email before you sign')
    expect(screen.getByRole('alert').textContent).toContain('sam@example.com')
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull()
    expect(screen.queryByLabelText(/agree to sign it electronically/)).toBeNull()
    expect(fetch).not.toHaveBeenCalled()
  })
})
