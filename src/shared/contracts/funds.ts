/**
 * Contracts of source of funds: the buyer's funding picture (banks connected through open banking,
 * the accounts chosen, what needs explaining, gifts, the mortgage, SDLT and fees against the price),
 * the buyer's statements and explanations, the conveyancer's review, and the funds status of each
 * party for the badges. Money is pence (integers); dates yyyy-mm-dd; times ISO.
 * Rules: src/shared/domain/source-of-funds.ts and src/shared/domain/sdlt.ts.
 */
import { z } from 'zod'
import { SCREENING_STATES } from '../domain/client-due-diligence'
import { FUNDS_REVIEW_DECISIONS, FUNDS_STATUSES } from '../domain/source-of-funds'
import { Timestamp, TransactionParams, Uuid } from './common'
import { displayLine, displayText } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'
import { SignInput } from './signing'

const Pence = z.number().int()
const MoneyInput = (what: string) =>
  z
    .number({ message: `${what} must be an amount in pence` })
    .int(`${what} must be whole pence`)
    .min(0, `${what} cannot be negative`)
    .max(100_000_000_00, `${what} must be at most £100,000,000`)

export const BankChoice = z.object({ id: z.string(), name: z.string(), scenario: z.string().nullable() })

export const BankConsent = z.object({
  id: Uuid,
  bank_name: z.string(),
  status: z.enum(['awaiting_authorisation', 'authorised', 'refused', 'expired']),
  /** Why the bank refused or the consent lapsed, with what to do next. */
  message: z.string().nullable(),
  created_at: Timestamp,
})

export const BankAccount = z.object({
  id: Uuid,
  bank_name: z.string(),
  name: z.string(),
  sort_code: z.string(),
  /** The account number masked to its last four digits. */
  account_number_masked: z.string(),
  selected: z.boolean(),
  balance_pence: Pence,
  transaction_count: z.number().int(),
})

export const FundsFlag = z.object({
  account_id: Uuid,
  account_name: z.string(),
  transaction_id: z.string(),
  booked_on: z.string(),
  description: z.string(),
  amount_pence: Pence,
  kind: z.enum(['large_credit', 'cash_deposit']),
  explanation: z.string().nullable(),
})

/**
 * Where the giftor is (decision 037): `invited` (the emailed link is open), `invitation_expired`
 * (the buyer re-sends it), `accepted` (they joined their gift page), `identity_verified`, `evidenced`
 * (identity verified and the gifted-deposit declaration signed: the gift's flag clears).
 */
export const GIFTOR_PROGRESS = ['invited', 'invitation_expired', 'accepted', 'identity_verified', 'evidenced'] as const

/** The giftor's identity check as the gift shows it: the state only, never its details. */
export const GIFTOR_IDENTITY_STATES = [
  'not_started',
  'in_progress',
  'processing',
  'verified',
  'needs_review',
  'failed',
] as const

export const FundsGift = z.object({
  id: Uuid,
  giftor_name: z.string(),
  giftor_email: z.string(),
  relationship: z.string(),
  amount_pence: Pence,
  declaration: z.enum(['not_signed', 'signed']),
  progress: z.enum(GIFTOR_PROGRESS),
  identity: z.enum(GIFTOR_IDENTITY_STATES),
  /** The signed declaration (a document of the move, seen by the buyer and their conveyancer only). */
  declaration_document_id: Uuid.nullable(),
  /** The giftor's answer on the declaration: where the gifted money comes from (null until they give it). */
  source_of_money: z.string().nullable(),
  invitation_expires_at: Timestamp.nullable(),
})

export const FundsPlan = z.object({
  first_time_buyer: z.boolean(),
  additional_property: z.boolean(),
  non_resident: z.boolean(),
  mortgage_stated_pence: Pence.nullable(),
  sale_proceeds_pence: Pence.nullable(),
  fees_pence: Pence,
})

/**
 * The land tax of the purchase: SDLT in England, Land Transaction Tax in Wales (by the property's
 * nation; shared/domain/land-tax.ts). Still named `sdlt` in the picture and its totals, so API
 * clients written before Wales keep working; `tax` says which it is.
 */
export const SdltBreakdown = z.object({
  tax: z.enum(['sdlt', 'ltt']),
  /** 'Stamp Duty Land Tax' or 'Land Transaction Tax'. */
  tax_name: z.string(),
  /** The first day of the rates used (ISO date): completion when recorded, else today, picks them. */
  rates_from: z.string(),
  total_pence: Pence,
  bands: z.array(
    z.object({
      from_pence: Pence,
      to_pence: Pence.nullable(),
      rate_percent: z.number(),
      taxable_pence: Pence,
      tax_pence: Pence,
    }),
  ),
  first_time_buyer_relief: z.boolean(),
  relief_refused: z.string().nullable(),
  additional_property_surcharge: z.boolean(),
  non_resident_surcharge: z.boolean(),
  source_url: z.string(),
})

export const FundsIssue = z.object({
  kind: z.enum(['no_price', 'no_bank', 'shortfall', 'large_credit', 'cash_deposit', 'gift_unsigned']),
  message: z.string(),
})

export const FundsStatusValue = z.enum(FUNDS_STATUSES)

/** The whole funding picture, for the buyer and the firm instructed for them. */
export const FundsPicture = z.object({
  transaction_id: Uuid,
  viewer_role: z.enum(['buyer', 'buyer_conveyancer']),
  provider_label: z.string(),
  status: FundsStatusValue,
  banks: z.array(BankChoice),
  consents: z.array(BankConsent),
  accounts: z.array(BankAccount),
  flags: z.array(FundsFlag),
  /**
   * The plan's land tax answers: the viewer's own when they are a joint buyer, else the lead buyer's
   * (decision 070).
   */
  plan: FundsPlan,
  /** Every buyer's own land tax answers, the lead first: the tax follows all of them together (jointPurchaseAnswers). */
  purchasers: z.array(
    z.object({
      profile_id: Uuid,
      full_name: z.string(),
      lead: z.boolean(),
      /** This buyer is the viewer. */
      you: z.boolean(),
      first_time_buyer: z.boolean(),
      additional_property: z.boolean(),
      non_resident: z.boolean(),
    }),
  ),
  mortgage: z.object({
    amount_pence: Pence,
    source: z.enum(['offer', 'dip', 'stated', 'none']),
    lender: z.string().nullable(),
  }),
  gifts: z.array(FundsGift),
  price_pence: Pence.nullable(),
  sdlt: SdltBreakdown.nullable(),
  totals: z.object({
    savings_pence: Pence,
    mortgage_pence: Pence,
    gifts_pence: Pence,
    sale_proceeds_pence: Pence,
    available_pence: Pence,
    price_pence: Pence,
    sdlt_pence: Pence,
    fees_pence: Pence,
    needed_pence: Pence,
    shortfall_pence: Pence,
  }),
  issues: z.array(FundsIssue),
  review: z
    .object({
      decision: z.enum(FUNDS_REVIEW_DECISIONS),
      note: z.string().nullable(),
      reviewer_name: z.string().nullable(),
      reviewed_at: Timestamp,
    })
    .nullable(),
})
export type FundsPicture = z.infer<typeof FundsPicture>

export const SaveFundsPlanInput = z.object({
  first_time_buyer: z.boolean(),
  additional_property: z.boolean(),
  non_resident: z.boolean(),
  mortgage_stated_pence: MoneyInput('The mortgage').nullable(),
  sale_proceeds_pence: MoneyInput('The sale proceeds').nullable(),
  fees_pence: MoneyInput('Fees'),
})
export type SaveFundsPlanInput = z.infer<typeof SaveFundsPlanInput>

export const StartBankConsentInput = z.object({ bank_id: z.string().trim().min(1, 'Choose a bank').max(60) })
export const StartedBankConsent = z.object({ consent_id: Uuid, authorise_url: z.string() })

export const SelectAccountInput = z.object({ selected: z.boolean() })
export const AccountParams = TransactionParams.extend({ accountId: Uuid })

export const ExplainInput = z.object({
  account_id: Uuid,
  transaction_id: z.string().min(1).max(100),
  explanation: displayText()
    .trim()
    .min(5, 'Say where the money came from in a few words')
    .max(1000, 'An explanation can be at most 1,000 characters'),
})

export const AddGiftInput = z.object({
  giftor_name: displayLine().trim().min(1, "Give the giftor's name").max(120),
  giftor_email: z.email({ message: 'Enter an email address' }).max(254),
  relationship: displayLine().trim().min(1, 'Say how the giftor is related to you').max(60),
  amount_pence: MoneyInput('The gift').min(100, 'The gift must be at least £1'),
})

export const GiftParams = TransactionParams.extend({ giftId: Uuid })
export const GiftorGiftParams = z.object({ giftId: Uuid })

/**
 * The giftor's own bank check (decision 069): an account-information consent through the same
 * open-banking provider as the buyer's, for this gift. 'connected' once the bank shared the accounts.
 */
export const GIFT_BANK_STATES = ['not_started', 'awaiting_authorisation', 'connected', 'refused', 'expired'] as const

/** The bank check as the giftor sees it: its state and bank, never a figure (they gave it). */
export const GiftorBankCheck = z.object({
  status: z.enum(GIFT_BANK_STATES),
  bank_name: z.string().nullable(),
  /** When the bank shared the accounts (connected), or the last attempt ended. */
  checked_at: Timestamp.nullable(),
  failure_reason: z.string().nullable(),
  /** The open-banking provider's label ('Sandbox' when no real bank is used). */
  provider_label: z.string(),
})
export type GiftorBankCheck = z.infer<typeof GiftorBankCheck>

/** GET /gifts/{giftId}: the giftor's own gift page (the giftor only; everyone else 404). */
export const GiftorGift = z.object({
  id: Uuid,
  amount_pence: Pence,
  giftor_name: z.string(),
  relationship: z.string(),
  /** The buyers the money is given to (full names). */
  buyer_names: z.array(z.string()),
  property_address: z.string(),
  move_status: z.string(),
  identity: z.enum(GIFTOR_IDENTITY_STATES),
  /** The identity provider's label: 'Sandbox' when the check is not real (the page labels it). */
  identity_provider_label: z.string(),
  progress: z.enum(GIFTOR_PROGRESS),
  declaration: z.object({
    status: z.enum(['not_prepared', 'awaiting_signature', 'signed']),
    source_of_money: z.string().nullable(),
    giftor_will_live: z.boolean().nullable(),
    /** SHA-256 of the PDF version to sign (or signed): the signature is bound to it. */
    document_sha256: z.string().nullable(),
    signed_at: Timestamp.nullable(),
  }),
  bank: GiftorBankCheck,
  /** The banks the giftor can connect (the provider's list; the sandbox's describe what each does). */
  banks: z.array(BankChoice),
})
export type GiftorGift = z.infer<typeof GiftorGift>

/** GET /gifts: the signed-in person's gifts as a giftor ("Your gifts", decision 069), newest first. */
export const MyGifts = z.object({
  gifts: z.array(
    z.object({
      id: Uuid,
      amount_pence: Pence,
      buyer_names: z.array(z.string()),
      property_address: z.string(),
      move_status: z.string(),
      progress: z.enum(GIFTOR_PROGRESS),
      /** What is left for the giftor, in order: identity, bank, declaration; null when nothing is. */
      next_step: z.enum(['identity', 'bank', 'declaration']).nullable(),
    }),
  ),
})
export type MyGifts = z.infer<typeof MyGifts>

/**
 * GET /transactions/{txId}/funds/gifts/{giftId}/checks: the giftor's checks for the buyer's
 * conveyancer's due diligence on the gift (decision 069): identity, sanctions and PEP screening and
 * the bank check, each with its result, date and provider (labelled 'Sandbox' when not real). The
 * buyer's conveyancer only: the buyer gets 403 (a screening result is not theirs to see), anyone else 404.
 */
export const GiftChecks = z.object({
  gift_id: Uuid,
  giftor_name: z.string(),
  relationship: z.string(),
  amount_pence: Pence,
  identity: z.object({
    state: z.enum(GIFTOR_IDENTITY_STATES),
    /** When the current check finished (null while none did). */
    checked_at: Timestamp.nullable(),
    provider_label: z.string(),
  }),
  screening: z.object({
    state: z.enum(['not_started', ...SCREENING_STATES]),
    sanctions_match: z.boolean(),
    pep: z.boolean(),
    matches: z.array(
      z.object({ list: z.enum(['sanctions', 'pep']), name: z.string(), score: z.number(), detail: z.string() }),
    ),
    screened_at: Timestamp.nullable(),
    provider_label: z.string(),
  }),
  bank: GiftorBankCheck.extend({
    accounts: z.array(z.object({ name: z.string(), last4: z.string(), balance_pence: z.number().int() })),
    /** The accounts' balances added up (null until connected). */
    total_balance_pence: z.number().int().nullable(),
    /** Whether the balances cover the gift (null until connected). */
    covers_gift: z.boolean().nullable(),
    /** Credits of the last 12 months the funding picture would flag (large or cash), for the conveyancer to ask about. */
    flagged: z.array(z.object({ booked_on: z.string(), description: z.string(), amount_pence: z.number().int() })),
  }),
})
export type GiftChecks = z.infer<typeof GiftChecks>

/** PUT /gifts/{giftId}/declaration: the giftor's answers; the declaration PDF is (re)generated from them. */
export const GiftDeclarationInput = z.object({
  source_of_money: displayText()
    .trim()
    .min(5, 'Say where the gifted money comes from in a few words')
    .max(1000, 'At most 1,000 characters'),
  giftor_will_live: z.boolean({ message: 'Say whether you will live in the property' }),
})
export type GiftDeclarationInput = z.infer<typeof GiftDeclarationInput>

/** POST /gifts/{giftId}/sign: the giftor signs the declaration version they read (typed or drawn). */
export const SignGiftInput = SignInput
export type SignGiftInput = z.infer<typeof SignGiftInput>

export const ReviewFundsInput = z
  .object({
    decision: z.enum(FUNDS_REVIEW_DECISIONS, { message: 'Choose satisfied or ask for more' }),
    note: displayText().trim().max(2000, 'A note can be at most 2,000 characters').optional(),
  })
  .refine((v) => v.decision !== 'more_info' || (v.note?.length ?? 0) > 0, {
    path: ['note'],
    message: 'Say what more you need from the buyer',
  })

/** The funds status of each party on the move, for the People badges (the buyer's; a seller has none). */
export const FundsStatuses = z.object({
  parties: z.array(z.object({ profile_id: Uuid, role: z.string(), status: FundsStatusValue })),
})
export type FundsStatuses = z.infer<typeof FundsStatuses>

const Picture = { 200: json('Funding picture', FundsPicture) }
const buyerOnly = { 403: { description: 'Not the buyer' }, ...ERRORS }

export const fundsEndpoints = {
  picture: endpoint({
    method: 'get',
    path: '/transactions/{txId}/funds',
    summary: "The buyer's funding picture (the buyer and their conveyancer only; recorded in the audit trail)",
    request: { params: TransactionParams },
    responses: { ...Picture, ...ERRORS },
  }),
  statuses: endpoint({
    method: 'get',
    path: '/transactions/{txId}/funds/status',
    summary: 'The funds status of each party (not started, in progress, verified, needs review, failed)',
    request: { params: TransactionParams },
    responses: { 200: json('Statuses', FundsStatuses), ...ERRORS },
  }),
  savePlan: endpoint({
    method: 'put',
    path: '/transactions/{txId}/funds/plan',
    summary: 'The buyer states the mortgage (without a DIP), sale proceeds, fees and the SDLT answers',
    request: { params: TransactionParams, body: jsonBody(SaveFundsPlanInput) },
    responses: { ...Picture, ...buyerOnly },
  }),
  startConsent: endpoint({
    method: 'post',
    path: '/transactions/{txId}/funds/bank-consents',
    summary: 'Start an account-information consent with a bank; answers where to authorise it',
    request: { params: TransactionParams, body: jsonBody(StartBankConsentInput) },
    responses: {
      201: json('Consent', StartedBankConsent),
      422: { description: 'The bank refused to start a consent' },
      ...buyerOnly,
    },
  }),
  selectAccount: endpoint({
    method: 'put',
    path: '/transactions/{txId}/funds/accounts/{accountId}',
    summary: 'Use an account in the funding picture, or leave it out',
    request: { params: AccountParams, body: jsonBody(SelectAccountInput) },
    responses: { ...Picture, ...buyerOnly },
  }),
  explain: endpoint({
    method: 'put',
    path: '/transactions/{txId}/funds/explanations',
    summary: 'The buyer explains a flagged transaction (a large credit or cash paid in)',
    request: { params: TransactionParams, body: jsonBody(ExplainInput) },
    responses: { ...Picture, 422: { description: 'Not a flagged transaction' }, ...buyerOnly },
  }),
  addGift: endpoint({
    method: 'post',
    path: '/transactions/{txId}/funds/gifts',
    summary: 'Add a gift towards the deposit',
    request: { params: TransactionParams, body: jsonBody(AddGiftInput) },
    responses: { 201: json('Funding picture', FundsPicture), ...buyerOnly },
  }),
  resendGiftInvitation: endpoint({
    method: 'post',
    path: '/transactions/{txId}/funds/gifts/{giftId}/invitation',
    summary: "Re-send the giftor's invitation (a new link, valid 7 days)",
    request: { params: GiftParams },
    responses: {
      ...Picture,
      409: { description: 'The giftor already accepted, or the move is closed' },
      ...buyerOnly,
    },
  }),
  giftorGift: endpoint({
    method: 'get',
    path: '/gifts/{giftId}',
    summary: 'The giftor sees their own gift: amount, buyer, property, their identity step and the declaration',
    request: { params: GiftorGiftParams },
    responses: { 200: json('Gift', GiftorGift), ...ERRORS },
  }),
  myGifts: endpoint({
    method: 'get',
    path: '/gifts',
    summary: "The signed-in person's gifts as a giftor, with each one's progress and next step",
    responses: { 200: json('Gifts', MyGifts), ...ERRORS },
  }),
  startGiftBankConsent: endpoint({
    method: 'post',
    path: '/gifts/{giftId}/bank-consents',
    summary:
      "The giftor connects the bank the gift comes from (read-only: accounts, balances, 12 months' transactions)",
    request: { params: GiftorGiftParams, body: jsonBody(StartBankConsentInput) },
    responses: {
      201: json('Consent', StartedBankConsent),
      409: { description: 'The move is closed' },
      422: { description: 'The bank refused to start a consent' },
      ...ERRORS,
    },
  }),
  giftChecks: endpoint({
    method: 'get',
    path: '/transactions/{txId}/funds/gifts/{giftId}/checks',
    summary: "The giftor's identity, sanctions and PEP screening and bank check, for the buyer's conveyancer",
    request: { params: GiftParams },
    responses: {
      200: json('Giftor checks', GiftChecks),
      403: { description: "Not the buyer's conveyancer" },
      ...ERRORS,
    },
  }),
  prepareGiftDeclaration: endpoint({
    method: 'put',
    path: '/gifts/{giftId}/declaration',
    summary: "The giftor's answers; generates the gifted-deposit declaration PDF to sign",
    request: { params: GiftorGiftParams, body: jsonBody(GiftDeclarationInput) },
    responses: { 200: json('Gift', GiftorGift), 409: { description: 'Already signed' }, ...ERRORS },
  }),
  giftDeclarationFile: endpoint({
    method: 'get',
    path: '/gifts/{giftId}/declaration.pdf',
    summary: 'The declaration PDF (the version to sign, or the signed one) for the giftor',
    request: { params: GiftorGiftParams },
    responses: {
      200: {
        description: 'PDF',
        content: { 'application/pdf': { schema: z.string().describe('The declaration, a PDF file') } },
      },
      ...ERRORS,
    },
  }),
  signGift: endpoint({
    method: 'post',
    path: '/gifts/{giftId}/sign',
    summary: 'The giftor signs the gifted-deposit declaration (identity verified first)',
    request: { params: GiftorGiftParams, body: jsonBody(SignGiftInput) },
    responses: {
      200: json('Gift', GiftorGift),
      409: { description: 'Another version, or already signed' },
      422: { description: 'Identity not verified, or no declaration prepared' },
      ...ERRORS,
    },
  }),
  review: endpoint({
    method: 'post',
    path: '/transactions/{txId}/funds/review',
    summary: "The buyer's conveyancer marks the source of funds satisfied (ticks the timeline task) or asks for more",
    request: { params: TransactionParams, body: jsonBody(ReviewFundsInput) },
    responses: { ...Picture, 403: { description: "Not the buyer's conveyancer" }, ...ERRORS },
  }),
}
