/**
 * Pre-contract enquiries: the questions the buyer's conveyancer raises with the seller's
 * conveyancer about the title, searches, the seller's property information forms (TA6, TA7, TA10),
 * leasehold and planning, their states and who may move them. Shared by server (the rules it
 * enforces) and web (what it offers).
 */
import standardEnquiries from './standard-enquiries.json'

export const ENQUIRY_CATEGORIES = [
  'title',
  'searches',
  'property_information',
  'leasehold',
  'planning_building_control',
  'other',
] as const
export type EnquiryCategory = (typeof ENQUIRY_CATEGORIES)[number]

export const ENQUIRY_CATEGORY_LABELS: Record<EnquiryCategory, string> = {
  title: 'Title',
  searches: 'Searches',
  property_information: 'Property information (TA6/TA10)',
  leasehold: 'Leasehold',
  planning_building_control: 'Planning and building control',
  other: 'Other',
}

/**
 * open: raised, waiting for a reply; answered: the seller's conveyancer replied; further_enquiry:
 * the buyer's conveyancer asked more after a reply; satisfied and withdrawn close it.
 */
export const ENQUIRY_STATUSES = ['open', 'answered', 'further_enquiry', 'satisfied', 'withdrawn'] as const
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number]

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  further_enquiry: 'Further enquiry raised',
  satisfied: 'Satisfied',
  withdrawn: 'Withdrawn',
}

/** States in which an enquiry waits for the seller's conveyancer (its reply clock runs). */
export const AWAITING_REPLY: readonly EnquiryStatus[] = ['open', 'further_enquiry']
/** Closed states: nothing more may change. */
export const CLOSED_ENQUIRY_STATUSES: readonly EnquiryStatus[] = ['satisfied', 'withdrawn']

/** Longest enquiry, reply or further enquiry, in characters. */
export const ENQUIRY_MAX_CHARS = 5_000
/** Most enquiries raised in one go. */
export const ENQUIRY_MAX_BATCH = 50
/** Most documents linked to one enquiry. */
export const ENQUIRY_MAX_DOCUMENTS = 10
/**
 * A message of an enquiry's thread: 'sent' is part of the thread for both conveyancers; 'draft' was
 * made from a client's answer and is read only by their own conveyancer until sent; 'discarded' is a
 * draft its conveyancer decided not to send (kept for the record, shown to nobody in the thread);
 * 'unsent' is a client's answer saved in their task and not sent yet, read by that client only.
 */
export const ENQUIRY_MESSAGE_STATES = ['sent', 'draft', 'discarded', 'unsent'] as const
export type EnquiryMessageState = (typeof ENQUIRY_MESSAGE_STATES)[number]

/** Most files a client attaches to one answer. */
export const CLIENT_ANSWER_MAX_DOCUMENTS = 10

/** Most standard enquiries a firm keeps per category. */
export const STANDARD_ENQUIRIES_MAX_PER_CATEGORY = 40

/** What the buyer's conveyancer may move an enquiry to from `from`. */
export function raiserTransitions(from: EnquiryStatus): EnquiryStatus[] {
  switch (from) {
    case 'open':
      return ['withdrawn']
    case 'answered':
      return ['satisfied', 'further_enquiry', 'withdrawn']
    case 'further_enquiry':
      return ['withdrawn']
    default:
      return []
  }
}

/** Whether the seller's conveyancer may reply now: the enquiry waits for a reply. */
export function canReply(status: EnquiryStatus): boolean {
  return AWAITING_REPLY.includes(status)
}

/**
 * Who does what with enquiries on one matter, by their role on it: the buyer's conveyancer raises
 * and closes, the seller's conveyancer replies and turns an enquiry into a task for the seller;
 * everyone else on the move sees the statuses only.
 */
export function enquiryRoleOf(role: string): 'raiser' | 'replier' | 'viewer' {
  if (role === 'buyer_conveyancer') return 'raiser'
  if (role === 'seller_conveyancer') return 'replier'
  return 'viewer'
}

/** The client a conveyancer asks about an enquiry: the seller for the seller's conveyancer, the buyer for the buyer's. */
export type EnquiryClient = 'buyer' | 'seller'

/** Whose client a conveyancer's part asks: the replier's is the seller, the raiser's the buyer; null for anyone else. */
export function clientOfPart(part: 'raiser' | 'replier' | 'viewer'): EnquiryClient | null {
  return part === 'replier' ? 'seller' : part === 'raiser' ? 'buyer' : null
}

/**
 * Whether a conveyancer may ask their client about the enquiry now: it must be their turn. The
 * seller's conveyancer while it waits for a reply (the seller's answer becomes a draft reply); the
 * buyer's conveyancer once it is answered (the buyer's answer becomes a draft further enquiry, e.g.
 * on a reply that needs the buyer's confirmation).
 */
export function mayAskClient(part: 'raiser' | 'replier' | 'viewer', status: EnquiryStatus): boolean {
  if (part === 'replier') return canReply(status)
  if (part === 'raiser') return raiserTransitions(status).includes('further_enquiry')
  return false
}

/** The kind of thread message a client's answer drafts: a reply on the seller's side, a further enquiry on the buyer's. */
export function draftKindOf(client: EnquiryClient): 'reply' | 'further_enquiry' {
  return client === 'seller' ? 'reply' : 'further_enquiry'
}

/** The title of the client's task: 'Answer enquiry 3 for your conveyancer: <the enquiry, up to 300 characters>'. */
export function clientTaskTitle(number: number, body: string): string {
  const max = 300
  const prefix = `Answer enquiry ${number} for your conveyancer: `
  const text = body.replace(/\s+/g, ' ')
  return prefix.length + text.length <= max ? prefix + text : prefix + text.slice(0, max - prefix.length - 1) + '…'
}

/** Recognises a client's enquiry task by its title (it ticks itself when the client sends the answer). */
export const CLIENT_TASK_TITLE_PATTERN = /^Answer enquiry \d+ for your conveyancer: /

/** Homeward's default standard enquiries for each category (standard-enquiries.json); a firm may replace a category's list. */
export const DEFAULT_STANDARD_ENQUIRIES: Record<EnquiryCategory, readonly string[]> = Object.fromEntries(
  ENQUIRY_CATEGORIES.map((c) => [c, (standardEnquiries as unknown as Record<string, string[]>)[c]]),
) as unknown as Record<EnquiryCategory, readonly string[]>
