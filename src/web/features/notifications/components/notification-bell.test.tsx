// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { NotificationListResponse } from '#shared/contracts/notifications.ts'
import { bellLabel, NotificationBell, safeInternalPath } from './notification-bell'

class SilentEventSource {
  static CLOSED = 2
  readyState = 0
  onopen = null
  onerror = null
  addEventListener() {}
  close() {}
}

const list: NotificationListResponse = {
  unread_count: 1,
  notifications: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'mention',
      title: 'Amelia Clarke mentioned you in General',
      body: 'Hello @Priya Shah',
      link: '/app/transactions/tx1?tab=chat&thread=t1',
      transaction_id: 'tx1',
      actor: null,
      created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      read_at: null,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'status_changed',
      title: 'Contracts exchanged',
      body: null,
      link: 'https://evil.example/',
      transaction_id: 'tx1',
      actor: null,
      created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
      read_at: new Date().toISOString(),
    },
  ],
}

let posts: unknown[] = []
beforeEach(() => {
  posts = []
  vi.stubGlobal('EventSource', SilentEventSource)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push([url, JSON.parse(String(init.body))])
        return new Response(null, { status: 204 })
      }
      return new Response(JSON.stringify(list), { status: 200 })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderBell() {
  const router = createMemoryRouter([{ path: '*', element: <NotificationBell /> }], { initialEntries: ['/app/home'] })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

describe('NotificationBell', () => {
  it('names the unread count, lists notifications as links, and marks one read on the way there', async () => {
    const router = renderBell()
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    fireEvent.click(bell)
    const panel = await screen.findByRole('dialog', { name: 'Notifications' })
    const mention = within(panel).getByRole('link', { name: /mentioned you in General/ })
    expect(mention.getAttribute('href')).toBe('/app/transactions/tx1?tab=chat&thread=t1')
    expect(mention.textContent).toContain('5 min ago')
    // An off-site link is never followed: that notification is a plain button.
    expect(within(panel).getByRole('button', { name: /Contracts exchanged/ })).toBeTruthy()
    fireEvent.click(mention)
    await vi.waitFor(() =>
      expect(posts).toEqual([['/api/notifications/read', { ids: ['00000000-0000-4000-8000-000000000001'] }]]),
    )
    expect(router.state.location.pathname).toBe('/app/transactions/tx1')
  })

  it('marks all as read', async () => {
    renderBell()
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }))
    await vi.waitFor(() => expect(posts).toEqual([['/api/notifications/read', { all: true }]]))
  })
})

describe('bellLabel', () => {
  it('says how many are unread', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread')
    expect(bellLabel(0)).toBe('Notifications, none unread')
  })
})

describe('safeInternalPath', () => {
  it.each([
    ['/app/transactions/abc?tab=chat&thread=t1', '/app/transactions/abc?tab=chat&thread=t1'],
    ['//evil.example/x', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
    ['/\\evil.example', null],
  ])('%s -> %s', (link, expected) => expect(safeInternalPath(link)).toBe(expected))
})
