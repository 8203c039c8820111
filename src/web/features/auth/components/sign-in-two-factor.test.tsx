// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { notify } from '#web/lib/toast.ts'
import { SignInForm } from './sign-in-form'
import { TwoFactorStep } from './two-factor-step'

vi.mock('#web/lib/toast.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
  vi.unstubAllGlobals()
})

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
)
const ME = {
  user: { id: 'u', email: 'tess@example.com', emailVerified: true },
  profile: { id: 'p', full_name: 'Tess', email: 'tess@example.com' },
  roles: ['consumer_buyer'],
}

describe('two-factor sign-in', () => {
  it("a password sign-in answered with twoFactorRedirect asks for the code: no 'Welcome back!' and no session load", async () => {
    const fetch = vi.fn<(url: string) => Promise<Response>>(
      async () => new Response(JSON.stringify({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })),
    )
    vi.stubGlobal('fetch', fetch)
    const onSignedIn = vi.fn()
    const onTwoFactor = vi.fn()
    render(<SignInForm onSignedIn={onSignedIn} onTwoFactor={onTwoFactor} />, { wrapper })
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'tess@example.com' } })
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'long-enough-1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(onTwoFactor).toHaveBeenCalled())
    expect(onSignedIn).not.toHaveBeenCalled()
    expect(notify.success).not.toHaveBeenCalled()
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual(['/api/auth/sign-in/email'])
  })

  it("the code step posts the app code, then toasts 'Welcome back!'; a backup code goes to its own endpoint", async () => {
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(url === '/api/me' ? ME : { token: 't' })))
    vi.stubGlobal('fetch', fetch)
    const onSignedIn = vi.fn()
    render(<TwoFactorStep onBack={() => {}} onSignedIn={onSignedIn} />, { wrapper })
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy()
    fireEvent.input(screen.getByLabelText('Authentication code'), { target: { value: '123 456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled())
    expect(notify.success).toHaveBeenCalledWith('Welcome back!', "You've successfully signed in.")
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/auth/two-factor/verify-totp')
    expect(JSON.parse(String(init.body))).toEqual({ code: '123456' })

    fireEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }))
    fireEvent.input(screen.getByLabelText('Backup code'), { target: { value: 'abcde-12345' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    await waitFor(() =>
      expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/api/auth/two-factor/verify-backup-code'),
    )
  })

  it('shows the lock-out message under the field and does not sign in', async () => {
    const message = 'Too many wrong codes: two-factor sign-in is locked. Try again in 15 minutes.'
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'rate_limited', message } }), { status: 429 })),
    )
    const onSignedIn = vi.fn()
    render(<TwoFactorStep onBack={() => {}} onSignedIn={onSignedIn} />, { wrapper })
    fireEvent.input(screen.getByLabelText('Authentication code'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy())
    expect(onSignedIn).not.toHaveBeenCalled()
    expect(notify.error).toHaveBeenCalledWith('Error signing in', message)
  })
})
