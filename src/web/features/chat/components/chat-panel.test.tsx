// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChatThread, MessagePage, ThreadListResponse } from '#shared/contracts/chat.ts'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { ChatPanel } from './chat-panel'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const TX = '5eed0000-0000-4000-8000-000000000002'
const thread = (
  id: string,
  title: string,
  unread: number,
  topic: ChatThread['topic'] = 'general',
  topic_ref: string | null = null,
): ChatThread => ({
  id,
  title,
  topic,
  topic_ref,
  created_at: '2025-07-01T09:00:00Z',
  last_message_at: '2025-07-01T09:00:00Z',
  created_by: null,
  message_count: 3,
  unread_count: unread,
  last_message_preview: `Latest in ${title}`,
})
const threads: ThreadListResponse = {
  threads: [thread('t-general', 'General', 2), thread('t-search', 'Local search', 0, 'stage', 'stage-1')],
  unread_total: 2,
}
const page: MessagePage = {
  has_more: false,
  messages: [
    {
      id: 'm1',
      thread_id: 't-general',
      body_md: 'Welcome to the move',
      created_at: '2025-07-01T09:00:00Z',
      edited_at: null,
      deleted_at: null,
      author: { id: 'other', full_name: 'Priya Shah' },
      mentions: [],
      attachments: [],
    },
  ],
}
const detail = {
  id: TX,
  timeline_stages: [{ id: 'stage-1', stage_name: 'Searches' }],
  documents: [],
  transaction_participants: [],
} as unknown as TransactionDetail

function renderPanel(path: string) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`)
      if (url.endsWith('/read')) return new Response(null, { status: 204 })
      const body = url.endsWith('/threads') ? threads : page
      return new Response(JSON.stringify(body), { status: 200 })
    }),
  )
  const router = createMemoryRouter(
    [{ path: '/app/transactions/:txId', element: <ChatPanel detail={detail} viewerId="me" /> }],
    { initialEntries: [path] },
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { calls, router }
}

describe('ChatPanel', () => {
  it('lists threads with unread counts and topics, opens General, and marks it read', async () => {
    const { calls } = renderPanel(`/app/transactions/${TX}?tab=chat`)
    const nav = await screen.findByRole('navigation', { name: 'Chat threads' })
    const general = within(nav).getByRole('link', { name: /General/ })
    expect(general.textContent).toContain('2 unread')
    expect(general.getAttribute('aria-current')).toBe('page')
    expect(general.getAttribute('href')).toBe(`/app/transactions/${TX}?tab=chat&thread=t-general`)
    expect(within(nav).getByRole('link', { name: /Local search/ }).textContent).toContain('Stage: Searches')
    expect(await screen.findByText('Welcome to the move')).toBeTruthy()
    await vi.waitFor(() => expect(calls).toContain(`POST /api/transactions/${TX}/threads/t-general/read`))
  })

  it('opens the thread named in ?thread=', async () => {
    renderPanel(`/app/transactions/${TX}?tab=chat&thread=t-search`)
    expect(await screen.findByRole('heading', { name: 'Local search' })).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'Chat threads' })
    expect(
      within(nav)
        .getByRole('link', { name: /Local search/ })
        .getAttribute('aria-current'),
    ).toBe('page')
  })
})
