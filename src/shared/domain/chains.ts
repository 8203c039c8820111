/**
 * Property chains: moves that depend on each other because the seller of one is the buyer of the
 * next. A link joins a `lower` move (the sale) to an `upper` move (its seller's onward purchase); the
 * chain runs from the first buyer (the bottom: a first-time buyer, or a buyer with nothing to sell)
 * to the top (a seller who buys nothing on, or buys with no sale). Each move has at most one onward
 * link and at most one link from below, so a chain is a line and never a tree; a loop is refused.
 * Pure rules shared by the server (which enforces them) and the web (which shows them).
 */

/** One link between two moves: `lower`'s seller is `upper`'s buyer. Ids are transaction ids. */
export interface ChainEdge {
  lower: string
  upper: string
}

/** Link statuses: `pending` until the other side confirms, then `confirmed`; `declined` ends it. */
export const CHAIN_LINK_STATUSES = ['pending', 'confirmed', 'declined'] as const
export type ChainLinkStatus = (typeof CHAIN_LINK_STATUSES)[number]

/** Link statuses that hold a move's place: a second onward (or lower) link is refused while one exists. */
export const LIVE_LINK_STATUSES: readonly ChainLinkStatus[] = ['pending', 'confirmed']

/**
 * The moves of `start`'s chain in order, bottom (first buyer) to top, following `edges` both ways.
 * A move with no links is a chain of one. Stops at a repeated move, so a loop in bad data cannot hang.
 */
export function chainOrder(edges: readonly ChainEdge[], start: string): string[] {
  const up = new Map<string, string>()
  const down = new Map<string, string>()
  for (const e of edges) {
    up.set(e.lower, e.upper)
    down.set(e.upper, e.lower)
  }
  const seen = new Set([start])
  let bottom = start
  for (let next = down.get(bottom); next !== undefined && !seen.has(next); next = down.get(bottom)) {
    seen.add(next)
    bottom = next
  }
  const order = [bottom]
  const inOrder = new Set(order)
  for (let next = up.get(bottom); next !== undefined && !inOrder.has(next); next = up.get(next)) {
    order.push(next)
    inOrder.add(next)
  }
  return order
}

/**
 * True when adding the link lower -> upper to `edges` would close a loop: walking onward from `upper`
 * reaches `lower` (a move whose chain leads back to itself could never exchange). A link from a move
 * to itself is a loop too.
 */
export function wouldMakeLoop(edges: readonly ChainEdge[], lower: string, upper: string): boolean {
  if (lower === upper) return true
  const up = new Map(edges.map((e) => [e.lower, e.upper]))
  const seen = new Set<string>()
  for (let at: string | undefined = upper; at !== undefined && !seen.has(at); at = up.get(at)) {
    if (at === lower) return true
    seen.add(at)
  }
  return false
}

/**
 * Why a new link lower -> upper is refused, or null when it may be made: the same move twice, a
 * second onward link from `lower`, a second link from below into `upper`, or a loop. `edges` are the
 * live (pending or confirmed) links.
 */
export function linkRefusal(edges: readonly ChainEdge[], lower: string, upper: string): string | null {
  if (lower === upper) return 'A move cannot be linked to itself.'
  if (edges.some((e) => e.lower === lower))
    return 'This sale is already linked to an onward purchase. A seller buys one home on: decline or remove that link first.'
  if (edges.some((e) => e.upper === upper))
    return 'That purchase is already linked to a sale below it. A buyer sells one home: decline or remove that link first.'
  if (wouldMakeLoop(edges, lower, upper))
    return 'That link would make the chain a loop: the onward purchase already depends on this sale.'
  return null
}

/** What the slowest-link rule reads of each move in a chain. */
export interface ChainLinkProgress {
  id: string
  /** Transaction status: 'draft', 'active', 'exchange', 'completed' or 'cancelled'. */
  status: string
  /** Overall progress, 0 to 100. */
  progress: number
  /** When the earliest of its blocked stages was blocked (ISO timestamp); null when nothing is blocked. */
  blockedSince: string | null
  /** Target exchange date (ISO date); null when none is set. */
  targetExchangeDate: string | null
}

/** A move still on its way to exchange: draft or active (exchanged, completed and fallen-through moves are not). */
export function isMovingLink(status: string): boolean {
  return status === 'draft' || status === 'active'
}

/**
 * The slowest link: the move most likely to hold the whole chain up, or null when fewer than two
 * moves of the chain are still on their way to exchange (nothing to compare). Among moves still on
 * their way (draft or active), in this order:
 * 1. a blocked move is slower than any unblocked one, and of two blocked moves the one blocked longer
 *    (earlier blockedSince);
 * 2. then lower overall progress;
 * 3. then the later target exchange date, a move with none counting as latest (nobody has agreed one);
 * 4. then the lower position in the chain (the order given, bottom first).
 */
export function slowestLink(links: readonly ChainLinkProgress[]): string | null {
  const moving = links.filter((l) => isMovingLink(l.status))
  if (moving.length < 2) return null
  let slowest = moving[0]!
  for (const link of moving.slice(1)) {
    if (compareSlowness(link, slowest) > 0) slowest = link
  }
  return slowest.id
}

/** Positive when `a` is slower than `b` by slowestLink's rules 1 to 3; 0 when they tie. */
function compareSlowness(a: ChainLinkProgress, b: ChainLinkProgress): number {
  if (a.blockedSince !== null && b.blockedSince === null) return 1
  if (a.blockedSince === null && b.blockedSince !== null) return -1
  if (a.blockedSince !== null && b.blockedSince !== null && a.blockedSince !== b.blockedSince)
    return Date.parse(a.blockedSince) < Date.parse(b.blockedSince) ? 1 : -1
  if (a.progress !== b.progress) return a.progress < b.progress ? 1 : -1
  const da = a.targetExchangeDate ?? '9999-12-31'
  const db = b.targetExchangeDate ?? '9999-12-31'
  if (da !== db) return da > db ? 1 : -1
  return 0
}

/** The postcode district (outward code) of a UK postcode: 'AL1 3RR' -> 'AL1', 'sw1a1aa' -> 'SW1A'. */
export function postcodeDistrict(postcode: string): string {
  const compact = postcode.replace(/\s+/g, '').toUpperCase()
  // The inward code is always a digit and two letters.
  return compact.length > 3 ? compact.slice(0, -3) : compact
}

/**
 * Where a move in someone else's part of the chain is, as much as they may know: the town (the last
 * address line, when the address has more than one line, so a street line is never shown) and the
 * postcode district: 'St Albans, AL1'.
 */
export function chainPlace(addressLines: readonly string[], postcode: string): string {
  const district = postcodeDistrict(postcode)
  const town = addressLines.length > 1 ? addressLines[addressLines.length - 1]!.trim() : ''
  return town ? `${town}, ${district}` : district
}

/** The state of a chain's date proposal: open while some link has not answered, then agreed or declined. */
export const DATE_PROPOSAL_STATUSES = ['open', 'agreed', 'declined', 'superseded'] as const
export type DateProposalStatus = (typeof DATE_PROPOSAL_STATUSES)[number]

/** One link's answer to a date proposal. */
export const DATE_RESPONSES = ['pending', 'accepted', 'declined'] as const
export type DateResponse = (typeof DATE_RESPONSES)[number]

/**
 * The proposal's status from its links' answers: declined as soon as one link declines, agreed when
 * every link has accepted, otherwise still open.
 */
export function proposalOutcome(responses: readonly DateResponse[]): 'open' | 'agreed' | 'declined' {
  if (responses.some((r) => r === 'declined')) return 'declined'
  if (responses.length > 0 && responses.every((r) => r === 'accepted')) return 'agreed'
  return 'open'
}
