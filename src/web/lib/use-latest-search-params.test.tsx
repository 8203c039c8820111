// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { useLatestSearchParams } from './use-latest-search-params'

afterEach(cleanup)

function Filters() {
  const [params, update] = useLatestSearchParams()
  const location = useLocation()
  return (
    <div>
      <p data-testid="search">{location.search}</p>
      <p data-testid="side">{params.get('side') ?? ''}</p>
      <button onClick={() => update((p) => p.delete('fee_earner'))}>Everyone</button>
      <button onClick={() => update((p) => p.set('q', 'AL1 4NG'))}>Search</button>
    </div>
  )
}

/** A router whose loader holds every navigation until `release` is called, as a slow loader would. */
function slowRouter(initial: string) {
  let pending: (() => void)[] = []
  let held = false
  const router = createMemoryRouter(
    [
      {
        path: '/app/cases',
        loader: () => (held ? new Promise<null>((resolve) => pending.push(() => resolve(null))) : null),
        element: <Filters />,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: [initial] },
  )
  return {
    router,
    hold: () => (held = true),
    release: () => {
      const waiting = pending
      pending = []
      waiting.forEach((r) => r())
    },
  }
}

describe('useLatestSearchParams', () => {
  it('keeps a change made while the previous navigation is still pending', async () => {
    const { router, hold, release } = slowRouter('/app/cases?side=buyer&fee_earner=daniel')
    render(<RouterProvider router={router} />)
    await screen.findByText('Everyone')
    hold()
    fireEvent.click(screen.getByText('Everyone'))
    // The first navigation has not committed: this render still has fee_earner in its params.
    expect(screen.getByTestId('search').textContent).toContain('fee_earner=daniel')
    fireEvent.click(screen.getByText('Search'))
    await act(async () => release())
    await act(async () => release())
    expect(router.state.location.search).toBe('?side=buyer&q=AL1+4NG')
    expect(screen.getByTestId('search').textContent).toBe('?side=buyer&q=AL1+4NG')
  })

  it('builds on a URL that changed from elsewhere (a link, Back)', async () => {
    const { router } = slowRouter('/app/cases?fee_earner=daniel')
    render(<RouterProvider router={router} />)
    await screen.findByText('Everyone')
    await act(async () => router.navigate('/app/cases?side=seller'))
    expect(screen.getByTestId('side').textContent).toBe('seller')
    fireEvent.click(screen.getByText('Search'))
    await act(async () => {})
    expect(router.state.location.search).toBe('?side=seller&q=AL1+4NG')
  })
})
