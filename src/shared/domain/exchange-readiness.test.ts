import { describe, expect, it } from 'vitest'
import { blockedExchangeMessage, exchangeReadiness } from './exchange-readiness'
import { EXCHANGE_TASK_TITLE, standardTimeline } from './timeline-template'

/** The standard freehold timeline as detail-shaped stages, the first `done` stages completed. */
function stages(done: number, blocked?: { name: string; reason: string }) {
  return standardTimeline({ tenure: 'freehold' }).map((s, i) => ({
    stage_name: s.stageName,
    sort_index: i,
    status: blocked?.name === s.stageName ? 'blocked' : i < done ? 'completed' : 'not_started',
    blocked_reason: blocked?.name === s.stageName ? blocked.reason : null,
    tasks: s.tasks.map((k) => ({ title: k.title, status: i < done ? 'completed' : 'not_completed' })),
  }))
}

describe('exchangeReadiness', () => {
  it('lists the open tasks up to and including exchange, not later ones nor the exchange task itself', () => {
    const r = exchangeReadiness({ timeline_stages: stages(6), documents: [] })
    expect(r.openTasks.map((k) => k.stage_name)).toEqual(Array(5).fill('Exchange of contracts'))
    expect(r.openTasks.map((k) => k.title)).not.toContain(EXCHANGE_TASK_TITLE)
    expect(r.blockedStages).toEqual([])
    expect(r.contractSigned).toBe(false)
  })

  it('is clear when everything before exchange is done and a contract is signed', () => {
    const r = exchangeReadiness({
      timeline_stages: stages(7),
      documents: [
        { folder: 'Property', signed_at: '2026-01-01T10:00:00Z' },
        { folder: 'Contracts', signed_at: '2026-01-02T10:00:00Z' },
      ],
    })
    expect(r).toEqual({ blockedStages: [], openTasks: [], contractSigned: true })
  })

  it('names every blocked stage, wherever it is, and counts only a signed contract', () => {
    const r = exchangeReadiness({
      timeline_stages: stages(3, { name: 'Searches', reason: 'Council backlog' }),
      documents: [{ folder: 'Contracts', signed_at: null }],
    })
    expect(r.blockedStages).toEqual([{ stage_name: 'Searches', blocked_reason: 'Council backlog' }])
    expect(r.contractSigned).toBe(false)
    expect(r.openTasks.some((k) => k.stage_name === 'Searches')).toBe(true)
  })
})

describe('blockedExchangeMessage', () => {
  it('names one or several blocked stages', () => {
    expect(blockedExchangeMessage(['Searches'])).toBe(
      'Searches is blocked. Clear the block before recording exchange: from exchange both sides are legally bound.',
    )
    expect(blockedExchangeMessage(['Searches', 'Mortgage & survey', 'Enquiries'])).toMatch(
      /^Searches, Mortgage & survey and Enquiries are blocked\./,
    )
  })
})
