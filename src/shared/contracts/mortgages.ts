/**
 * Contracts of the mortgage broker's workbench: the pipeline (a broker's buyers with the application
 * stage, DIP and offer expiry), one buyer's mortgage case (fact find, affordability range, decisions
 * in principle, the application's stage up to the offer) and the lender pack (a ZIP). Money is in
 * pence (integers); dates are yyyy-mm-dd (Europe/London); times ISO.
 */
import { z } from 'zod'
import { APPLICATION_STAGES, EMPLOYMENT_STATUSES } from '../domain/mortgages'
import { Person, TransactionParams, Uuid } from './common'
import { displayLine } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

const IsoDate = z.iso.date({ message: 'Use a date like 2027-03-31' })
const Pence = (what: string) =>
  z
    .number({ message: `${what} must be an amount in pence` })
    .int(`${what} must be whole pence`)
    .min(0, `${what} cannot be negative`)
    .max(100_000_000_00, `${what} must be at most £100,000,000`)

/** The buyer's fact find: income, commitments, deposit and employment. */
export const FactFindInput = z.object({
  gross_annual_income_pence: Pence('Gross annual income'),
  monthly_commitments_pence: Pence('Monthly commitments'),
  deposit_pence: Pence('Deposit'),
  employment_status: z.enum(EMPLOYMENT_STATUSES, { message: 'Choose an employment status' }),
})
export type FactFindInput = z.infer<typeof FactFindInput>

export const FactFind = FactFindInput.extend({ updated_at: z.string() })
export type FactFind = z.infer<typeof FactFind>

/** The rule a DIP's dates must keep (also a CHECK constraint). */
export const DIP_DATES_RULE = 'A decision in principle must expire after the date it was issued'

/** A decision in principle to record: the lender's answer, with the DIP document from the move's documents. */
export const RecordDipInput = z
  .object({
    lender: displayLine().trim().min(1, 'Name the lender').max(120, 'A lender name can be at most 120 characters'),
    amount_pence: z
      .number({ message: 'Amount must be in pence' })
      .int('Amount must be whole pence')
      .min(100_000, 'Amount must be at least £1,000')
      .max(100_000_000_00, 'Amount must be at most £100,000,000'),
    term_months: z
      .number({ message: 'Term must be in months' })
      .int('Term must be whole months')
      .min(12, 'Term must be at least 12 months')
      .max(480, 'Term must be at most 40 years'),
    reference: displayLine()
      .trim()
      .min(1, "Give the lender's reference")
      .max(60, 'A reference can be at most 60 characters'),
    issued_on: IsoDate,
    expires_on: IsoDate,
    /** The DIP document: one of the move's documents (shared with the broker), or null. */
    document_id: Uuid.nullable().optional(),
  })
  .refine((v) => v.expires_on > v.issued_on, { path: ['expires_on'], message: DIP_DATES_RULE })
export type RecordDipInput = z.infer<typeof RecordDipInput>

export const Dip = z.object({
  id: Uuid,
  lender: z.string(),
  amount_pence: z.number().int(),
  term_months: z.number().int(),
  reference: z.string(),
  issued_on: z.string(),
  expires_on: z.string(),
  document: z.object({ id: Uuid, filename: z.string() }).nullable(),
  created_at: z.string(),
})
export type Dip = z.infer<typeof Dip>

/** The application's stage, and the offer's expiry once an offer is issued. */
export const UpdateApplicationInput = z
  .object({
    stage: z.enum(APPLICATION_STAGES, { message: 'Choose a stage' }),
    offer_expires_on: IsoDate.nullable().optional(),
  })
  .refine((v) => v.stage !== 'offer_issued' || !!v.offer_expires_on, {
    path: ['offer_expires_on'],
    message: 'An issued offer needs its expiry date',
  })
export type UpdateApplicationInput = z.infer<typeof UpdateApplicationInput>

/** The affordability estimate as a range (src/shared/domain/mortgages.ts), never advice. */
export const Affordability = z.object({
  min_loan_pence: z.number().int(),
  max_loan_pence: z.number().int(),
  min_price_pence: z.number().int(),
  max_price_pence: z.number().int(),
  lti_multiple: z.number(),
  stress_rate: z.number(),
  note: z.string(),
})
export type Affordability = z.infer<typeof Affordability>

/** A document of the move the broker may put in a lender pack (latest version of each). */
export const PackDocument = z.object({
  id: Uuid,
  filename: z.string(),
  folder: z.string(),
  version: z.number().int(),
})
export type PackDocument = z.infer<typeof PackDocument>

/** One buyer's mortgage case, as the broker sees it. */
export const MortgageCase = z.object({
  transaction_id: Uuid,
  buyer: Person.nullable(),
  /** The buyer's name: their profile's once they joined, else the one the broker took down. */
  buyer_name: z.string().nullable(),
  property: z.object({ address_lines: z.array(z.string()), postcode: z.string() }).nullable(),
  agreed_price_pence: z.number().int().nullable(),
  stage: z.enum(APPLICATION_STAGES),
  offer_expires_on: z.string().nullable(),
  fact_find: FactFind.nullable(),
  affordability: Affordability.nullable(),
  dips: z.array(Dip),
  documents: z.array(PackDocument),
})
export type MortgageCase = z.infer<typeof MortgageCase>

/** One row of the pipeline. */
export const PipelineRow = z.object({
  transaction_id: Uuid,
  buyer_name: z.string().nullable(),
  address: z.string().nullable(),
  stage: z.enum(APPLICATION_STAGES),
  dip_lender: z.string().nullable(),
  dip_expires_on: z.string().nullable(),
  offer_expires_on: z.string().nullable(),
  updated_at: z.string(),
})
export type PipelineRow = z.infer<typeof PipelineRow>

export const Pipeline = z.object({
  /** Today in Europe/London (yyyy-mm-dd), for 'expires in N days'. */
  today: z.string(),
  rows: z.array(PipelineRow),
})
export type Pipeline = z.infer<typeof Pipeline>

/** ?documents=id,id: the documents to put in the lender pack besides the DIP's own (parsed by parsePackDocumentIds). */
export const LenderPackQuery = z.object({ documents: z.string().max(2_000).optional() })

/** Most documents in one lender pack. */
export const LENDER_PACK_MAX_DOCUMENTS = 50

/** The ids of ?documents=, or the message naming what is wrong with them. */
export function parsePackDocumentIds(value: string | undefined): { ids: string[] } | { error: string } {
  const ids = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ]
  if (ids.length > LENDER_PACK_MAX_DOCUMENTS)
    return { error: `A lender pack can hold at most ${LENDER_PACK_MAX_DOCUMENTS} documents` }
  if (!ids.every((id) => Uuid.safeParse(id).success))
    return { error: 'documents must be document ids separated by commas' }
  return { ids }
}

/** The rule a lender pack keeps, named in its refusal. */
export const LENDER_PACK_RULE =
  'A lender pack can hold only documents the buyer shared with you on this move (documents on this move you can see)'

export const mortgageEndpoints = {
  pipeline: endpoint({
    method: 'get',
    path: '/pipeline',
    summary: "The broker's pipeline: each buyer's move with the application stage, DIP and offer expiry",
    responses: { 200: json('Pipeline', Pipeline), ...ERRORS },
  }),
  getCase: endpoint({
    method: 'get',
    path: '/mortgages/{txId}',
    summary: "One buyer's mortgage case (brokers on the move only)",
    request: { params: TransactionParams },
    responses: { 200: json('Case', MortgageCase), 403: { description: 'Not the broker on this move' }, ...ERRORS },
  }),
  saveFactFind: endpoint({
    method: 'put',
    path: '/mortgages/{txId}/fact-find',
    summary: "Save the buyer's fact find",
    request: { params: TransactionParams, body: jsonBody(FactFindInput) },
    responses: { 200: json('Case', MortgageCase), 403: { description: 'Not the broker on this move' }, ...ERRORS },
  }),
  recordDip: endpoint({
    method: 'post',
    path: '/mortgages/{txId}/dips',
    summary: 'Record a decision in principle; completes the timeline DIP task',
    request: { params: TransactionParams, body: jsonBody(RecordDipInput) },
    responses: {
      201: json('Case', MortgageCase),
      403: { description: 'Not the broker on this move' },
      422: { description: 'The DIP document is not one shared with the broker' },
      ...ERRORS,
    },
  }),
  updateApplication: endpoint({
    method: 'put',
    path: '/mortgages/{txId}/application',
    summary: "Move the application to a stage (up to the offer, with the offer's expiry)",
    request: { params: TransactionParams, body: jsonBody(UpdateApplicationInput) },
    responses: { 200: json('Case', MortgageCase), 403: { description: 'Not the broker on this move' }, ...ERRORS },
  }),
  lenderPack: endpoint({
    method: 'get',
    path: '/mortgages/{txId}/lender-pack',
    summary: 'Download the lender pack: a ZIP with a cover sheet PDF, the chosen documents and the DIP',
    request: { params: TransactionParams, query: LenderPackQuery },
    responses: {
      200: {
        description: 'ZIP (Content-Disposition: attachment; filename="lender-pack-<yyyy-mm-dd>.zip")',
        content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
      },
      403: { description: 'Not the broker on this move' },
      422: { description: 'A document not shared with the broker' },
      ...ERRORS,
    },
  }),
}
