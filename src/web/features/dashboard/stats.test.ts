import { describe, expect, it } from 'vitest'
import type { DashboardTransaction } from '#shared/contracts/transactions.ts'
import type { ParticipantRole } from '#shared/domain/roles.ts'
import { dashboardStats } from './stats'

type StageSummary = DashboardTransaction['timeline_stages'][number]

let n = 0
function tx(overrides: Partial<DashboardTransaction> = {}): DashboardTransaction {
  n += 1
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    status: 'active',
    created_at: '2025-09-01T09:00:00Z',
    archived_at: null,
    buyer_user_id: null,
    seller_user_id: null,
    property: { address_lines: ['1 High Street', 'Harpenden'], postcode: 'AL5 2AA' },
    timeline_stages: [],
    transaction_participants: [],
    ...overrides,
  }
}

describe('dashboardStats', () => {
  it('is all zeros with no transactions', () => {
    expect(dashboardStats([])).toEqual({ activeMoves: 0, avgProgress: 0, teamMembers: 0, totalMoves: 0 })
  })

  it('counts active and draft as active moves, unknown and final statuses not', () => {
    // 'weird' is outside the contract: what a page built before a new status would receive.
    const statuses = [
      'active',
      'draft',
      'exchange',
      'completed',
      'cancelled',
      'weird',
    ] as DashboardTransaction['status'][]
    const list = statuses.map((status) => tx({ status }))
    expect(dashboardStats(list).activeMoves).toBe(2)
    expect(dashboardStats(list).totalMoves).toBe(6)
  })

  it('averages each transaction’s rounded stage mean, then rounds', () => {
    const x = 'x' as StageSummary['status'] // a stage status outside the contract
    const a = tx({
      timeline_stages: [
        { status: 'completed', percent_complete: 100, stage_name: 'A' },
        { status: x, percent_complete: 33, stage_name: 'B' },
      ],
    }) // 66.5 -> 67
    const b = tx({ timeline_stages: [{ status: x, percent_complete: 0, stage_name: 'A' }] }) // 0
    const c = tx({ timeline_stages: [] }) // 0
    expect(dashboardStats([a, b, c]).avgProgress).toBe(22) // (67 + 0 + 0) / 3 = 22.33
  })

  it('sums participants as team members', () => {
    const p = (role: ParticipantRole) => ({ user_id: role, role })
    const list = [
      tx({ transaction_participants: [p('buyer'), p('seller')] }),
      tx({ transaction_participants: [p('buyer')] }),
    ]
    expect(dashboardStats(list).teamMembers).toBe(3)
  })
})
