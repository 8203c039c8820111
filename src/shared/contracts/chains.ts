/**
 * Property chains: the moves that depend on this one, from the first buyer to the top of the chain,
 * the links waiting for the other side to confirm, and the exchange and completion dates proposed to
 * the whole chain with each link's answer. A move the viewer is not on shows its town and postcode
 * district, stage, status and dates only (rules in src/shared/domain/chains.ts; access in
 * src/server/access/chains.ts).
 */
import { z } from 'zod'
import { TRANSACTION_STATUSES } from '../domain/statuses'
import { ERRORS, endpoint, json, jsonBody } from './endpoint'
import { TransactionParams, Uuid } from './common'
import { displayText } from './common'
import { SeatHolder } from './off-platform-parties'

/** One move of the chain, bottom (position 0, the first buyer's purchase) to top. */
export const ChainMove = z.object({
  position: z.number().int().min(0),
  /** The move whose chain this is (the page the viewer opened). */
  is_current: z.boolean(),
  /** Set only when the viewer is on that move (they may open it); null for the rest of the chain. */
  transaction_id: Uuid.nullable(),
  /** Town and postcode district, e.g. 'St Albans, AL1'. */
  place: z.string(),
  /** The full address, only for a move the viewer is on. */
  address: z.string().nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  /** The first stage not yet completed; null when every stage is. */
  stage: z.string().nullable(),
  /** Overall progress, 0 to 100. */
  progress: z.number().int().min(0).max(100),
  target_exchange_date: z.iso.date().nullable(),
  target_completion_date: z.iso.date().nullable(),
  /** The longest-standing block: its stage and when it was set; the reason only for a move the viewer is on. */
  blocked: z.object({ stage: z.string(), since: z.string(), reason: z.string().nullable() }).nullable(),
  /** The slowest link of the chain (slowestLink in src/shared/domain/chains.ts). */
  slowest: z.boolean(),
  /** This move's answer to the open (or last decided) date proposal; null when it had none. */
  date_response: z
    .object({ response: z.enum(['pending', 'accepted', 'declined']), note: z.string().nullable() })
    .nullable(),
  /**
   * The movers' own answers to that proposal (whether the dates suit them), by role; `name` only for
   * a move the viewer is on (the chain learns the role and the answer, never who).
   */
  mover_answers: z.array(
    z.object({
      role: z.enum(['buyer', 'seller']),
      suits: z.boolean(),
      note: z.string().nullable(),
      name: z.string().nullable(),
    }),
  ),
  /**
   * Who holds each conveyancer's seat: a firm on Homeward, or the firm recorded as not on Homeward
   * (`on_homeward` false); null when nobody is recorded, and always null for a move the viewer is
   * not on (the chain knows its place, stage and dates only).
   */
  buyer_conveyancer: SeatHolder.nullable(),
  seller_conveyancer: SeatHolder.nullable(),
})
export type ChainMove = z.infer<typeof ChainMove>

/** A link of the current move waiting for the other side to confirm. */
export const PendingChainLink = z.object({
  id: Uuid,
  /** 'onward': the current move's seller buys at the other move; 'previous': its buyer sells there. */
  direction: z.enum(['onward', 'previous']),
  other_place: z.string(),
  requested_at: z.string(),
  /** True when the request was made from the current move (it waits for the other move's side). */
  requested_here: z.boolean(),
  /** Whether the viewer may confirm or decline it (the other side of the move it names). */
  can_respond: z.boolean(),
  /** Whether the viewer may withdraw it (the side that asked). */
  can_withdraw: z.boolean(),
})
export type PendingChainLink = z.infer<typeof PendingChainLink>

export const ChainDateProposal = z.object({
  id: Uuid,
  exchange_date: z.iso.date(),
  completion_date: z.iso.date(),
  status: z.enum(['open', 'agreed', 'declined', 'superseded']),
  /** Where it was proposed from (town and district). */
  proposed_from: z.string(),
  created_at: z.string(),
  /** Whether the viewer may accept or decline it for the current move (its conveyancers, while open). */
  can_respond: z.boolean(),
  /**
   * Whether the viewer, a buyer or seller of the current move, may say if the dates suit them (while
   * open), and what they said (null until they answer).
   */
  can_answer_as_mover: z.boolean().optional(),
  my_mover_answer: z.object({ suits: z.boolean(), note: z.string().nullable() }).nullable().optional(),
})
export type ChainDateProposal = z.infer<typeof ChainDateProposal>

export const ChainView = z.object({
  transaction_id: Uuid,
  /** Confirmed links only, bottom to top; a move with no links is a chain of one. */
  moves: z.array(ChainMove),
  pending_links: z.array(PendingChainLink),
  /** Whether the viewer may ask to link the current move onward (its seller's side) or below (its buyer's side). */
  can_link: z.object({ onward: z.boolean(), previous: z.boolean() }),
  /** The viewer's other moves that may be linked to this one (full addresses: they are on them). */
  linkable: z.array(z.object({ transaction_id: Uuid, address: z.string() })),
  /** The open date proposal, else the latest decided one; null when none was made. */
  proposal: ChainDateProposal.nullable(),
  /** Whether the viewer may propose dates for the chain (a conveyancer on this move, in a chain of two or more). */
  can_propose: z.boolean(),
})
export type ChainView = z.infer<typeof ChainView>

export const RequestChainLinkInput = z.object({
  other_transaction_id: Uuid,
  direction: z.enum(['onward', 'previous'], { message: "Choose 'onward' or 'previous'" }),
})
export type RequestChainLinkInput = z.input<typeof RequestChainLinkInput>

export const ChainLinkParams = TransactionParams.extend({ linkId: Uuid })
export const ChainProposalParams = TransactionParams.extend({ proposalId: Uuid })

export const ProposeChainDatesInput = z
  .object({
    exchange_date: z.iso.date({ message: 'Enter the exchange date' }),
    completion_date: z.iso.date({ message: 'Enter the completion date' }),
  })
  // Order only: whether the dates are still to come needs today, checked by the server and the form
  // (chainDatesRefusal, src/shared/domain/preconditions.ts).
  .refine((v) => v.completion_date >= v.exchange_date, {
    message: 'The completion date cannot be before the exchange date.',
    path: ['completion_date'],
  })
export type ProposeChainDatesInput = z.input<typeof ProposeChainDatesInput>

export const RespondChainDatesInput = z.object({
  accept: z.boolean(),
  /** Why not (declines): shown to the whole chain, so no names. */
  note: displayText().trim().max(500, 'Keep the note to 500 characters').optional(),
})
export type RespondChainDatesInput = z.input<typeof RespondChainDatesInput>

/** A buyer's or seller's own answer to proposed chain dates: do they suit them? */
export const MoverDatesAnswerInput = z.object({
  suits: z.boolean({ message: 'Say whether the dates suit you' }),
  /** Why not (removals, notice, a mortgage offer ending): shown to the whole chain, so no names. */
  note: displayText().trim().max(500, 'Keep the note to 500 characters').optional(),
})
export type MoverDatesAnswerInput = z.input<typeof MoverDatesAnswerInput>

const LinkCreated = z.object({ id: Uuid, status: z.enum(['pending', 'confirmed', 'declined']) })

export const chainEndpoints = {
  get: endpoint({
    method: 'get',
    path: '/transactions/{txId}/chain',
    summary: "The move's chain, first buyer to top; other moves redacted to town, district, stage, status and dates",
    request: { params: TransactionParams },
    responses: { 200: json('The chain', ChainView), ...ERRORS },
  }),
  requestLink: endpoint({
    method: 'post',
    path: '/transactions/{txId}/chain/links',
    summary: "Ask to link this move to the other side's move (pending until that side confirms)",
    request: { params: TransactionParams, body: jsonBody(RequestChainLinkInput) },
    responses: {
      201: json('The pending link', LinkCreated),
      403: { description: 'Not on the side of this move that the link joins' },
      409: { description: 'A second onward (or lower) link, a loop, or a move that has ended' },
      ...ERRORS,
    },
  }),
  confirmLink: endpoint({
    method: 'post',
    path: '/transactions/{txId}/chain/links/{linkId}/confirm',
    summary: 'Confirm a pending link (the other side of the move it names)',
    request: { params: ChainLinkParams },
    responses: {
      200: json('The confirmed link', LinkCreated),
      403: { description: 'Not the other side of this link' },
      409: { description: 'The link is no longer pending, or would make a loop' },
      ...ERRORS,
    },
  }),
  declineLink: endpoint({
    method: 'post',
    path: '/transactions/{txId}/chain/links/{linkId}/decline',
    summary: 'Decline a pending link (the other side), or withdraw it (the side that asked)',
    request: { params: ChainLinkParams },
    responses: {
      200: json('The declined link', LinkCreated),
      403: { description: 'Not a party to this link' },
      409: { description: 'The link is no longer pending' },
      ...ERRORS,
    },
  }),
  proposeDates: endpoint({
    method: 'post',
    path: '/transactions/{txId}/chain/date-proposals',
    summary: 'Propose exchange and completion dates to the whole chain (a conveyancer on this move)',
    request: { params: TransactionParams, body: jsonBody(ProposeChainDatesInput) },
    responses: {
      201: json('The proposal', ChainDateProposal),
      403: { description: 'Not a conveyancer on this move' },
      409: { description: 'The move is not in a chain of two or more moves still on their way' },
      ...ERRORS,
    },
  }),
  respondDates: endpoint({
    method: 'post',
    path: '/transactions/{txId}/chain/date-proposals/{proposalId}/respond',
    summary: "Accept or decline the chain's proposed dates for this move (its conveyancers)",
    request: { params: ChainProposalParams, body: jsonBody(RespondChainDatesInput) },
    responses: {
      200: json('The proposal after the answer', ChainDateProposal),
      403: { description: 'Not a conveyancer on this move' },
      409: { description: 'The proposal is no longer open' },
      ...ERRORS,
    },
  }),
  answerDatesAsMover: endpoint({
    method: 'post',
    path: '/transactions/{txId}/chain/date-proposals/{proposalId}/mover-answer',
    summary: "Say whether the chain's proposed dates suit you (a buyer or seller of this move; shown to the chain)",
    request: { params: ChainProposalParams, body: jsonBody(MoverDatesAnswerInput) },
    responses: {
      200: json('The proposal after the answer', ChainDateProposal),
      403: { description: 'Not a buyer or seller of this move' },
      409: { description: 'The proposal is no longer open' },
      ...ERRORS,
    },
  }),
}
