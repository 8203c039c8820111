import { describe, expect, it } from 'vitest'
import type { ClockStatus } from '#shared/contracts/enquiries.ts'
import { clockText } from './labels'

const clock = (over: Partial<ClockStatus>): ClockStatus => ({
  id: '00000000-0000-4000-8000-000000000001',
  clock_type: 'enquiry_replies',
  label: 'Replies to enquiries',
  side: 'seller',
  state: 'running',
  sla: 'on_track',
  target_working_days: 5,
  used_working_days: 2,
  remaining_working_days: 3,
  due_date: '2026-12-02',
  started_at: '2026-11-25T10:00:00.000Z',
  stopped_at: null,
  enquiry_id: null,
  ...over,
})

describe('clockText', () => {
  it('says when the reply is due, in UK format, with the SLA status, from the one wording', () => {
    expect(clockText(clock({}), '2026-11-27')).toBe('On track: reply due 02 Dec 2026')
    expect(clockText(clock({ sla: 'due_soon' }), '2026-12-02')).toBe('Due soon: reply due today (02 Dec 2026)')
    expect(clockText(clock({ sla: 'breached' }), '2026-12-03')).toBe('Breached: reply was due 02 Dec 2026')
  })

  it('never says due soon for a past date, even paused', () => {
    const paused = clock({ state: 'paused', sla: 'due_soon', due_date: '2026-11-30' })
    expect(clockText(paused, '2026-12-01')).toBe(
      'Breached: reply was due 30 Nov 2026 (clock paused while the stage is blocked)',
    )
  })

  it('says paused, met and late plainly', () => {
    expect(clockText(clock({ state: 'paused', due_date: null }), '2026-12-01')).toBe(
      'Clock paused while the stage is blocked',
    )
    expect(clockText(clock({ state: 'met' }))).toBe('Replied within the SLA')
    expect(clockText(clock({ state: 'missed', used_working_days: 7 }))).toBe('Replied late (7 working days)')
    expect(clockText(null)).toBeNull()
  })
})
