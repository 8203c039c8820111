/**
 * The weekly seller update's whole email (issue 40 item 1) for every combination of who holds the
 * current stage's open tasks: it never says "the your", "the the" or "the you", names who is waiting
 * in one sentence (src/shared/domain/seller-update.ts), and leaves the buyer's survey out.
 */
import { describe, expect, it } from 'vitest'
import { waitingSentence, WAITING_PARTIES, type WaitingParty } from '#shared/domain/seller-update.ts'
import { weeklyUpdateText } from './weekly-update'

const OWNER_OF: Record<WaitingParty, string | null> = {
  you: 'seller_side',
  your_conveyancer: 'seller_conveyancer',
  estate_agent: 'estate_agent',
  buyer: 'buyer_side',
  buyers_conveyancer: 'buyer_conveyancer',
  buyers_broker: 'mortgage_broker',
  buyers_surveyor: 'surveyor',
  team: null,
}
const subsets: WaitingParty[][] = Array.from({ length: 2 ** WAITING_PARTIES.length }, (_, mask) =>
  WAITING_PARTIES.filter((_, i) => mask & (1 << i)),
)

describe('weeklyUpdateText for every combination of who holds the open tasks', () => {
  const now = new Date('2026-12-07T09:00:00Z')
  it('never reads "the your" and names who is waiting in one sentence', () => {
    for (const parties of subsets) {
      const tasks = [
        {
          title: 'Offer accepted',
          status: 'completed',
          owner_side: 'estate_agent',
          completed_at: '2026-12-03T10:00:00Z',
          stage_name: 'Offer accepted',
          stage_status: 'completed',
          blocked_reason: null,
          stage_sort: 0,
        },
        ...parties.map((p, i) => ({
          title: `Step ${i + 1}`,
          status: 'not_completed',
          owner_side: OWNER_OF[p],
          completed_at: null,
          stage_name: 'Searches',
          stage_status: 'in_progress',
          blocked_reason: null,
          stage_sort: 1,
        })),
      ]
      const { text } = weeklyUpdateText({
        sellerName: 'Sam',
        address: '1 High St',
        agentName: 'Avery',
        tasks,
        now,
        link: 'https://x',
      })
      for (const bad of [/\bthe your\b/i, /\bthe the\b/i, /\bthe you\b/i]) expect(text).not.toMatch(bad)
      // The buyer's survey is the buyer's business: never in the seller's update.
      const seen = parties.filter((p) => p !== 'buyers_surveyor')
      if (seen.length === 0) expect(text).not.toContain('Who is waiting on whom')
      else {
        expect(text).toContain('Who is waiting on whom')
        expect(text).toContain(waitingSentence(Object.fromEntries(seen.map((p) => [p, 1])))!)
      }
      if (parties.includes('your_conveyancer')) expect(text).toMatch(/\(your conveyancer\)/)
    }
  })
})
