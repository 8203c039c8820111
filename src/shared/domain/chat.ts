/**
 * Chat and notification rules shared by server and web: message limits, the edit window,
 * thread topics and the notification kinds a person can switch between email and in-app only.
 */

/** Longest message body in characters; a longer one is refused with a message. */
export const MESSAGE_MAX_CHARS = 10_000

/** A message's author may edit or delete it for this long after posting: 15 minutes, in ms. */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000

/** Messages per page when history loads as the reader scrolls up. */
export const MESSAGE_PAGE_SIZE = 30

/** Longest thread title in characters. */
export const THREAD_TITLE_MAX_CHARS = 120

/** Most attachments on one message. */
export const MESSAGE_MAX_ATTACHMENTS = 5

/** What a thread is about: the transaction in general, or one stage, document or enquiry, or any topic. */
export const THREAD_TOPICS = ['general', 'stage', 'document', 'enquiry', 'other'] as const
export type ThreadTopic = (typeof THREAD_TOPICS)[number]

/** Title of the one general thread every transaction has. */
export const GENERAL_THREAD_TITLE = 'General'

/** True while `now` is within the edit window of a message posted at `createdAt`. */
export function canStillEditMessage(createdAt: Date | string, now: Date = new Date()): boolean {
  return now.getTime() - new Date(createdAt).getTime() <= MESSAGE_EDIT_WINDOW_MS
}

/**
 * Notification kinds; each can send email or not, per person.
 * Labels are what the settings screen shows.
 */
export const NOTIFICATION_KINDS = [
  'mention',
  'invitation',
  'stage_completed',
  'signature_requested',
  'status_changed',
  'update_requested',
  'task_reopened',
  'stage_blocked',
  'sla_due_soon',
  'sla_breached',
  'enquiry_update',
  'sale_high_risk',
  'weekly_update',
  'mortgage_expiry',
  'survey_update',
  'funds_review',
  'chain_update',
  'deposit_release',
  'deposit_update',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  mention: 'Someone mentions me in chat',
  invitation: 'I am invited to a move',
  stage_completed: 'A stage of my move is completed',
  signature_requested: 'A document is waiting for my signature',
  status_changed: 'The status of my move changes (exchange, completion, cancellation)',
  update_requested: 'A client asks me for an update',
  task_reopened: 'Someone else unticks a task I completed',
  stage_blocked: 'A stage of my move is blocked',
  sla_due_soon: 'An SLA deadline on a matter I work is due soon',
  sla_breached: 'An SLA deadline on a matter I work is breached',
  enquiry_update: 'A pre-contract enquiry on my matter is raised, answered or closed',
  sale_high_risk: 'A sale I am the estate agent on becomes high risk',
  weekly_update: 'The weekly update on my sale from the estate agent (Mondays)',
  mortgage_expiry: 'A decision in principle, mortgage offer or deal I arranged is about to expire or end',
  survey_update: 'A survey on my move is booked, moved, cancelled or reported',
  funds_review: 'My conveyancer is satisfied with my source of funds, or asks for more',
  chain_update: 'A move in my chain is linked, blocked or falls through, or chain dates are proposed or agreed',
  deposit_release: 'A release or refund of a deposit my firm holds waits for a second approval (firm admins)',
  deposit_update: 'My deposit is set, received, released or refunded',
}

/** A buyer or seller may ask their conveyancer for an update once per this period per transaction (24 h, in ms). */
export const UPDATE_REQUEST_INTERVAL_MS = 24 * 60 * 60 * 1000

/** Longest note on an update request, in characters. */
export const UPDATE_REQUEST_NOTE_MAX_CHARS = 1_000

/** Local hour (Europe/London) at which the daily digest is sent. */
export const DIGEST_HOUR_LONDON = 8
