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

/** Homeward's default standard enquiries for each category (standard-enquiries.json); a firm may replace a category's list. */
export const DEFAULT_STANDARD_ENQUIRIES: Record<EnquiryCategory, readonly string[]> = Object.fromEntries(
  ENQUIRY_CATEGORIES.map((c) => [c, (standardEnquiries as unknown as Record<string, string[]>)[c]]),
) as unknown as Record<EnquiryCategory, readonly string[]>
