// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { notify } from '#web/lib/toast.ts'
import { SignUpForm } from './sign-up-form'

vi.mock('#web/lib/toast.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
  vi.unstubAllGlobals()
})

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
)

function fill() {
  fireEvent.input(screen.getByLabelText('Full name'), { target: { value: 'Sam Seller' } })
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } })
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'long-enough-1' } })
}

describe('SignUpForm', () => {
  it('offers the six roles as toggle buttons', () => {
    render(<SignUpForm />, { wrapper })
    const group = screen.getByRole('group', { name: 'I am a...' })
    const buttons = Array.from(group.querySelectorAll('button'))
    expect(buttons.map((b) => b.textContent)).toEqual(['Buyer', 'Seller', 'Conveyancer', 'Surveyor', 'Broker', 'Agent'])
    fireEvent.click(buttons[1]!)
    expect(buttons[1]!.getAttribute('aria-pressed')).toBe('true')
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('false')
  })

  it('without a role, toasts Role required and sends nothing', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    render(<SignUpForm />, { wrapper })
    fill()
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Role required', 'Please select your role before continuing.'),
    )
    expect(fetch).not.toHaveBeenCalled()
  })

  it('with a role, posts the choice and `next`, toasts Account created! and says to check the email', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ status: 'check-email', email: 'sam@example.com' })))
    vi.stubGlobal('fetch', fetch)
    const onSignIn = vi.fn()
    render(<SignUpForm next="/invite/abc" onSignIn={onSignIn} />, { wrapper })
    fill()
    fireEvent.click(screen.getByRole('button', { name: 'Seller' }))
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    const heading = await screen.findByRole('heading', { name: 'Check your email' })
    // Focus moves to the news; the form is gone. Sign-up loads no session (nobody is signed in by it).
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(screen.queryByRole('form', { name: 'Sign up' })).toBeNull()
    expect(screen.getByText('sam@example.com')).toBeTruthy()
    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/auth/sign-up/email')
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Sam Seller',
      email: 'sam@example.com',
      password: 'long-enough-1',
      role: 'seller',
      next: '/invite/abc',
    })
    expect(notify.success).toHaveBeenCalledWith(
      'Account created!',
      'Welcome to Homeward. Check your email to continue.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Go to Sign In' }))
    expect(onSignIn).toHaveBeenCalledWith('sam@example.com')
  })

  it('shows the server message in Error signing up', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: { code: 'unprocessable', message: 'An account with this email already exists.' } }),
            { status: 422 },
          ),
      ),
    )
    render(<SignUpForm />, { wrapper })
    fill()
    fireEvent.click(screen.getByRole('button', { name: 'Buyer' }))
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Error signing up', 'An account with this email already exists.'),
    )
  })
})
