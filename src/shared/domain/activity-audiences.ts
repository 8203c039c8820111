/**
 * Who may read each kind of audit entry (issue 35 item 3; docs/decisions/052-activity-audiences.md).
 *
 * Every kind the one writer (server core/audit/record-activity.ts) accepts is a key of
 * ACTIVITY_KIND_RULES, so a new kind without an audience is a type error, and the access matrix
 * (features/activity/activity-audience-matrix.integration.test.ts) is generated from this table.
 * The audience is resolved when the entry is written and stored on it (activity_events.audience);
 * every read of the trail, its live stream, webhooks and notifications filter on it with the
 * viewer's role on the move (access/activity.ts).
 *
 * Each audience is one of the document audiences (document-audiences.ts, decision 051), whose table
 * holds the roles of each: one home for who is on a side, a client's own team or a firm.
 */
import type { ParticipantRole } from './roles'
import { AUDIENCE_INFO, type DocumentAudience } from './document-audiences'

/**
 * The audiences an entry can have, as stored (each a document audience: DOCUMENT_AUDIENCE_OF):
 * - 'everyone': everyone on the move;
 * - 'buyer_side' / 'seller_side': one side, professionals included (sideOf);
 * - 'buyer_client' / 'seller_client': a client and their own conveyancer only;
 * - 'buyer_funds': the buyer and their conveyancer (BUYER_FUNDS_AUDIENCE_ROLES), as the buyer's funds;
 * - 'buyer_firm' / 'seller_firm': the firm acting for that side's client only: its conveyancer and
 *   the current members of the firm instructed (never the client, never the other side).
 */
export const ACTIVITY_AUDIENCES = [
  'everyone',
  'buyer_side',
  'seller_side',
  'buyer_client',
  'seller_client',
  'buyer_funds',
  'buyer_firm',
  'seller_firm',
] as const
export type ActivityAudience = (typeof ACTIVITY_AUDIENCES)[number]

/**
 * How a kind's audience is found: a fixed audience, or 'client_firm': the firm acting for the client
 * the entry is about ('buyer_firm' or 'seller_firm' by that client's side, which the writer passes).
 */
export type ActivityAudienceRule = ActivityAudience | 'client_firm'

/** The side of the client an entry is about, for kinds with the 'client_firm' rule. */
export type ActivitySide = 'buyer' | 'seller'

/**
 * Every audit entry kind and who may read it. Due diligence (CDD opened, viewed, EDD, reliance, the
 * decision including a referral to the MLRO), sanctions screening and identity images: the client's
 * firm only (Proceeds of Crime Act 2002 s.333A: the client is not told of a referral; SRA Code 6.3:
 * the other side never). The source-of-funds review: the buyer's firm only. Funds, gifts and giftors:
 * the buyer and their conveyancer. The buyer's survey and mortgage: the buyer's side. The deposit: the
 * buyer and their conveyancer (the seller's side sees the deposit's summary on its own page), its
 * releases (four-eyes inside the buyer's firm) the buyer's firm. Everything else: everyone on the move.
 */
export const ACTIVITY_KIND_RULES = {
  // The move itself and its timeline.
  'transaction.created': 'everyone',
  'transaction.archived': 'everyone',
  'transaction.unarchived': 'everyone',
  'status.changed': 'everyone',
  'stage.blocked': 'everyone',
  'stage.unblocked': 'everyone',
  'task.completed': 'everyone',
  'task.reopened': 'everyone',
  'sla.breached': 'everyone',
  'sla.due_soon': 'everyone',
  'matter.reassigned': 'everyone',
  // People.
  'invitation.sent': 'everyone',
  'invitation.resent': 'everyone',
  'invitation.revoked': 'everyone',
  // A professional proposed to a client as their conveyancer, agent, broker or surveyor (decision 014):
  // everyone in the table; its writers narrow it to the client's side.
  'invitation.proposed': 'everyone',
  'invitation.proposal_accepted': 'everyone',
  'invitation.proposal_declined': 'everyone',
  'participant.joined': 'everyone',
  'participant.removed': 'everyone',
  // A professional not on Homeward recorded in a seat, corrected, removed, or taking the seat on
  // joining (issue 37 item 1): who holds each seat is shown to everyone on the move.
  'off_platform.recorded': 'everyone',
  'off_platform.updated': 'everyone',
  'off_platform.removed': 'everyone',
  'off_platform.joined': 'everyone',
  // Documents and signatures (an entry naming a restricted document is narrowed by its writer and,
  // when read, follows the document's own audience: access/activity.ts).
  'document.uploaded': 'everyone',
  // Worded neutrally (no name, no audiences) and, naming the document, read only by those who may
  // now see it (access/activity.ts).
  'document.audience_changed': 'everyone',
  'document.version_added': 'everyone',
  'document.viewed': 'everyone',
  'document.downloaded': 'everyone',
  'signature.requested': 'everyone',
  'signature.signed': 'everyone',
  'signature.completed': 'everyone',
  'signature.declined': 'everyone',
  'signature.cancelled': 'everyone',
  'signature.verified': 'everyone',
  // Chat, enquiries, property forms, title, chains, logbook, billing.
  'message.posted': 'everyone',
  'message.edited': 'everyone',
  'message.deleted': 'everyone',
  'thread.created': 'everyone',
  'enquiry.raised': 'everyone',
  'enquiry.answered': 'everyone',
  'enquiry.edited': 'everyone',
  'enquiry.seller_task': 'everyone',
  'enquiry.satisfied': 'everyone',
  'enquiry.withdrawn': 'everyone',
  'enquiry.further_enquiry': 'everyone',
  'property_form.started': 'everyone',
  'property_form.signed': 'everyone',
  'property_form.cosigned': 'seller_side',
  'property_form.signatures_cleared': 'seller_side',
  'property_form.evidence_added': 'everyone',
  'property_form.evidence_removed': 'everyone',
  'title.checked': 'everyone',
  'chain.link_requested': 'everyone',
  'chain.link_confirmed': 'everyone',
  'chain.link_declined': 'everyone',
  'chain.dates_proposed': 'everyone',
  'chain.dates_accepted': 'everyone',
  'chain.dates_declined': 'everyone',
  'chain.dates_agreed': 'everyone',
  'logbook.sale_started': 'everyone',
  'logbook.handed_over': 'everyone',
  'billing.completion_fee_due': 'everyone',
  'billing.completion_fee_failed': 'everyone',
  'billing.completion_fee_charged': 'everyone',
  'billing.completion_fee_accept_started': 'everyone',
  'billing.completion_fee_accepted': 'everyone',
  'billing.completion_fee_setup_abandoned': 'everyone',
  'billing.completion_fee_setup_failed': 'everyone',
  // The estate agent chased whoever holds an open timeline step (issue 40 item 1, decision 066): the
  // step's state is shown to everyone on the timeline, and so is who was asked to move it.
  'sale.chased': 'everyone',
  // An erasure's signed list of rewritten summaries: it names no one.
  'audit.redacted': 'everyone',
  // The buyer's survey and mortgage: the buyer's side.
  'survey.booked': 'buyer_side',
  'survey.moved': 'buyer_side',
  'survey.cancelled': 'buyer_side',
  'survey.report_delivered': 'buyer_side',
  'mortgage.fact_find_saved': 'buyer_side',
  'mortgage.dip_recorded': 'buyer_side',
  'mortgage.stage_changed': 'buyer_side',
  'mortgage.lender_pack': 'buyer_side',
  // The deposit: the buyer and their conveyancer; releases and refunds, the buyer's firm.
  'deposit.opened': 'buyer_funds',
  'deposit.amount_changed': 'buyer_funds',
  'deposit.funds_received': 'buyer_funds',
  'deposit.payee_checked': 'buyer_funds',
  'deposit.released': 'buyer_funds',
  'deposit.refunded': 'buyer_funds',
  'deposit.release_requested': 'buyer_firm',
  'deposit.release_approved': 'buyer_firm',
  'deposit.release_cancelled': 'buyer_firm',
  // Funds, gifts and giftors: the buyer and their conveyancer.
  'funds.plan_saved': 'buyer_funds',
  'funds.account_selected': 'buyer_funds',
  'funds.explained': 'buyer_funds',
  'funds.gift_added': 'buyer_funds',
  'funds.gift_evidenced': 'buyer_funds',
  'funds.giftor_joined': 'buyer_funds',
  'funds.viewed': 'buyer_funds',
  'funds.bank_consent_started': 'buyer_funds',
  'funds.bank_consent_refused': 'buyer_funds',
  'funds.bank_consent_expired': 'buyer_funds',
  'funds.bank_connected': 'buyer_funds',
  // The source-of-funds review: the buyer's firm only.
  'funds.satisfied': 'buyer_firm',
  'funds.more_info_requested': 'buyer_firm',
  // Client due diligence, sanctions and PEP screening, EDD, MLRO referral, identity: the client's firm.
  'cdd.opened': 'client_firm',
  'cdd.viewed': 'client_firm',
  'cdd.edd_recorded': 'client_firm',
  'cdd.reliance_recorded': 'client_firm',
  'cdd.decided': 'client_firm',
  'identity.image_viewed': 'client_firm',
  // Enquiries by email (decision 054): sent to a seller's firm not on Homeward; logged from an email or letter.
  'enquiry.emailed': 'everyone',
  'enquiry.logged': 'everyone',
  // A broker's client record linked to the move, and their recommendation: the buyer's side.
  'mortgage.client_linked': 'buyer_side',
  'mortgage.recommendation_recorded': 'buyer_side',
  // A client's answer to an enquiry in their task (features/enquiries/client-answers.ts): the task for
  // the buyer is everyone's, as the seller's; the answer and a discarded draft are written narrowed to
  // the client and their conveyancer (buyer_client or seller_client).
  'enquiry.buyer_task': 'everyone',
  'enquiry.client_answered': 'everyone',
  'enquiry.draft_discarded': 'everyone',
  // A move linked to its conveyancer's firm as a matter (core/firm-link.ts, decision 062).
  'matter.linked': 'everyone',
  // A buyer's or seller's own answer to proposed chain dates (decision 061): shown to the whole chain by role.
  'chain.dates_mover_answered': 'everyone',
  // The conveyancer's resolution of a manual identity review: the client's firm, as every CDD entry.
  'cdd.identity_reviewed': 'client_firm',
  // A client's nationality and country of residence on their CDD record (decision 068): the client's firm.
  'cdd.countries_recorded': 'client_firm',
} as const satisfies Record<string, ActivityAudienceRule>

/** Every kind of audit entry (the keys of ACTIVITY_KIND_RULES). */
export type ActivityKind = keyof typeof ACTIVITY_KIND_RULES
/** The kinds whose audience depends on the side of the client they are about. */
export type ClientFirmKind = {
  [K in ActivityKind]: (typeof ACTIVITY_KIND_RULES)[K] extends 'client_firm' ? K : never
}[ActivityKind]

/** Every kind, in the table's order. */
export const ACTIVITY_KINDS = Object.keys(ACTIVITY_KIND_RULES) as ActivityKind[]

/** True for a kind listed in the table (a string read from the database or a request). */
export function isActivityKind(kind: string): kind is ActivityKind {
  return Object.hasOwn(ACTIVITY_KIND_RULES, kind)
}

/**
 * Each activity audience is one of the document audiences (decision 051's table, which holds the
 * roles of each): the two tables share one home for who is on a side, a client's own team or a firm.
 * The activity names of a client's own team are older ('buyer_client'), kept because entries store them.
 */
const DOCUMENT_AUDIENCE_OF: Record<ActivityAudience, DocumentAudience> = {
  everyone: 'everyone',
  buyer_side: 'buyer_side',
  seller_side: 'seller_side',
  buyer_client: 'buyer_and_conveyancer',
  seller_client: 'seller_and_conveyancer',
  buyer_funds: 'buyer_funds',
  buyer_firm: 'buyer_firm',
  seller_firm: 'seller_firm',
}

/** The roles (roles.ts PARTICIPANT_ROLES, as viewerRoleSql reports them) that may read an audience:
 * its document audience's roles (document-audiences.ts AUDIENCE_INFO). */
export function activityAudienceRoles(audience: ActivityAudience): readonly ParticipantRole[] {
  return AUDIENCE_INFO[DOCUMENT_AUDIENCE_OF[audience]].roles
}

/** True when someone holding `role` on the move (null: not on it) may read an entry of this audience. */
export function mayReadActivity(audience: string, role: string | null | undefined): boolean {
  if (!role || !(ACTIVITY_AUDIENCES as readonly string[]).includes(audience)) return false
  return (activityAudienceRoles(audience as ActivityAudience) as readonly string[]).includes(role)
}

/**
 * The audience stored on an entry of `kind`: the table's, the client's firm for 'client_firm' kinds
 * (`side` required: throws without it), narrowed to `narrowTo` when given. A narrowing must not widen
 * (throws when `narrowTo` admits a role the kind's audience does not): a writer may say "this
 * signature request is about the buyer's gift" ('buyer_funds'), never "this CDD entry is everyone's".
 */
export function activityAudienceOf(
  kind: ActivityKind,
  options: { side?: ActivitySide; narrowTo?: ActivityAudience | null } = {},
): ActivityAudience {
  const rule: ActivityAudienceRule = ACTIVITY_KIND_RULES[kind]
  let audience: ActivityAudience
  if (rule === 'client_firm') {
    if (!options.side) throw new Error(`activity kind ${kind} needs the side of the client it is about`)
    audience = options.side === 'buyer' ? 'buyer_firm' : 'seller_firm'
  } else {
    audience = rule
  }
  const narrowTo = options.narrowTo
  if (!narrowTo || narrowTo === audience) return audience
  const allowed = new Set<string>(activityAudienceRoles(audience))
  if (!activityAudienceRoles(narrowTo).every((r) => allowed.has(r))) {
    throw new Error(`activity kind ${kind}: audience ${narrowTo} is wider than ${audience}`)
  }
  return narrowTo
}

/**
 * The activity audience of an entry about a document whose documents.audience is `documentAudience`
 * (null: everyone on the move), for the writer to narrow it with: the activity audience that is that
 * document audience (DOCUMENT_AUDIENCE_OF: 'buyer_funds', a side, a client's own team, a firm);
 * 'everyone', document audiences with no activity twin ('clients_and_conveyancers', 'buyer_mortgage')
 * and unknown values give null (no narrowing at write time; the reads still follow the document's
 * audience: access/activity.ts).
 */
export function activityAudienceOfDocument(documentAudience: string | null | undefined): ActivityAudience | null {
  if (!documentAudience || documentAudience === 'everyone') return null
  return ACTIVITY_AUDIENCES.find((a) => DOCUMENT_AUDIENCE_OF[a] === documentAudience) ?? null
}

/** The audience of one side of the move (its client and the professionals acting for them), for a
 * writer narrowing an entry about that side only, e.g. a proposal of the buyer's conveyancer. */
export function sideActivityAudience(side: ActivitySide): ActivityAudience {
  return side === 'seller' ? 'seller_side' : 'buyer_side'
}
