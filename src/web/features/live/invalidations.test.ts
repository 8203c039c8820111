import { describe, expect, it } from 'vitest'
import { invalidationsFor } from './invalidations'

const keys = (kind: string, payload: Record<string, unknown> = {}) =>
  invalidationsFor({ kind, payload }, 'tx1').map((i) => JSON.stringify(i.queryKey) + (i.exact ? '!' : ''))

describe('invalidationsFor', () => {
  it('refreshes the detail (exactly), the notifications, the thread list and only that thread for a message', () => {
    expect(keys('message.posted', { threadId: 'th1', messageId: 'm1' })).toEqual([
      '["transactions","detail","tx1"]!',
      '["notifications","list"]',
      '["chat","tx1","threads"]',
      '["chat","tx1","messages","th1"]',
    ])
  })
  it('refreshes the thread list for a new thread', () => {
    expect(keys('thread.created', { threadId: 'th2' })).toContain('["chat","tx1","threads"]')
  })
  it('leaves chat alone for a task tick, but marks the dashboard stale', () => {
    const list = keys('task.completed', { taskId: 't1' })
    expect(list.some((k) => k.includes('"chat"'))).toBe(false)
    expect(list).toContain('["transactions","list"]')
  })
  it('refreshes documents for document and signature events', () => {
    expect(keys('document.uploaded')).toContain('["transactions","documents","tx1"]')
    expect(keys('signature.completed')).toContain('["transactions","documents","tx1"]')
  })
  it('refreshes invitations when someone joins', () => {
    expect(keys('participant.joined')).toContain('["transactions","invitations","tx1"]')
  })
  it('still refreshes the detail and notifications for kinds it does not know', () => {
    expect(keys('something.new')).toEqual(['["transactions","detail","tx1"]!', '["notifications","list"]'])
  })
})
