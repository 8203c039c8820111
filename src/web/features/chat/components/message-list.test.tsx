// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ChatMessage } from '#shared/contracts/chat.ts'
import { MessageList } from './message-list'

// happy-dom does no layout: each message is 100 px tall and the box shows 300 px.
const ROW = 100
const VIEW = 300
const descriptors: [string, PropertyDescriptor | undefined][] = []
beforeAll(() => {
  for (const name of ['scrollHeight', 'clientHeight', 'offsetTop', 'offsetHeight']) {
    descriptors.push([name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)])
  }
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.querySelectorAll('article').length * ROW
    },
  })
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => VIEW })
  // Messages stack from the top of the box, one ROW each.
  Object.defineProperty(HTMLElement.prototype, 'offsetTop', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.messageId && this.parentElement ? [...this.parentElement.children].indexOf(this) * ROW : 0
    },
  })
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => ROW })
})
afterAll(() => {
  for (const [name, d] of descriptors) if (d) Object.defineProperty(HTMLElement.prototype, name, d)
})
afterEach(cleanup)

const VIEWER = 'viewer-id'
const msg = (n: number, authorId = 'other-id'): ChatMessage => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  thread_id: 'th',
  body_md: `Message ${n}`,
  created_at: new Date(Date.UTC(2025, 6, 10, 9, n)).toISOString(),
  edited_at: null,
  deleted_at: null,
  author: { id: authorId, full_name: authorId === VIEWER ? 'Viewer' : 'Sarah Mitchell' },
  mentions: [],
  attachments: [],
})
const range = (from: number, to: number, author?: string) =>
  Array.from({ length: to - from + 1 }, (_, i) => msg(from + i, author))

function renderList(messages: ChatMessage[], extra: { onLoadOlder?: () => void; hasOlder?: boolean } = {}) {
  const client = new QueryClient()
  const wrap = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>
  const props = {
    txId: 'tx',
    viewerId: VIEWER,
    people: [],
    hasOlder: extra.hasOlder ?? false,
    loadingOlder: false,
    onLoadOlder: extra.onLoadOlder ?? (() => {}),
  }
  const view = render(wrap(<MessageList {...props} messages={messages} />))
  const box = screen.getByRole('region', { name: 'Messages' })
  return {
    box,
    update: (next: ChatMessage[]) => view.rerender(wrap(<MessageList {...props} messages={next} />)),
  }
}

describe('MessageList', () => {
  it('opens at the newest message and follows new ones while at the bottom', () => {
    const { box, update } = renderList(range(1, 10))
    expect(box.scrollTop).toBe(10 * ROW)
    update(range(1, 11))
    expect(box.scrollTop).toBe(11 * ROW)
    expect(screen.queryByRole('button', { name: /new message/ })).toBeNull()
  })

  it('does not move a reader who scrolled up; shows a pill that jumps down', () => {
    const { box, update } = renderList(range(1, 10))
    box.scrollTop = 200
    fireEvent.scroll(box)
    update(range(1, 12))
    expect(box.scrollTop).toBe(200)
    const pill = screen.getByRole('button', { name: '2 new messages' })
    fireEvent.click(pill)
    expect(box.scrollTop).toBe(12 * ROW)
    expect(screen.queryByRole('button', { name: /new messages/ })).toBeNull()
  })

  it('follows the viewer’s own new message even when scrolled up', () => {
    const { box, update } = renderList(range(1, 10))
    box.scrollTop = 200
    fireEvent.scroll(box)
    update([...range(1, 10), msg(11, VIEWER)])
    expect(box.scrollTop).toBe(11 * ROW)
  })

  it('keeps the reader’s place when older messages are prepended, and asks for them near the top', () => {
    const onLoadOlder = vi.fn()
    const { box, update } = renderList(range(31, 60), { hasOlder: true, onLoadOlder })
    box.scrollTop = 50
    fireEvent.scroll(box)
    expect(onLoadOlder).toHaveBeenCalled()
    update(range(1, 60))
    expect(box.scrollTop).toBe(50 + 30 * ROW)
  })

  it('keeps the reader’s place when a refetch drops older messages above while new ones arrive', () => {
    const { box, update } = renderList(range(11, 60))
    box.scrollTop = 1000 // Message 21 at the top of the view
    fireEvent.scroll(box)
    update(range(13, 62))
    expect(box.scrollTop).toBe(800) // Message 21 is now the 9th item: still at the top of the view
    expect(screen.getByRole('button', { name: '2 new messages' })).toBeTruthy()
  })

  it('announces a new message from someone else politely', () => {
    const { update } = renderList(range(1, 3))
    act(() => update(range(1, 4)))
    expect(screen.getByText('New message from Sarah Mitchell: Message 4')).toBeTruthy()
  })
})
