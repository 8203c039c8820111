/**
 * The weekly seller update's grammar (issue 40 item 1): every combination of waiting parties (all
 * 2^8 subsets, with one and with several tasks each) gives one well-formed sentence. The whole email
 * for each combination: src/server/features/portfolio/weekly-update.test.ts.
 */
import { describe, expect, it } from 'vitest'
import {
  listInWords,
  waitingPartyOf,
  waitingPartyWords,
  waitingSentence,
  WAITING_PARTIES,
  type WaitingParty,
} from './seller-update'

const PHRASE: Record<WaitingParty, string> = {
  you: 'you',
  your_conveyancer: 'your conveyancer',
  estate_agent: 'us, your estate agent',
  buyer: 'the buyer',
  buyers_conveyancer: "the buyer's conveyancer",
  buyers_broker: "the buyer's mortgage broker",
  buyers_surveyor: "the buyer's surveyor",
  team: 'the people working on your sale',
}
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
const BAD = [/\bthe your\b/i, /\bthe the\b/i, /\bthe you\b/i, /\ba you\b/i, /\s{2,}/, /\(\s*\)/, / ,/, /,,/]

const subsets: WaitingParty[][] = Array.from({ length: 2 ** WAITING_PARTIES.length }, (_, mask) =>
  WAITING_PARTIES.filter((_, i) => mask & (1 << i)),
)

describe('waitingSentence', () => {
  it('is null when nobody holds a task', () => {
    expect(waitingSentence({})).toBeNull()
    expect(waitingSentence({ you: 0 })).toBeNull()
  })

  for (const count of [1, 3]) {
    it(`reads well for every combination of waiting parties (${count} task${count === 1 ? '' : 's'} each)`, () => {
      expect(subsets).toHaveLength(256)
      for (const parties of subsets.filter((p) => p.length > 0)) {
        const counts = Object.fromEntries(parties.map((p) => [p, count]))
        const sentence = waitingSentence(counts)!
        const tasks = `${count} task${count === 1 ? '' : 's'}`
        for (const bad of BAD) expect(sentence, sentence).not.toMatch(bad)
        expect(sentence).toMatch(/^[A-Z].*\.$/)
        if (parties.length === 1) {
          expect(sentence).toBe(`Everyone is waiting on ${PHRASE[parties[0]]} for ${tasks}.`)
        } else {
          const items = parties.map((p) => `${PHRASE[p]} (${tasks})`)
          expect(sentence).toBe(`The sale is waiting on ${items.slice(0, -1).join(', ')} and ${items.at(-1)}.`)
        }
      }
    })
  }

  it('counts each party on its own', () => {
    expect(waitingSentence({ you: 2, your_conveyancer: 1 })).toBe(
      'The sale is waiting on you (2 tasks) and your conveyancer (1 task).',
    )
    expect(waitingSentence({ your_conveyancer: 1 })).toBe('Everyone is waiting on your conveyancer for 1 task.')
  })
})

describe('waitingPartyOf and waitingPartyWords', () => {
  it('names every owner on the timeline without a double article', () => {
    for (const party of WAITING_PARTIES) {
      expect(waitingPartyOf(OWNER_OF[party])).toBe(party)
      for (const bad of BAD) expect(waitingPartyWords(party)).not.toMatch(bad)
    }
    expect(waitingPartyWords('your_conveyancer')).toBe('your conveyancer')
    expect(waitingPartyWords('estate_agent')).toBe('your estate agent')
    expect(waitingPartyOf('seller')).toBe('you')
    expect(waitingPartyOf('something_new')).toBe('team')
  })

  it('lists in words', () => {
    expect(listInWords([])).toBe('')
    expect(listInWords(['a'])).toBe('a')
    expect(listInWords(['a', 'b'])).toBe('a and b')
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c')
  })
})
