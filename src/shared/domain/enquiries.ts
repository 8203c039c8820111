/**
 * Pre-contract enquiries: the questions the buyer's conveyancer raises with the seller's
 * conveyancer about the title, searches, the seller's property information forms (TA6, TA7, TA10),
 * leasehold and planning, their states and who may move them. Shared by server (the rules it
 * enforces) and web (what it offers).
 */
import standardEnquiries from './standard-enquiries.json'
import { DOCUMENT_KINDS, resolveKindAudience, type DocumentAudience } from './document-audiences'

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

/**
 * Who holds the seller's conveyancer's seat, as far as enquiries are concerned: a person on Homeward
 * (told in the app), a firm recorded off Homeward with an email (sent the enquiries by email with a
 * reply link, docs/decisions/054), or no one recorded (nobody is told).
 */
export type EnquiryRecipient =
  { kind: 'on_homeward'; name: string } | { kind: 'email'; firm_name: string; email: string } | { kind: 'nobody' }

/**
 * The one sentence the raise dialog (and the tab) says about who will be told of new enquiries,
 * from `recipientOfEnquiries`. Issue 37 item 2: the dialog must say it truthfully.
 */
export function whoIsToldText(recipient: EnquiryRecipient): string {
  switch (recipient.kind) {
    case 'on_homeward':
      return `The seller's conveyancer, ${recipient.name}, is told on Homeward, and each reply is due within your firm's SLA.`
    case 'email':
      return `Sent by email to ${recipient.firm_name} (not on Homeward), at ${recipient.email}, with a secure link to reply without an account. Each reply is due within your firm's SLA.`
    case 'nobody':
      return "Nobody is told yet: no seller's conveyancer is recorded on this move. Record the seller's firm on the People tab and the enquiries waiting for a reply are emailed to it."
  }
}

/**
 * Decides who is told of enquiries from what the move holds: a seller's conveyancer on Homeward wins
 * (their name), else a recorded off-platform seller's conveyancer with an email, else nobody.
 */
export function recipientOfEnquiries(seat: {
  participantName: string | null
  offPlatform: { firm_name: string; email: string | null } | null
}): EnquiryRecipient {
  if (seat.participantName) return { kind: 'on_homeward', name: seat.participantName }
  if (seat.offPlatform?.email)
    return { kind: 'email', firm_name: seat.offPlatform.firm_name, email: seat.offPlatform.email }
  return { kind: 'nobody' }
}

/** How long an emailed reply link works: 28 days, about four reply clocks of 5 working days with room for holidays. */
export const ENQUIRY_LINK_TTL_DAYS = 28

/** Where files attached to an enquiry's thread are filed: the Contracts folder, with the replies export. */
export const ENQUIRY_ATTACHMENT_FOLDER = 'Contracts' as const

/** Most files attached to one message of an enquiry's thread. */
export const ENQUIRY_MAX_ATTACHMENTS = 10

/** How a logged enquiry reached the seller's conveyancer. */
export const ENQUIRY_RECEIVED_VIA = ['email', 'letter'] as const
export type EnquiryReceivedVia = (typeof ENQUIRY_RECEIVED_VIA)[number]

/**
 * The audience of a file attached to an enquiry's thread (a reply, a further enquiry, a logged
 * enquiry's original): that of the kind 'Enquiries and replies' in docs/decisions/051, the buyer,
 * the seller and both conveyancers.
 */
export const ENQUIRY_ATTACHMENT_AUDIENCE: DocumentAudience = resolveKindAudience(
  DOCUMENT_KINDS.find((k) => k.kind === 'enquiries')!.audience,
  null,
)

/**
 * What a closed reply link says (its page, and the 410 of a write through it): why it stopped and
 * what to do. '' for an open link.
 */
export function closedLinkText(
  state: 'open' | 'expired' | 'revoked' | 'answered',
  reason: 'superseded' | 'joined' | 'removed' | null,
): string {
  switch (state) {
    case 'expired':
      return "This link has expired. Ask the buyer's conveyancer to send the enquiries again; a new email brings a new link."
    case 'answered':
      return "Every enquiry this link opens is answered. If the buyer's conveyancer asks more, a new email brings a new link."
    case 'revoked':
      return reason === 'superseded'
        ? 'A newer email about this property replaced this link. Use the link in the latest email.'
        : reason === 'joined'
          ? 'Your firm is now on Homeward: sign in and answer the enquiries on the move itself.'
          : "This link no longer works. Ask the buyer's conveyancer to send the enquiries again."
    case 'open':
      return ''
  }
}
