/**
 * Contracts of an estate agent's portfolio: the agent's sales (as the sale's estate agent, or through
 * their agency, firm-wide) with each sale's risk score, band and reasons (src/shared/domain/sale-risk.ts),
 * riskiest first; the weekly update to the sellers (preview and send now); and the memorandum of
 * sale, generated as a PDF into the sale's documents.
 */
import { z } from 'zod'
import { SALE_RISK_BANDS } from '../domain/sale-risk'
import { TRANSACTION_STATUSES } from '../domain/statuses'
import { Timestamp, Uuid } from './common'
import { endpoint, ERRORS, json } from './endpoint'

const FORBIDDEN = { 403: { description: 'Not the estate agent on this sale, or not an estate agent' } } as const

/** GET /api/portfolio query: band ('high', 'medium', 'low') and free text on the address, postcode or names. */
export const PortfolioQuery = z.object({
  band: z.enum(SALE_RISK_BANDS, { message: 'Choose high, medium or low' }).optional(),
  q: z.string().trim().max(100, 'Search text can be at most 100 characters').optional(),
})
export type PortfolioQuery = z.infer<typeof PortfolioQuery>

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
})
export type PortfolioSale = z.infer<typeof PortfolioSale>

/** The agent's live sales (not completed or cancelled), riskiest first; `counts` per band before filtering. */
export const PortfolioResponse = z.object({
  sales: z.array(PortfolioSale),
  counts: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
})
export type PortfolioResponse = z.infer<typeof PortfolioResponse>

export const SaleParams = z.object({ txId: Uuid })

/** One seller the weekly update goes to, and whether it will. */
export const WeeklyUpdateRecipient = z.object({
  name: z.string(),
  email: z.string(),
  /** The seller switched the weekly update off in their email settings. */
  opted_out: z.boolean(),
  /** This ISO week's update has gone to them already. */
  sent_this_week: z.boolean(),
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
})
export type MemorandumResponse = z.infer<typeof MemorandumResponse>

export const portfolioEndpoints = {
  portfolio: endpoint({
    method: 'get',
    path: '/portfolio',
    summary: "The estate agent's live sales with risk score, band and reasons, riskiest first",
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
    summary: "Send this week's update to the sellers now (once per seller per week; opted-out sellers skipped)",
    request: { params: SaleParams },
    responses: { 200: json('Sent', SendWeeklyUpdateResponse), ...FORBIDDEN, ...ERRORS },
  }),
  generateMemorandum: endpoint({
    method: 'post',
    path: '/portfolio/sales/{txId}/memorandum',
    summary:
      'Generate the memorandum of sale PDF, save it to the documents, send it to both sides and their conveyancers',
    request: { params: SaleParams },
    responses: { 201: json('Generated', MemorandumResponse), ...FORBIDDEN, ...ERRORS },
  }),
}
