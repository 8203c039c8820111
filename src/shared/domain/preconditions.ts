/**
 * Preconditions of every step that moves money or legal status (decision 061): one home for the
 * rules, shared by the server (which enforces them inside the same database transaction as the
 * write) and the web (which checks them before sending, so the screen refuses what the server
 * refuses, with the same words). Each rule returns null when the step may go ahead, else a
 * `Refusal` whose message says what is wrong and what to do about it.
 *
 * Dates are calendar days 'yyyy-mm-dd' in Europe/London (`londonDate` in working-days.ts gives
 * today's); ISO dates compare correctly as strings.
 *
 * The steps, with where each is enforced (the table test, preconditions.test.ts, walks every one):
 * - activate (draft -> active), exchange (active -> exchange), complete (exchange -> completed) and
 *   cancel: `statusActionRefusal` (who and from which status), then `exchangeRefusal` and
 *   `completionRefusal` for the dates (features/transactions/change-status.ts);
 * - an exchange in a chain that agreed its dates: `chainExchangeRefusal` (a status hook of
 *   features/chains, in the exchange's transaction);
 * - a deposit release at exchange or at completion, and a refund: `releaseRefusal`
 *   (features/deposits/releases.ts, when asked and again when the second approval pays);
 * - chain dates proposed and accepted: `chainDatesRefusal`, `chainDatesAcceptRefusal`
 *   (features/chains/chain-dates.ts);
 * - the completion fee, the home logbook and review requests: `completionHappened`
 *   (src/server/timeline-hooks.ts, before each runs).
 */
import { allowedStatusActions, type StatusAction } from './permissions'
import { transactionStatusLabel } from './statuses'

/** A calendar date, 'yyyy-mm-dd' (Europe/London). */
export type IsoDay = string

/**
 * Why a step is refused. `code`: 'validation_failed' (400: a field to correct, named in `field`),
 * 'conflict' (409: the move is not at the point where the step can happen).
 */
export interface Refusal {
  code: 'validation_failed' | 'conflict'
  field?: 'exchange_date' | 'completion_date'
  message: string
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** '2026-12-15' as '15 Dec 2026' (the UK format of every message here). */
export function ukDay(d: IsoDay): string {
  const [y, m, day] = d.split('-')
  return `${day} ${MONTHS[Number(m) - 1]} ${y}`
}

const ACTION_VERB: Record<StatusAction, string> = {
  activate: 'activate',
  exchange: 'record exchange for',
  complete: 'record completion for',
  cancel: 'cancel',
}

/**
 * Whether `role` may take `action` on a move in `status` (allowedStatusActions, permissions.ts):
 * null when it may, else why not in words a person can act on (409).
 */
export function statusActionRefusal(action: StatusAction, status: string, role: string | null): Refusal | null {
  if (allowedStatusActions(role, status).includes(action)) return null
  const label = transactionStatusLabel(status)
  const conflict = (message: string): Refusal => ({ code: 'conflict', message })
  if (status === 'completed' || status === 'cancelled')
    return conflict(`This move is ${label.toLowerCase()}, so its status can no longer change.`)
  if (action === 'cancel' && status === 'exchange')
    return conflict(
      'After exchange, only a conveyancer can cancel (rescind) the contract, with a reason: ask your conveyancer.',
    )
  if (action === 'exchange' && status !== 'active')
    return conflict(`Exchange can only be recorded on an active move; this one is ${label}. Activate it first.`)
  if (action === 'complete' && status !== 'exchange')
    return conflict('Completion can only be recorded after contracts have been exchanged. Record exchange first.')
  if (action === 'activate' && status !== 'draft') return conflict(`This move is already ${label}: nothing to do.`)
  return conflict(
    `As ${(role ?? 'someone not on the move').replace(/_/g, ' ')} you cannot ${ACTION_VERB[action]} this move; a conveyancer on the move can.`,
  )
}

const ORDER_MESSAGE = 'The completion date cannot be before the exchange date.'

/**
 * Exchange of contracts is a legal act that has happened: its date is today or earlier, and the
 * agreed completion date is on or after it (the same day is a simultaneous exchange and completion).
 * The completion date may be in the future (it is the contract's date).
 */
export function exchangeRefusal(input: {
  exchangeDate: IsoDay
  completionDate: IsoDay
  today: IsoDay
}): Refusal | null {
  if (input.exchangeDate > input.today) {
    return {
      code: 'validation_failed',
      field: 'exchange_date',
      message: `Exchange can be recorded only once it has happened: ${ukDay(input.exchangeDate)} is still to come. Record it on that day, or enter the date contracts were actually exchanged.`,
    }
  }
  if (input.completionDate < input.exchangeDate) {
    return { code: 'validation_failed', field: 'completion_date', message: ORDER_MESSAGE }
  }
  return null
}

/**
 * The completion date a completion records: the one entered, else the one agreed at exchange,
 * else today. Completion is recorded on or after the day it happens, never ahead of it.
 */
export function completionDateToRecord(input: {
  entered?: IsoDay | null
  agreed: IsoDay | null
  today: IsoDay
}): IsoDay {
  return input.entered || input.agreed || input.today
}

/**
 * Completion happened: the move has exchanged (statusActionRefusal holds that), the date recorded
 * is today or earlier, and it is not before the exchange date. `entered` is the date typed (may be
 * absent: then the date agreed at exchange is recorded).
 */
export function completionRefusal(input: {
  entered?: IsoDay | null
  agreed: IsoDay | null
  exchangeDate: IsoDay | null
  today: IsoDay
}): Refusal | null {
  const date = completionDateToRecord(input)
  if (date > input.today) {
    const message = input.entered
      ? `Completion can be recorded only on or after the day it happens: ${ukDay(date)} is still to come. Record it on ${ukDay(date)}, or enter the date the move actually completed.`
      : `Completion was agreed for ${ukDay(date)}, which is still to come. Record it on that day, or enter the date the move actually completed.`
    return { code: 'validation_failed', field: 'completion_date', message }
  }
  if (input.exchangeDate && date < input.exchangeDate) {
    return {
      code: 'validation_failed',
      field: 'completion_date',
      message: `${ORDER_MESSAGE} Contracts were exchanged on ${ukDay(input.exchangeDate)}.`,
    }
  }
  return null
}

/**
 * A move of a chain whose dates were agreed exchanges with the chain's completion date, so that
 * nobody in the chain is bound to complete on a day the others are not: null when it does (or the
 * chain agreed no dates), else a refusal saying how to line the chain up again.
 */
export function chainExchangeRefusal(input: {
  completionDate: IsoDay
  chainCompletionDate: IsoDay | null
}): Refusal | null {
  if (!input.chainCompletionDate || input.completionDate === input.chainCompletionDate) return null
  return {
    code: 'conflict',
    field: 'completion_date',
    message: `Your chain agreed completion on ${ukDay(input.chainCompletionDate)}, but this exchange gives ${ukDay(input.completionDate)}. Exchange with the chain's completion date, or propose new dates to the chain on the Chain page and record exchange once every move has agreed them.`,
  }
}

/** What a deposit movement is: a release to the seller's conveyancer at a stage, or a refund to the buyer. */
export type DepositMovement = { kind: 'release'; stage: 'exchange' | 'completion' } | { kind: 'refund' }

/**
 * A release "at exchange" only once exchange is recorded on the move (it stays possible after
 * completion, when a release at exchange was not made); "at completion" only once completion is
 * recorded; no release to the seller's side of a cancelled move (refund it). A refund returns the
 * buyer's own money and needs no stage. What is held is checked by the ledger, not here.
 */
export function releaseRefusal(movement: DepositMovement, status: string): Refusal | null {
  if (movement.kind === 'refund') return null
  const label = transactionStatusLabel(status).toLowerCase()
  if (status === 'cancelled') {
    return {
      code: 'conflict',
      message:
        'This move was cancelled, so the deposit is not released to the seller’s conveyancer. Refund it to the buyer instead.',
    }
  }
  if (movement.stage === 'exchange' && status !== 'exchange' && status !== 'completed') {
    return {
      code: 'conflict',
      message: `The deposit can be released at exchange only once exchange is recorded, and this move is ${label}. A conveyancer records exchange on the move first; then ask for the release again.`,
    }
  }
  if (movement.stage === 'completion' && status !== 'completed') {
    return {
      code: 'conflict',
      message: `The deposit can be released at completion only once completion is recorded, and this move is ${label}. A conveyancer records completion on the move on the day it happens; then ask for the release again.`,
    }
  }
  return null
}

/**
 * Dates proposed to a chain are still to come and in order: exchange today or later, completion
 * on or after exchange.
 */
export function chainDatesRefusal(input: {
  exchangeDate: IsoDay
  completionDate: IsoDay
  today: IsoDay
}): Refusal | null {
  if (input.exchangeDate < input.today) {
    return {
      code: 'validation_failed',
      field: 'exchange_date',
      message: `The exchange date ${ukDay(input.exchangeDate)} has passed. Propose dates from today (${ukDay(input.today)}) on.`,
    }
  }
  if (input.completionDate < input.exchangeDate) {
    return { code: 'validation_failed', field: 'completion_date', message: ORDER_MESSAGE }
  }
  return null
}

/** A proposal is accepted only while its exchange date has not passed (else it can no longer be kept). */
export function chainDatesAcceptRefusal(input: { exchangeDate: IsoDay; today: IsoDay }): Refusal | null {
  if (input.exchangeDate >= input.today) return null
  return {
    code: 'conflict',
    message: `These dates can no longer be kept: the exchange date ${ukDay(input.exchangeDate)} has passed. Decline them, and a conveyancer can propose new dates.`,
  }
}

/**
 * Whether a completion really happened, for what follows it (the completion fee, the home logbook,
 * review requests): the move is completed and its completion date is today or earlier.
 */
export function completionHappened(input: { status: string; completionDate: IsoDay | null; today: IsoDay }): boolean {
  return input.status === 'completed' && !!input.completionDate && input.completionDate <= input.today
}

/**
 * Every status change and money movement with its preconditions, in words (shown in decision 061
 * and walked by the table test): `step` names it, `rule` the function above that holds it.
 */
export const PRECONDITIONS = [
  { step: 'activate', rule: 'statusActionRefusal', preconditions: ['draft', 'a conveyancer on the move'] },
  {
    step: 'exchange',
    rule: 'exchangeRefusal',
    preconditions: [
      'active',
      'a conveyancer on the move',
      'no stage blocked',
      'confirmed',
      'exchange date today or earlier',
      'completion date on or after exchange',
      "in a chain that agreed dates: the chain's completion date",
    ],
  },
  {
    step: 'complete',
    rule: 'completionRefusal',
    preconditions: [
      'exchanged',
      'a conveyancer on the move',
      'completion date today or earlier',
      'not before exchange',
    ],
  },
  {
    step: 'cancel',
    rule: 'statusActionRefusal',
    preconditions: ['draft or active: a party or conveyancer', 'exchanged: a conveyancer (rescission)', 'a reason'],
  },
  {
    step: 'release at exchange',
    rule: 'releaseRefusal',
    preconditions: ['exchange recorded (exchange or completed)', 'money held', 'two people at the buyer’s firm'],
  },
  {
    step: 'release at completion',
    rule: 'releaseRefusal',
    preconditions: ['completion recorded', 'money held', 'two people at the buyer’s firm'],
  },
  { step: 'refund', rule: 'releaseRefusal', preconditions: ['money held', 'two people at the buyer’s firm'] },
  {
    step: 'propose chain dates',
    rule: 'chainDatesRefusal',
    preconditions: ['exchange today or later', 'completion on or after exchange', 'a chain of two moving moves'],
  },
  { step: 'accept chain dates', rule: 'chainDatesAcceptRefusal', preconditions: ['exchange date not passed'] },
  {
    step: 'completion fee, logbook, review requests',
    rule: 'completionHappened',
    preconditions: ['completed', 'completion date today or earlier'],
  },
] as const
