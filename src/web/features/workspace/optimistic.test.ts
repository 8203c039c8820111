import { describe, expect, it } from 'vitest'
import type { Task, TimelineStage, TransactionDetail } from '#shared/contracts/transactions.ts'
import { deriveStage, stageCounts, tasksCompleteLabel, withTaskStatus } from './optimistic'

const task = (id: string, status: Task['status'] = 'not_completed'): Task => ({
  id,
  title: `Task ${id}`,
  status,
  sort_index: 0,
  owner_side: 'buyer_conveyancer',
  version: 1,
  completed_at: null,
  completed_by: null,
  completed_by_name: null,
})

const stage = (id: string, tasks: Task[], extra: Partial<TimelineStage> = {}): TimelineStage => ({
  id,
  stage_name: `Stage ${id}`,
  sort_index: 0,
  status: 'not_started',
  percent_complete: 0,
  blocked_reason: null,
  blocked_by_name: null,
  blocked_at: null,
  version: 1,
  tasks,
  ...extra,
})

const detail = (stages: TimelineStage[]): TransactionDetail => ({
  id: 'tx',
  status: 'active',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  archived_at: null,
  version: 1,
  buyer_user_id: null,
  seller_user_id: null,
  agreed_price_pence: null,
  exchange_date: null,
  completion_date: null,
  cancelled_reason: null,
  viewer_role: 'buyer_conveyancer',
  property: null,
  timeline_stages: stages,
  transaction_participants: [],
  documents: [],
  messages: [],
  activity: [],
  off_platform_parties: [],
})

describe('deriveStage', () => {
  it('derives percent and status from the tasks', () => {
    expect(deriveStage(stage('s', [task('a'), task('b'), task('c')]))).toMatchObject({
      percent_complete: 0,
      status: 'not_started',
    })
    expect(deriveStage(stage('s', [task('a', 'completed'), task('b'), task('c')]))).toMatchObject({
      percent_complete: 33,
      status: 'in_progress',
    })
    expect(deriveStage(stage('s', [task('a', 'completed'), task('b', 'completed')]))).toMatchObject({
      percent_complete: 100,
      status: 'completed',
    })
  })

  it('keeps a blocked stage blocked whatever its tasks', () => {
    const s = stage('s', [task('a', 'completed')], { blocked_reason: 'Council delay' })
    expect(deriveStage(s)).toMatchObject({ percent_complete: 100, status: 'blocked' })
  })

  it('treats a stage without tasks as not started, as the server does', () => {
    expect(deriveStage(stage('s', [], { percent_complete: 40 }))).toMatchObject({
      percent_complete: 0,
      status: 'not_started',
    })
  })
})

describe('withTaskStatus', () => {
  const d = detail([stage('one', [task('a'), task('b')]), stage('two', [task('c')])])

  it('ticks one task and re-derives only its stage', () => {
    const next = withTaskStatus(d, 'a', 'completed', { name: 'Priya Shah', at: '2025-05-01T10:00:00Z' })
    expect(next.timeline_stages[0]).toMatchObject({ percent_complete: 50, status: 'in_progress' })
    expect(next.timeline_stages[0]!.tasks[0]).toMatchObject({
      status: 'completed',
      completed_by_name: 'Priya Shah',
      completed_at: '2025-05-01T10:00:00Z',
    })
    expect(next.timeline_stages[1]).toBe(d.timeline_stages[1])
    expect(d.timeline_stages[0]!.tasks[0]!.status).toBe('not_completed')
  })

  it('unticks and clears who ticked it', () => {
    const ticked = withTaskStatus(d, 'c', 'completed', { name: 'X', at: 'now' })
    const unticked = withTaskStatus(ticked, 'c', 'not_completed')
    expect(unticked.timeline_stages[1]).toMatchObject({ percent_complete: 0, status: 'not_started' })
    expect(unticked.timeline_stages[1]!.tasks[0]).toMatchObject({ completed_at: null, completed_by_name: null })
  })

  it('returns the same detail for an unknown task', () => {
    expect(withTaskStatus(d, 'zzz', 'completed')).toBe(d)
  })
})

describe('labels and counts', () => {
  it('counts completed and in-progress stages, blocked as in progress', () => {
    expect(
      stageCounts([
        { status: 'completed' },
        { status: 'in_progress' },
        { status: 'blocked' },
        { status: 'not_started' },
      ]),
    ).toEqual({
      completed: 1,
      inProgress: 2,
    })
  })
  it('says N of M tasks complete', () => {
    expect(tasksCompleteLabel([task('a', 'completed'), task('b')])).toBe('1 of 2 tasks complete')
    expect(tasksCompleteLabel([])).toBe('0 of 0 tasks complete')
  })
})
