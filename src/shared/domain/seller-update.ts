/**
 * The words of the weekly update an estate agent sends a seller (issue 40 item 1): who holds a
 * timeline task, said to the seller ("you", "your conveyancer", "the buyer's conveyancer"), and the
 * one sentence saying who everyone is waiting on. Pure; every combination of waiting parties is unit
 * tested (seller-update.test.ts) so the email never reads "the your conveyancer" again.
 */

/** The parties a seller can be waiting on, in the order the sentence names them. */
export const WAITING_PARTIES = [
  'you',
  'your_conveyancer',
  'estate_agent',
  'buyer',
  'buyers_conveyancer',
  'buyers_broker',
  'buyers_surveyor',
  'team',
] as const
export type WaitingParty = (typeof WAITING_PARTIES)[number]

/** Each party as the object of a sentence, addressed to the seller. */
const PHRASES: Record<WaitingParty, string> = {
  you: 'you',
  your_conveyancer: 'your conveyancer',
  estate_agent: 'us, your estate agent',
  buyer: 'the buyer',
  buyers_conveyancer: "the buyer's conveyancer",
  buyers_broker: "the buyer's mortgage broker",
  buyers_surveyor: "the buyer's surveyor",
  team: 'the people working on your sale',
}

/** A party in a task line's brackets: '(your conveyancer)', '(your estate agent)'. */
const SHORT: Record<WaitingParty, string> = { ...PHRASES, estate_agent: 'your estate agent' }

/**
 * Who holds a task, from its owner on the timeline (`tasks.owner_side`: 'seller_side', a participant
 * role...), as a waiting party. Unknown or missing owners are 'team'.
 */
export function waitingPartyOf(ownerSide: string | null | undefined): WaitingParty {
  switch (ownerSide) {
    case 'seller':
    case 'seller_side':
      return 'you'
    case 'seller_conveyancer':
      return 'your_conveyancer'
    case 'estate_agent':
      return 'estate_agent'
    case 'buyer':
    case 'buyer_side':
      return 'buyer'
    case 'buyer_conveyancer':
      return 'buyers_conveyancer'
    case 'mortgage_broker':
      return 'buyers_broker'
    case 'surveyor':
      return 'buyers_surveyor'
    default:
      return 'team'
  }
}

/** The party in words for a task line: 'you', 'your conveyancer', "the buyer's conveyancer". */
export function waitingPartyWords(party: WaitingParty): string {
  return SHORT[party]
}

/** 'a', 'a and b', 'a, b and c'. */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

const tasksWord = (n: number) => `${n} task${n === 1 ? '' : 's'}`

/**
 * The sentence saying who the sale is waiting on, from the open tasks each party holds, or null when
 * nobody holds any. One party: "Everyone is waiting on your conveyancer for 1 task."; several: "The
 * sale is waiting on you (2 tasks), your conveyancer (1 task) and the buyer's conveyancer (3 tasks)."
 * Counts of 0 or less are left out; parties are named in WAITING_PARTIES order.
 */
export function waitingSentence(counts: Partial<Record<WaitingParty, number>>): string | null {
  const held = WAITING_PARTIES.filter((p) => (counts[p] ?? 0) > 0)
  if (held.length === 0) return null
  if (held.length === 1) {
    const [p] = held
    return `Everyone is waiting on ${PHRASES[p]} for ${tasksWord(counts[p]!)}.`
  }
  return `The sale is waiting on ${listInWords(held.map((p) => `${PHRASES[p]} (${tasksWord(counts[p]!)})`))}.`
}

/**
 * Whether a task belongs in the seller's update: the buyer's survey (held by the surveyor) is the
 * buyer's side's business, as its audit entries are (decision 052: survey.* is buyer_side), so its
 * news is not sent to the seller.
 */
export function sellerSeesTask(ownerSide: string | null | undefined): boolean {
  return ownerSide !== 'surveyor'
}
