import { describe, expect, it } from 'vitest'
import { canTickTask } from './permissions'
import { canTickTaskOnMove, rolesOnMove, standInNote, taskOwnership } from './task-owners'
import { OWNER_SIDES, standardTimeline } from './timeline-template'

const BOTH_PARTIES_AND_CONVEYANCERS = ['buyer', 'seller', 'buyer_conveyancer', 'seller_conveyancer']

describe('taskOwnership', () => {
  it.each([
    ['estate_agent', ['buyer', 'seller', 'buyer_conveyancer', 'seller_conveyancer'], 'seller_conveyancer'],
    ['estate_agent', ['buyer', 'seller', 'buyer_conveyancer'], 'seller'],
    ['mortgage_broker', BOTH_PARTIES_AND_CONVEYANCERS, 'buyer_conveyancer'],
    ['mortgage_broker', ['buyer', 'seller'], 'buyer'],
    ['surveyor', ['buyer', 'buyer_conveyancer'], 'buyer_conveyancer'],
    ['surveyor', ['buyer'], 'buyer'],
    ['buyer_conveyancer', ['buyer', 'seller', 'seller_conveyancer'], 'buyer'],
    ['seller_conveyancer', ['buyer', 'seller', 'buyer_conveyancer'], 'seller'],
  ])('gives a %s task on a move with %j to one stand-in: %s', (owner, roles, standIn) => {
    expect(taskOwnership(owner, roles)).toEqual({ roles: [standIn], absentOwner: owner, standIn })
  })

  it('leaves a professional task with that professional alone when they are on the move', () => {
    const roles = [...BOTH_PARTIES_AND_CONVEYANCERS, 'estate_agent', 'mortgage_broker', 'surveyor']
    for (const owner of ['estate_agent', 'mortgage_broker', 'surveyor', 'buyer_conveyancer', 'seller_conveyancer']) {
      expect(taskOwnership(owner, roles)).toEqual({ roles: [owner], absentOwner: null, standIn: null })
    }
    // The buyer's conveyancer no longer ticks the surveyor's report when the surveyor is on the move.
    expect(canTickTaskOnMove('buyer_conveyancer', 'surveyor', roles)).toBe(false)
    expect(canTickTaskOnMove('seller_conveyancer', 'estate_agent', roles)).toBe(false)
  })

  it('keeps side tasks with that side: its consumer and its conveyancer, whoever else is on the move', () => {
    expect(taskOwnership('buyer_side', []).roles).toEqual(['buyer', 'buyer_conveyancer'])
    expect(taskOwnership('seller_side', ['buyer']).roles).toEqual(['seller', 'seller_conveyancer'])
    expect(taskOwnership(null, []).roles).toEqual(['buyer_conveyancer', 'seller_conveyancer'])
  })

  it('never hands a task to the other side, and to nobody when its side has nobody on the move', () => {
    expect(taskOwnership('estate_agent', ['buyer', 'buyer_conveyancer'])).toEqual({
      roles: [],
      absentOwner: 'estate_agent',
      standIn: null,
    })
    expect(canTickTaskOnMove('buyer_conveyancer', 'estate_agent', ['buyer', 'buyer_conveyancer', 'seller'])).toBe(false)
    expect(canTickTaskOnMove('seller_conveyancer', 'surveyor', BOTH_PARTIES_AND_CONVEYANCERS)).toBe(false)
  })

  it('lets every task of the standard timeline be ticked by someone on a move of buyer, seller and one conveyancer', () => {
    const roles = ['buyer', 'seller', 'buyer_conveyancer']
    for (const tenure of ['freehold', 'leasehold'] as const) {
      for (const stage of standardTimeline({ tenure })) {
        for (const task of stage.tasks) {
          expect(taskOwnership(task.ownerSide, roles).roles.length, task.title).toBeGreaterThan(0)
        }
      }
    }
    // And each owner kind is covered.
    for (const owner of OWNER_SIDES) expect(taskOwnership(owner, BOTH_PARTIES_AND_CONVEYANCERS).roles).not.toEqual([])
  })

  it('is what canTickTask (the server gate) answers', () => {
    expect(canTickTask('seller', 'estate_agent', ['buyer', 'seller'])).toBe(true)
    expect(canTickTask('seller', 'estate_agent', ['seller', 'seller_conveyancer'])).toBe(false)
    expect(canTickTask(null, 'buyer_side', ['buyer'])).toBe(false)
  })
})

describe('standInNote', () => {
  it.each([
    [
      'estate_agent',
      ['seller', 'seller_conveyancer'],
      "Estate agent not on this move: the seller's conveyancer can complete this",
    ],
    ['estate_agent', ['seller'], 'Estate agent not on this move: the seller can complete this'],
    ['mortgage_broker', ['buyer'], 'Mortgage broker not on this move: the buyer can complete this'],
    ['surveyor', ['buyer_conveyancer'], "Surveyor not on this move: the buyer's conveyancer can complete this"],
    ['seller_conveyancer', ['seller'], "Seller's conveyancer not on this move: the seller can complete this"],
    [
      'estate_agent',
      ['buyer'],
      'Estate agent not on this move: the seller or their conveyancer can complete this once they join',
    ],
  ])('names the stand-in of a %s task on a move with %j', (owner, roles, note) => {
    expect(standInNote(taskOwnership(owner, roles))).toBe(note)
  })

  it('says nothing when the owner is on the move', () => {
    expect(standInNote(taskOwnership('estate_agent', ['estate_agent']))).toBeNull()
    expect(standInNote(taskOwnership('buyer_side', []))).toBeNull()
  })
})

describe('rolesOnMove', () => {
  it('adds the buyer and seller named on the transaction to the participants’ roles', () => {
    expect(
      rolesOnMove({
        buyer_user_id: 'b',
        seller_user_id: null,
        transaction_participants: [{ role: 'surveyor' }, { role: 'surveyor' }],
      }).sort(),
    ).toEqual(['buyer', 'surveyor'])
  })
})
