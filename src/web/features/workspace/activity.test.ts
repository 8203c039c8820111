import { describe, expect, it } from 'vitest'
import type { ActivityEvent } from '#shared/contracts/activity.ts'
import type { Message } from '#shared/contracts/transactions.ts'
import { plainText, recentActivity } from './activity'

const msg = (id: string, at: string, body = 'Hello', author: string | null = 'Tom Whitfield'): Message => ({
  id,
  body_md: body,
  created_at: at,
  author: author ? { id: 'p', full_name: author } : null,
})
const ev = (id: string, at: string, summary = 'ticked “TA6”', actor: string | null = 'Priya Shah'): ActivityEvent => ({
  id,
  kind: 'task.completed',
  summary,
  actor: actor ? { id: 'p', full_name: actor } : null,
  created_at: at,
})

describe('plainText', () => {
  it('drops markdown markers', () => {
    expect(plainText('needs about **15 more working days**, so')).toBe('needs about 15 more working days, so')
    expect(plainText('Searches:\n\n- Local authority\n- Drainage')).toBe('Searches: Local authority Drainage')
    expect(plainText('See [the plan](https://x.example) and `TR1`')).toBe('See the plan and TR1')
    expect(plainText('# Title\n> quoted _word_')).toBe('Title quoted word')
  })
  it('keeps lone asterisks and snake_case words', () => {
    expect(plainText('5 * 3 and owner_side')).toBe('5 * 3 and owner_side')
  })
})

describe('recentActivity', () => {
  it('merges messages and events newest first, five at most', () => {
    const items = recentActivity(
      [msg('1', '2025-05-01T10:00:00Z'), msg('2', '2025-05-03T10:00:00Z', 'Hi **all**')],
      [
        ev('a', '2025-05-02T10:00:00Z'),
        ev('b', '2025-05-04T10:00:00Z'),
        ev('c', '2025-05-05T10:00:00Z'),
        ev('d', '2025-04-01T10:00:00Z'),
      ],
    )
    expect(items.map((i) => i.id)).toEqual(['e-c', 'e-b', 'm-2', 'e-a', 'm-1'])
    expect(items[2]).toMatchObject({ kind: 'message', who: 'Tom Whitfield', text: 'Hi all' })
    expect(items[0]).toMatchObject({ kind: 'event', who: 'Priya Shah', text: 'ticked “TA6”' })
  })
  it('names missing people', () => {
    const [m] = recentActivity([msg('1', '2025-05-01T10:00:00Z', 'x', null)], [])
    const [e] = recentActivity([], [ev('a', '2025-05-01T10:00:00Z', 's', null)])
    expect(m!.who).toBe('Someone')
    expect(e!.who).toBeNull()
  })
  it('lists a chat message once: its own audit entries (posted, edited, new thread) are left out', () => {
    const posted = { ...ev('a', '2025-05-01T10:00:01Z', 'posted in “General”'), kind: 'message.posted' }
    const thread = { ...ev('b', '2025-05-01T10:00:00Z', 'started the thread “Survey”'), kind: 'thread.created' }
    const items = recentActivity([msg('1', '2025-05-01T10:00:01Z', 'Hi all')], [posted, thread])
    expect(items.map((i) => i.kind)).toEqual(['message'])
  })
})
