/**
 * Firms (the directory's organizations) and the people who work in them: member roles, who may do
 * what in a firm, and the side a firm acts for on a matter. Pure rules, used by the server (the gate)
 * and the web app (to hide what the server would refuse).
 *
 * - admin: manages members and invitations, opens matters for anyone in the firm, reassigns them.
 * - fee_earner: opens matters (as their own fee earner) and works the firm's matters.
 * - assistant: works the firm's matters (sees them, ticks tasks), never holds one as fee earner.
 */
export const MEMBER_ROLES = ['admin', 'fee_earner', 'assistant'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  admin: 'Admin',
  fee_earner: 'Fee earner',
  assistant: 'Assistant',
}

/** 'fee_earner' -> 'Fee earner'. */
export function memberRoleLabel(role: string): string {
  return (MEMBER_ROLE_LABELS as Record<string, string>)[role] ?? role
}

/** The side a firm acts for on a matter: the buyer's conveyancer or the seller's conveyancer. */
export const MATTER_SIDES = ['buyer', 'seller'] as const
export type MatterSide = (typeof MATTER_SIDES)[number]

/** 'buyer' -> "Buyer's", for the board's side column. */
export function matterSideLabel(side: string): string {
  return side === 'seller' ? "Seller's" : "Buyer's"
}

/** The participant role a firm holds on a transaction for its side ('buyer' -> 'buyer_conveyancer'). */
export function conveyancerRoleForSide(side: MatterSide): 'buyer_conveyancer' | 'seller_conveyancer' {
  return side === 'buyer' ? 'buyer_conveyancer' : 'seller_conveyancer'
}

/** Admins manage the firm: invite, change roles, remove members, reassign matters. */
export function canManageFirm(role: string | null | undefined): boolean {
  return role === 'admin'
}

/** Admins and fee earners open matters; assistants do not. */
export function canOpenMatter(role: string | null | undefined): boolean {
  return role === 'admin' || role === 'fee_earner'
}

/** Who may hold a matter as its fee earner: an admin or a fee earner, never an assistant. */
export function canBeFeeEarner(role: string | null | undefined): boolean {
  return role === 'admin' || role === 'fee_earner'
}

/**
 * Who counts as one of the two people a deposit release or refund needs (four eyes): an admin or a
 * fee earner of the buyer's firm, never an assistant. They must also have joined the firm before the
 * release was requested (checked on the server, access/deposits.ts). Decision 034; review L7.
 */
export function canApproveDepositRelease(role: string | null | undefined): boolean {
  return role === 'admin' || role === 'fee_earner'
}

/** The rule a reassignment to a non-member breaks, as the 422 message says it. */
export function notAMemberMessage(firmName: string): string {
  return `A matter's fee earner must be a current member of ${firmName}. Invite them to the firm first.`
}

/** The rule a reassignment to an assistant breaks. */
export const ASSISTANT_NOT_FEE_EARNER_MESSAGE =
  'An assistant cannot be the fee earner of a matter. Choose an admin or a fee earner of the firm.'

/** Board views: a table, or a board with one column per timeline stage. */
export const BOARD_VIEWS = ['table', 'board'] as const
export type BoardView = (typeof BOARD_VIEWS)[number]

/**
 * SLA status of a matter's driving clock: 'breached' past its due date, 'due_soon' due today or on
 * the next working day, 'on_track' otherwise; 'none' when no clock is running.
 */
export const SLA_STATUSES = ['on_track', 'due_soon', 'breached', 'none'] as const
export type SlaStatus = (typeof SLA_STATUSES)[number]

const SLA_STATUS_LABELS: Record<SlaStatus, string> = {
  on_track: 'On track',
  due_soon: 'Due soon',
  breached: 'Breached',
  none: 'No clock running',
}

export function slaStatusLabel(status: string): string {
  return (SLA_STATUS_LABELS as Record<string, string>)[status] ?? status
}

/**
 * The board's SLA filter: a status, or 'paused': matters whose driving clock (the one the row shows)
 * is paused because its stage is blocked, whatever it had counted by then. Decision 021.
 */
export const SLA_FILTERS = [...SLA_STATUSES, 'paused'] as const
export type SlaFilter = (typeof SLA_FILTERS)[number]

/** The SLA filter's option text. */
export function slaFilterLabel(filter: SlaFilter): string {
  return filter === 'paused' ? 'Paused' : slaStatusLabel(filter)
}

/** How the board can be sorted; each is keyset-paginated on (value, matter id). */
export const BOARD_SORTS = ['instructed', 'due', 'completion', 'activity', 'address'] as const
export type BoardSort = (typeof BOARD_SORTS)[number]

const BOARD_SORT_LABELS: Record<BoardSort, string> = {
  instructed: 'Oldest instruction first',
  due: 'Next due first',
  completion: 'Target completion first',
  activity: 'Latest activity first',
  address: 'Address A to Z',
}

export function boardSortLabel(sort: BoardSort): string {
  return BOARD_SORT_LABELS[sort]
}

/** Rows per board page; past it the answer carries a cursor to the next page. */
export const BOARD_PAGE_SIZE = 100

/** The longest matter reference (the firm's own file number) we keep: 40 characters. */
export const MATTER_REFERENCE_MAX = 40
