// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChatMessage } from '#shared/contracts/chat.ts'
import { MessageItem } from './message-item'

afterEach(cleanup)

const NOW = new Date('2025-07-10T12:00:00Z')
const base: ChatMessage = {
  id: '00000000-0000-4000-8000-000000000001',
  thread_id: 'th',
  body_md: 'Hi @Sarah Mitchell, the **search** is back',
  created_at: new Date(NOW.getTime() - 5 * 60_000).toISOString(),
  edited_at: null,
  deleted_at: null,
  author: { id: 'me', full_name: 'James Carter' },
  mentions: [{ id: 'sarah', full_name: 'Sarah Mitchell' }],
  attachments: [],
}

function show(message: Partial<ChatMessage>, viewerId = 'me') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageItem txId="tx" message={{ ...base, ...message }} viewerId={viewerId} people={[]} now={NOW} />
    </QueryClientProvider>,
  )
}

describe('MessageItem', () => {
  it('offers Edit and Delete on the viewer’s own message within 15 minutes, with UK time', () => {
    show({})
    expect(screen.getByRole('button', { name: 'Edit your message' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Delete your message' })).toBeTruthy()
    expect(screen.getByText('12:55')).toBeTruthy() // 11:55 UTC is 12:55 in London (BST)
    expect(document.querySelector('mark.mention')?.textContent).toBe('@Sarah Mitchell')
  })

  it('offers nothing after 15 minutes or on someone else’s message', () => {
    show({ created_at: new Date(NOW.getTime() - 16 * 60_000).toISOString() })
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull()
    cleanup()
    show({}, 'someone-else')
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull()
    expect(screen.getByText('James Carter')).toBeTruthy()
  })

  it('says (edited) and shows a deleted message as deleted', () => {
    show({ edited_at: NOW.toISOString() })
    expect(screen.getByText('(edited)')).toBeTruthy()
    cleanup()
    show({ deleted_at: NOW.toISOString(), body_md: '' })
    expect(screen.getByText('This message was deleted')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull()
  })
})
