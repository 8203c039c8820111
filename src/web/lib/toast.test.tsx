// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProviders } from '../providers'
import { notify, toasterHost } from './toast'

afterEach(cleanup)

describe('notify', () => {
  it('mounts the Toaster on the first toast and shows one toast at a time', async () => {
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    )
    expect(toasterHost.isWanted()).toBe(false)
    await act(async () => notify.error('Error signing in', 'Invalid email or password.'))
    expect(toasterHost.isWanted()).toBe(true)
    expect(await screen.findByText('Error signing in')).toBeTruthy()
    await act(async () => notify.success('Welcome back!', "You've successfully signed in."))
    expect(await screen.findByText('Welcome back!')).toBeTruthy()
    await act(async () => new Promise((r) => setTimeout(r, 500)))
    expect(screen.queryByText('Error signing in')).toBeNull()
  })
})
