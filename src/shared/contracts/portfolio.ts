/**
 * Contracts of an estate agent's portfolio: the agent's sales (as the sale's estate agent, or through
 * their agency, firm-wide) with each sale's risk score, band and reasons (src/shared/domain/sale-risk.ts),
 * riskiest first; the weekly update to the sellers (preview and send now); and the memorandum of
 * sale, generated as a PDF into the sale's documents.
 */
import { z } from 'zod'
import { BUYER_POSITIONS, FUNDING_METHODS, MEMORANDUM_RECIPIENT_ROLES } from '../domain/agent-sales'
import { SALE_RISK_BANDS } from '../domain/sale-risk'
import { TRANSACTION_STATUSES } from '../domain/statuses'
import { Email } from './auth'
import { displayLine, displayText, Timestamp, Uuid } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'
import { PageInfo, PageQueryFields } from './paging'
import { CreateTransactionFields, nationFitsPostcode } from './transactions'

const FORBIDDEN = { 403: { description: 'Not the estate agent on this sale, or not an estate agent' } } as const

/**
 * GET /api/portfolio query: band ('high', 'medium', 'low'), free text on the address, postcode or
 * names, and the page (paging.ts: ?page=N&page_size=M, the first 25 without them).
 */
export const PortfolioQuery = z.object({
  band: z.enum(SALE_RISK_BANDS, { message: 'Choose high, medium or low' }).optional(),
  q: z.string().trim().max(100, 'Search text can be at most 100 characters').optional(),
  ...PageQueryFields,
})
/** The query as a caller writes it (page and page_size optional). */
export type PortfolioQuery = z.input<typeof PortfolioQuery>
/** The query as the server reads it (page and page_size filled in). */
export type PortfolioQueryData = z.output<typeof PortfolioQuery>

export const PortfolioSale = z.object({
  transaction_id: Uuid,
  address: z.string(),
  postcode: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  /** Agreed price in pence (GBP), when known. */
  agreed_price_pence: z.number().int().nullable(),
  seller_name: z.string().nullable(),
  buyer_name: z.string().nullable(),
  /** The first stage not completed ('Searches'), null when all are. */
  current_stage: z.string().nullable(),
  /** Share of the timeline's tasks done, 0 to 100. */
  percent_complete: z.number().int(),
  last_progress_at: Timestamp,
  risk: z.object({
    score: z.number().int(),
    band: z.enum(SALE_RISK_BANDS),
    /** The reasons in words, worst first ('Searches blocked for 15 days'). */
    reasons: z.array(z.string()),
  }),
  memorandum_sent: z.boolean(),
  /** The buyer's position recorded when the agent created the sale at SSTC; null for a sale they were invited to. */
  buyer_position: z.enum(BUYER_POSITIONS).nullable(),
  /** The current stage's open tasks someone else holds, each with who it goes to when chased. */
  waiting_on: z.array(
    z.object({
      task_id: Uuid,
      title: z.string(),
      /** Who holds it, in words ("the buyer's conveyancer"). */
      holder: z.string(),
      /** False for a task nobody can be chased about (no one in the seat yet, or no owner). */
      chaseable: z.boolean(),
      last_chased_at: Timestamp.nullable(),
    }),
  ),
})
export type PortfolioSale = z.infer<typeof PortfolioSale>

/**
 * One page of the agent's live sales (not completed or cancelled), riskiest first; `counts` per band
 * and `total` before the search and band filter, `matching` after them (for 'Showing 1–25 of 312').
 */
export const PortfolioResponse = z.object({
  sales: z.array(PortfolioSale),
  counts: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
  /** Every live sale of the agent, before the search and band filter. */
  total: z.number().int(),
  ...PageInfo,
})
export type PortfolioResponse = z.infer<typeof PortfolioResponse>

export const SaleParams = z.object({ txId: Uuid })

const personName = (what: string) =>
  displayLine({ message: `Enter the ${what}'s name` })
    .trim()
    .min(1, `Enter the ${what}'s name`)
    .max(200, `The ${what}'s name must be at most 200 characters`)

/**
 * A client of the sale (seller or buyer): their name and email; `on_homeward` true invites them by
 * email now (they join when they accept), false records them off Homeward (they get the memorandum by
 * email and can be invited later).
 */
export const SaleClientInput = (what: 'seller' | 'buyer') =>
  z.object({ name: personName(what), email: Email, on_homeward: z.boolean() })

/** A conveyancer recorded on the sale: the firm, who acts, and the email the memorandum goes to. */
export const SaleConveyancerInput = z.object({
  firm_name: displayLine({ message: "Enter the conveyancer's firm" })
    .trim()
    .min(1, "Enter the conveyancer's firm")
    .max(200, "The firm's name must be at most 200 characters"),
  person_name: displayLine().trim().max(200, 'The name must be at most 200 characters').nullish(),
  email: Email,
})

/**
 * POST /api/portfolio/sales: the agent's new sale at SSTC. The property and price as a move's create
 * form, the buyer's position, the seller and the buyer, and each side's conveyancer when known
 * (recorded off Homeward: decision 053; either may be left out and recorded later).
 */
export const CreateSaleFields = CreateTransactionFields.omit({ role: true }).extend({
  buyer_position: z.enum(BUYER_POSITIONS, { message: "Choose the buyer's position" }),
  seller: SaleClientInput('seller'),
  buyer: SaleClientInput('buyer'),
  seller_conveyancer: SaleConveyancerInput.nullish(),
  buyer_conveyancer: SaleConveyancerInput.nullish(),
})
/** CreateSaleFields with the property's nation rule (decision 067); extend CreateSaleFields, not this. */
export const CreateSaleInput = CreateSaleFields.superRefine(nationFitsPostcode)
export type CreateSaleInput = z.input<typeof CreateSaleInput>
export type CreateSaleData = z.output<typeof CreateSaleInput>

export const CreateSaleResponse = z.object({
  transaction_id: Uuid,
  /** Emails invited to join now (the clients marked on Homeward). */
  invited: z.array(z.string()),
})

/** One person the memorandum names or goes to. */
export const MemorandumParty = z.object({
  role: z.string(),
  name: z.string(),
  firm: z.string().nullable(),
  email: z.string().nullable(),
  on_homeward: z.boolean(),
})
export type MemorandumParty = z.infer<typeof MemorandumParty>

/** The memorandum form's fields the agent may change; everything else comes from the sale. */
export const MemorandumInput = z.object({
  buyer_position: z.enum(BUYER_POSITIONS, { message: "Choose the buyer's position" }),
  funding: z.enum(FUNDING_METHODS, { message: 'Choose how the buyer is paying' }),
  seller_address: displayText().trim().max(300, "The seller's address must be at most 300 characters").nullish(),
  buyer_address: displayText().trim().max(300, "The buyer's address must be at most 300 characters").nullish(),
  special_conditions: displayText().trim().max(2000, 'Special conditions must be at most 2000 characters').nullish(),
})
export type MemorandumInput = z.infer<typeof MemorandumInput>

/** One section of the memorandum as the PDF prints it (also the preview). */
export const MemorandumSection = z.object({ heading: z.string(), lines: z.array(z.string()) })

/** GET /api/portfolio/sales/{txId}/memorandum: the form prefilled from the sale. */
export const MemorandumDraft = z.object({
  address: z.string(),
  agreed_price_pence: z.number().int().nullable(),
  form: z.object({
    buyer_position: z.enum(BUYER_POSITIONS).nullable(),
    funding: z.enum(FUNDING_METHODS).nullable(),
    seller_address: z.string().nullable(),
    buyer_address: z.string().nullable(),
    special_conditions: z.string().nullable(),
  }),
  /** The four people it goes to (seller, buyer, both conveyancers), with or without an email. */
  recipients: z.array(MemorandumParty.extend({ role: z.enum(MEMORANDUM_RECIPIENT_ROLES) })),
  /** Whether sending now ticks the timeline task (both conveyancers have an email), and why not. */
  ticks_task: z.boolean(),
  open_reason: z.string().nullable(),
  last_version: z.number().int().nullable(),
})
export type MemorandumDraft = z.infer<typeof MemorandumDraft>

/** POST .../memorandum/preview: the memorandum as it will print, and who it will go to. */
export const MemorandumPreview = z.object({
  title: z.string(),
  sections: z.array(MemorandumSection),
  recipients: MemorandumDraft.shape.recipients,
  ticks_task: z.boolean(),
  open_reason: z.string().nullable(),
})
export type MemorandumPreview = z.infer<typeof MemorandumPreview>

/** POST /api/portfolio/sales/{txId}/chase: chase whoever holds an open task of the sale. */
export const ChaseInput = z.object({ task_id: Uuid })
export const ChaseResponse = z.object({
  /** Who was emailed, in words ("Rowe & Co (not on Homeward)"). */
  sent_to: z.array(z.string()),
  chased_at: Timestamp,
})
export type ChaseResponse = z.infer<typeof ChaseResponse>

/** One move in a chain, as the agent may see it: their own sales named, the rest by stage only. */
export const ChainLinkView = z.object({
  /** Null for a sale in the chain the agent is not on (other people's moves stay private). */
  transaction_id: Uuid.nullable(),
  address: z.string().nullable(),
  current_stage: z.string().nullable(),
  percent_complete: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
})

/** GET /api/portfolio/chains: each live sale with the chain below (the buyer's sale) and above (the seller's purchase). */
export const PortfolioChainsResponse = z.object({
  chains: z.array(
    z.object({
      transaction_id: Uuid,
      address: z.string(),
      buyer_position: z.enum(BUYER_POSITIONS).nullable(),
      current_stage: z.string().nullable(),
      percent_complete: z.number().int(),
      /** Nearest first: the buyer's own sale, then that buyer's buyer's sale... */
      below: z.array(ChainLinkView),
      /** Nearest first: the seller's onward purchase, and so on. */
      above: z.array(ChainLinkView),
      /** The sale's slowest link in words ("The buyer's sale is at Searches, 20%"), or null. */
      weakest: z.string().nullable(),
    }),
  ),
})
export type PortfolioChainsResponse = z.infer<typeof PortfolioChainsResponse>

/** POST weekly update: the agent's edited subject and text (optional: the template's when left out). */
export const SendWeeklyUpdateInput = z.object({
  subject: displayLine()
    .trim()
    .min(1, 'Enter a subject')
    .max(200, 'The subject must be at most 200 characters')
    .optional(),
  text: displayText()
    .trim()
    .min(1, 'Write the update, or close without sending')
    .max(10_000, 'The update must be at most 10,000 characters')
    .optional(),
})
export type SendWeeklyUpdateInput = z.infer<typeof SendWeeklyUpdateInput>

/** One seller the weekly update goes to, and whether it will. */
export const WeeklyUpdateRecipient = z.object({
  name: z.string(),
  email: z.string(),
  /** The seller switched the weekly update off in their email settings. */
  opted_out: z.boolean(),
  /** This ISO week's update has gone to them already. */
  sent_this_week: z.boolean(),
  /** False for the seller recorded off Homeward on the sale: they get it by email only. */
  on_homeward: z.boolean(),
})

/** GET /api/portfolio/sales/{txId}/weekly-update: the email as the sellers would get it now. */
export const WeeklyUpdatePreview = z.object({
  iso_week: z.string(),
  subject: z.string(),
  text: z.string(),
  recipients: z.array(WeeklyUpdateRecipient),
})
export type WeeklyUpdatePreview = z.infer<typeof WeeklyUpdatePreview>

/** POST /api/portfolio/sales/{txId}/weekly-update: how many sellers it went to now, and the preview after. */
export const SendWeeklyUpdateResponse = z.object({ sent: z.number().int(), preview: WeeklyUpdatePreview })
export type SendWeeklyUpdateResponse = z.infer<typeof SendWeeklyUpdateResponse>

/** POST /api/portfolio/sales/{txId}/memorandum: the PDF saved in the sale's documents, and who it went to. */
export const MemorandumResponse = z.object({
  document_id: Uuid,
  filename: z.string(),
  version: z.number().int(),
  sent_to: z.array(z.string()),
  /** Whether the timeline task was ticked (only when both conveyancers received it). */
  task_ticked: z.boolean(),
  open_reason: z.string().nullable(),
})
export type MemorandumResponse = z.infer<typeof MemorandumResponse>

export const portfolioEndpoints = {
  portfolio: endpoint({
    method: 'get',
    path: '/portfolio',
    summary:
      "One page of the estate agent's live sales with risk score, band and reasons, riskiest first; counts per band",
    request: { query: PortfolioQuery },
    responses: { 200: json('Portfolio', PortfolioResponse), ...FORBIDDEN, ...ERRORS },
  }),
  weeklyUpdatePreview: endpoint({
    method: 'get',
    path: '/portfolio/sales/{txId}/weekly-update',
    summary: "This week's update email to the sale's sellers, as it would be sent now",
    request: { params: SaleParams },
    responses: { 200: json('Preview', WeeklyUpdatePreview), ...FORBIDDEN, ...ERRORS },
  }),
  sendWeeklyUpdate: endpoint({
    method: 'post',
    path: '/portfolio/sales/{txId}/weekly-update',
    summary:
      "Send this week's update to the sellers now, as edited (once per seller per week; opted-out sellers skipped)",
    request: { params: SaleParams, body: jsonBody(SendWeeklyUpdateInput) },
    responses: { 200: json('Sent', SendWeeklyUpdateResponse), ...FORBIDDEN, ...ERRORS },
  }),
  generateMemorandum: endpoint({
    method: 'post',
    path: '/portfolio/sales/{txId}/memorandum',
    summary:
      'Issue the memorandum of sale from the form: the PDF saved to the documents and emailed to both sides and their conveyancers; the task ticks when both conveyancers received it',
    request: { params: SaleParams, body: jsonBody(MemorandumInput) },
    responses: { 201: json('Generated', MemorandumResponse), ...FORBIDDEN, ...ERRORS },
  }),
  memorandumDraft: endpoint({
    method: 'get',
    path: '/portfolio/sales/{txId}/memorandum',
    summary: 'The memorandum of sale form, prefilled from the sale, and who it will go to',
    request: { params: SaleParams },
    responses: { 200: json('Draft', MemorandumDraft), ...FORBIDDEN, ...ERRORS },
  }),
  memorandumPreview: endpoint({
    method: 'post',
    path: '/portfolio/sales/{txId}/memorandum/preview',
    summary: 'The memorandum of sale as it will print from the form, without saving or sending it',
    request: { params: SaleParams, body: jsonBody(MemorandumInput) },
    responses: { 200: json('Preview', MemorandumPreview), ...FORBIDDEN, ...ERRORS },
  }),
  createSale: endpoint({
    method: 'post',
    path: '/portfolio/sales',
    summary:
      'Create a sale at SSTC as its estate agent, recording the conveyancers and inviting the clients on Homeward',
    request: { body: jsonBody(CreateSaleInput) },
    responses: { 201: json('Created', CreateSaleResponse), ...FORBIDDEN, ...ERRORS },
  }),
  chase: endpoint({
    method: 'post',
    path: '/portfolio/sales/{txId}/chase',
    summary: 'Chase whoever holds an open task of the sale by email; logged in the activity trail',
    request: { params: SaleParams, body: jsonBody(ChaseInput) },
    responses: { 201: json('Chased', ChaseResponse), ...FORBIDDEN, ...ERRORS },
  }),
  chains: endpoint({
    method: 'get',
    path: '/portfolio/chains',
    summary: "The chains of the agent's live sales: the buyer's sale below, the seller's purchase above",
    responses: { 200: json('Chains', PortfolioChainsResponse), ...FORBIDDEN, ...ERRORS },
  }),
}
