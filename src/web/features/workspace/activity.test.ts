import { describe, expect, it } from 'vitest'
import type { Message } from '#shared/contracts/transactions.ts'
import { plainText, recentActivity } from './activity'

const msg = (id: string, at: string, body = 'Hello', author: string | null = 'Tom Whitfield'): Message => ({
  id,
  body_md: body,
  created_at: at,
  author: author ? { id: 'p', full_name: author } : null,
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
  it('lists the latest five messages, newest first, as plain text', () => {
    const items = recentActivity([
      msg('1', '2025-05-01T10:00:00Z'),
      msg('2', '2025-05-03T10:00:00Z', 'Hi **all**'),
      msg('3', '2025-05-02T10:00:00Z'),
      msg('4', '2025-05-05T10:00:00Z'),
      msg('5', '2025-05-04T10:00:00Z'),
      msg('6', '2025-04-01T10:00:00Z'),
    ])
    expect(items.map((i) => i.id)).toEqual(['4', '5', '2', '3', '1'])
    expect(items[2]).toMatchObject({ who: 'Tom Whitfield', text: 'Hi all' })
  })
  it('names a missing author', () => {
    const [m] = recentActivity([msg('1', '2025-05-01T10:00:00Z', 'x', null)])
    expect(m!.who).toBe('Someone')
  })
})
