/**
 * The table of every status change and money movement with its preconditions (decision 061): each
 * row is one step in one situation, with whether it goes ahead and, when refused, what the message
 * must tell the person to do. The server calls these same rules inside the write's transaction.
 */
import { describe, expect, it } from 'vitest'
import {
  chainDatesAcceptRefusal,
  chainDatesRefusal,
  chainExchangeRefusal,
  completionHappened,
  completionRefusal,
  exchangeRefusal,
  PRECONDITIONS,
  releaseRefusal,
  statusActionRefusal,
  type Refusal,
} from './preconditions'

const TODAY = '2026-12-01'

interface Row {
  step: (typeof PRECONDITIONS)[number]['step']
  situation: string
  refusal: Refusal | null
  /** null: goes ahead; else the code, and what the message must say (the fix). */
  expected: null | { code: Refusal['code']; says: RegExp; field?: string }
}

const TABLE: Row[] = [
  // activate
  {
    step: 'activate',
    situation: 'draft, conveyancer',
    refusal: statusActionRefusal('activate', 'draft', 'buyer_conveyancer'),
    expected: null,
  },
  {
    step: 'activate',
    situation: 'draft, buyer',
    refusal: statusActionRefusal('activate', 'draft', 'buyer'),
    expected: { code: 'conflict', says: /a conveyancer on the move can/ },
  },
  {
    step: 'activate',
    situation: 'already active',
    refusal: statusActionRefusal('activate', 'active', 'seller_conveyancer'),
    expected: { code: 'conflict', says: /already Active/ },
  },
  // exchange
  {
    step: 'exchange',
    situation: 'active, conveyancer',
    refusal: statusActionRefusal('exchange', 'active', 'seller_conveyancer'),
    expected: null,
  },
  {
    step: 'exchange',
    situation: 'draft',
    refusal: statusActionRefusal('exchange', 'draft', 'seller_conveyancer'),
    expected: { code: 'conflict', says: /Activate it first/ },
  },
  {
    step: 'exchange',
    situation: 'active, seller',
    refusal: statusActionRefusal('exchange', 'active', 'seller'),
    expected: { code: 'conflict', says: /a conveyancer on the move can/ },
  },
  {
    step: 'exchange',
    situation: 'exchanged today, completion in two weeks',
    refusal: exchangeRefusal({ exchangeDate: TODAY, completionDate: '2026-12-15', today: TODAY }),
    expected: null,
  },
  {
    step: 'exchange',
    situation: 'simultaneous exchange and completion',
    refusal: exchangeRefusal({ exchangeDate: TODAY, completionDate: TODAY, today: TODAY }),
    expected: null,
  },
  {
    step: 'exchange',
    situation: 'exchange date in the future',
    refusal: exchangeRefusal({ exchangeDate: '2026-12-02', completionDate: '2026-12-15', today: TODAY }),
    expected: {
      code: 'validation_failed',
      field: 'exchange_date',
      says: /02 Dec 2026 is still to come\. Record it on that day/,
    },
  },
  {
    step: 'exchange',
    situation: 'completion before exchange',
    refusal: exchangeRefusal({ exchangeDate: TODAY, completionDate: '2026-11-30', today: TODAY }),
    expected: { code: 'validation_failed', field: 'completion_date', says: /cannot be before the exchange date/ },
  },
  {
    step: 'exchange',
    situation: "in a chain, on the chain's agreed completion date",
    refusal: chainExchangeRefusal({ completionDate: '2027-01-08', chainCompletionDate: '2027-01-08' }),
    expected: null,
  },
  {
    step: 'exchange',
    situation: 'in a chain that agreed no dates',
    refusal: chainExchangeRefusal({ completionDate: '2026-12-15', chainCompletionDate: null }),
    expected: null,
  },
  {
    step: 'exchange',
    situation: "in a chain, off the chain's agreed completion date",
    refusal: chainExchangeRefusal({ completionDate: '2026-12-15', chainCompletionDate: '2027-01-08' }),
    expected: {
      code: 'conflict',
      field: 'completion_date',
      says: /agreed completion on 08 Jan 2027, but this exchange gives 15 Dec 2026\. Exchange with the chain's completion date, or propose new dates/,
    },
  },
  // complete
  {
    step: 'complete',
    situation: 'exchanged, conveyancer',
    refusal: statusActionRefusal('complete', 'exchange', 'buyer_conveyancer'),
    expected: null,
  },
  {
    step: 'complete',
    situation: 'not exchanged',
    refusal: statusActionRefusal('complete', 'active', 'buyer_conveyancer'),
    expected: { code: 'conflict', says: /after contracts have been exchanged\. Record exchange first/ },
  },
  {
    step: 'complete',
    situation: 'agreed date today, none entered',
    refusal: completionRefusal({ agreed: TODAY, exchangeDate: '2026-11-20', today: TODAY }),
    expected: null,
  },
  {
    step: 'complete',
    situation: 'agreed date passed, actual date entered',
    refusal: completionRefusal({
      entered: '2026-11-27',
      agreed: '2026-11-27',
      exchangeDate: '2026-11-20',
      today: TODAY,
    }),
    expected: null,
  },
  {
    step: 'complete',
    situation: 'future date entered (15 Dec on 01 Dec)',
    refusal: completionRefusal({
      entered: '2026-12-15',
      agreed: '2026-12-15',
      exchangeDate: '2026-11-20',
      today: TODAY,
    }),
    expected: {
      code: 'validation_failed',
      field: 'completion_date',
      says: /on or after the day it happens: 15 Dec 2026 is still to come\. Record it on 15 Dec 2026, or enter the date the move actually completed/,
    },
  },
  {
    step: 'complete',
    situation: 'none entered, agreed date still to come',
    refusal: completionRefusal({ agreed: '2026-12-15', exchangeDate: '2026-11-20', today: TODAY }),
    expected: {
      code: 'validation_failed',
      field: 'completion_date',
      says: /agreed for 15 Dec 2026, which is still to come/,
    },
  },
  {
    step: 'complete',
    situation: 'none entered, none agreed (today is recorded)',
    refusal: completionRefusal({ agreed: null, exchangeDate: '2026-11-20', today: TODAY }),
    expected: null,
  },
  {
    step: 'complete',
    situation: 'date before exchange',
    refusal: completionRefusal({
      entered: '2026-11-19',
      agreed: '2026-12-15',
      exchangeDate: '2026-11-20',
      today: TODAY,
    }),
    expected: { code: 'validation_failed', field: 'completion_date', says: /exchanged on 20 Nov 2026/ },
  },
  // cancel
  {
    step: 'cancel',
    situation: 'active, buyer',
    refusal: statusActionRefusal('cancel', 'active', 'buyer'),
    expected: null,
  },
  {
    step: 'cancel',
    situation: 'exchanged, conveyancer (rescission)',
    refusal: statusActionRefusal('cancel', 'exchange', 'seller_conveyancer'),
    expected: null,
  },
  {
    step: 'cancel',
    situation: 'exchanged, seller',
    refusal: statusActionRefusal('cancel', 'exchange', 'seller'),
    expected: { code: 'conflict', says: /only a conveyancer can cancel/ },
  },
  {
    step: 'cancel',
    situation: 'completed',
    refusal: statusActionRefusal('cancel', 'completed', 'seller_conveyancer'),
    expected: { code: 'conflict', says: /completed, so its status can no longer change/ },
  },
  // deposit: release at exchange
  {
    step: 'release at exchange',
    situation: 'active (not exchanged)',
    refusal: releaseRefusal({ kind: 'release', stage: 'exchange' }, 'active'),
    expected: {
      code: 'conflict',
      says: /only once exchange is recorded, and this move is active\. A conveyancer records exchange/,
    },
  },
  {
    step: 'release at exchange',
    situation: 'exchanged',
    refusal: releaseRefusal({ kind: 'release', stage: 'exchange' }, 'exchange'),
    expected: null,
  },
  {
    step: 'release at exchange',
    situation: 'completed',
    refusal: releaseRefusal({ kind: 'release', stage: 'exchange' }, 'completed'),
    expected: null,
  },
  {
    step: 'release at exchange',
    situation: 'cancelled',
    refusal: releaseRefusal({ kind: 'release', stage: 'exchange' }, 'cancelled'),
    expected: { code: 'conflict', says: /Refund it to the buyer instead/ },
  },
  // deposit: release at completion
  {
    step: 'release at completion',
    situation: 'exchanged, not completed',
    refusal: releaseRefusal({ kind: 'release', stage: 'completion' }, 'exchange'),
    expected: {
      code: 'conflict',
      says: /only once completion is recorded, and this move is exchanged\. A conveyancer records completion/,
    },
  },
  {
    step: 'release at completion',
    situation: 'draft',
    refusal: releaseRefusal({ kind: 'release', stage: 'completion' }, 'draft'),
    expected: { code: 'conflict', says: /only once completion is recorded/ },
  },
  {
    step: 'release at completion',
    situation: 'completed',
    refusal: releaseRefusal({ kind: 'release', stage: 'completion' }, 'completed'),
    expected: null,
  },
  // deposit: refund
  { step: 'refund', situation: 'active', refusal: releaseRefusal({ kind: 'refund' }, 'active'), expected: null },
  { step: 'refund', situation: 'cancelled', refusal: releaseRefusal({ kind: 'refund' }, 'cancelled'), expected: null },
  // chain dates
  {
    step: 'propose chain dates',
    situation: 'both still to come, in order',
    refusal: chainDatesRefusal({ exchangeDate: '2026-12-18', completionDate: '2027-01-08', today: TODAY }),
    expected: null,
  },
  {
    step: 'propose chain dates',
    situation: 'exchange today',
    refusal: chainDatesRefusal({ exchangeDate: TODAY, completionDate: '2026-12-15', today: TODAY }),
    expected: null,
  },
  {
    step: 'propose chain dates',
    situation: 'both in the past (20 and 25 Nov on 01 Dec)',
    refusal: chainDatesRefusal({ exchangeDate: '2026-11-20', completionDate: '2026-11-25', today: TODAY }),
    expected: {
      code: 'validation_failed',
      field: 'exchange_date',
      says: /20 Nov 2026 has passed\. Propose dates from today \(01 Dec 2026\) on/,
    },
  },
  {
    step: 'propose chain dates',
    situation: 'completion before exchange',
    refusal: chainDatesRefusal({ exchangeDate: '2026-12-18', completionDate: '2026-12-17', today: TODAY }),
    expected: { code: 'validation_failed', field: 'completion_date', says: /cannot be before the exchange date/ },
  },
  {
    step: 'accept chain dates',
    situation: 'exchange date still to come',
    refusal: chainDatesAcceptRefusal({ exchangeDate: '2026-12-18', today: TODAY }),
    expected: null,
  },
  {
    step: 'accept chain dates',
    situation: 'exchange date passed',
    refusal: chainDatesAcceptRefusal({ exchangeDate: '2026-11-30', today: TODAY }),
    expected: { code: 'conflict', says: /has passed\. Decline them, and a conveyancer can propose new dates/ },
  },
]

describe('preconditions of every status change and money movement (the table)', () => {
  it.each(TABLE.map((r) => [r.step, r.situation, r] as const))('%s: %s', (_step, _situation, row) => {
    if (row.expected === null) {
      expect(row.refusal).toBeNull()
      return
    }
    expect(row.refusal).not.toBeNull()
    expect(row.refusal!.code).toBe(row.expected.code)
    expect(row.refusal!.message).toMatch(row.expected.says)
    if (row.expected.field) expect(row.refusal!.field).toBe(row.expected.field)
  })

  it('covers every step of the catalogue, each both allowed and refused', () => {
    for (const { step } of PRECONDITIONS) {
      if (step === 'completion fee, logbook, review requests') continue // its own test below
      const rows = TABLE.filter((r) => r.step === step)
      expect(
        rows.some((r) => r.expected === null),
        `${step}: a case that goes ahead`,
      ).toBe(true)
      if (step !== 'refund')
        expect(
          rows.some((r) => r.expected !== null),
          `${step}: a refused case`,
        ).toBe(true)
    }
  })

  it('every refusal says what to do, not only what is wrong', () => {
    const fixes =
      /nothing to do|first|instead|Record it|enter the date|propose new dates|Propose dates|Activate|can\.|ask your conveyancer|with the chain|Decline them|cannot be before|can no longer change|then ask/
    for (const r of TABLE) if (r.refusal) expect(r.refusal.message, `${r.step}: ${r.situation}`).toMatch(fixes)
  })
})

describe('the completion fee, logbook and review requests follow a completion that happened', () => {
  it.each([
    ['completed today', 'completed', TODAY, true],
    ['completed last week', 'completed', '2026-11-24', true],
    ['recorded for a future date', 'completed', '2026-12-15', false],
    ['completed with no date', 'completed', null, false],
    ['exchanged only', 'exchange', '2026-11-30', false],
    ['cancelled', 'cancelled', '2026-11-30', false],
  ] as const)('%s', (_name, status, completionDate, expected) => {
    expect(completionHappened({ status, completionDate, today: TODAY })).toBe(expected)
  })
})
