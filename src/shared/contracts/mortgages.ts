/**
 * Contracts of the mortgage broker's workbench: the pipeline (a broker's buyers with the application
 * stage, DIP and offer expiry), one buyer's mortgage case (fact find, affordability range, decisions
 * in principle, the application's stage up to the offer) and the lender pack (a ZIP). Money is in
 * pence (integers); dates are yyyy-mm-dd (Europe/London); times ISO.
 */
import { z } from 'zod'
import {
  APPLICATION_STAGES,
  CLIENT_STATUSES,
  EMPLOYMENT_STATUSES,
  INCOME_TYPES,
  PIPELINE_SORTS,
} from '../domain/mortgages'
import { Person, TransactionParams, Uuid } from './common'
import { displayLine, displayText } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'
import { PageInfo, PageQueryFields } from './paging'

const IsoDate = z.iso.date({ message: 'Use a date like 2027-03-31' })
const Pence = (what: string) =>
  z
    .number({ message: `${what} must be an amount in pence` })
    .int(`${what} must be whole pence`)
    .min(0, `${what} cannot be negative`)
    .max(100_000_000_00, `${what} must be at most £100,000,000`)

const Text = (what: string, max: number) =>
  displayText({ message: `${what} must be text` })
    .trim()
    .max(max, `${what} can be at most ${max} characters`)
const Line = (what: string, max = 200) =>
  displayLine({ message: `${what} must be text` })
    .trim()
    .max(max, `${what} can be at most ${max} characters`)
const MonthOrDate = z
  .string()
  .regex(/^\d{4}-\d{2}(-\d{2})?$/, 'Use a month like 2023-04')
  .or(z.literal(''))

/** One address an applicant lived at, from a month to a month (empty `to`: still there). */
export const AddressHistoryEntry = z.object({
  address: Line('The address', 300).default(''),
  postcode: Line('The postcode', 10).default(''),
  from: MonthOrDate.default(''),
  to: MonthOrDate.default(''),
})
/** One job or business of an applicant. */
export const EmploymentEntry = z.object({
  employer: Line('The employer').default(''),
  status: z.enum(EMPLOYMENT_STATUSES, { message: 'Choose an employment status' }).default('employed'),
  occupation: Line('The occupation').default(''),
  from: MonthOrDate.default(''),
  to: MonthOrDate.default(''),
})
/** One income of an applicant, a yearly gross amount in pence. */
export const IncomeEntry = z.object({
  type: z.enum(INCOME_TYPES, { message: 'Choose an income type' }),
  annual_pence: Pence('The yearly income'),
})
/** One applicant: the client first, then each joint applicant. */
export const Applicant = z.object({
  name: Line("The applicant's name").default(''),
  date_of_birth: IsoDate.or(z.literal('')).default(''),
  addresses: z.array(AddressHistoryEntry).max(20, 'At most 20 addresses').default([]),
  employments: z.array(EmploymentEntry).max(20, 'At most 20 jobs').default([]),
  incomes: z.array(IncomeEntry).max(20, 'At most 20 incomes').default([]),
})
export type Applicant = z.infer<typeof Applicant>

/**
 * The full fact find (issue 40): joint applicants with address history (3 years), employment
 * history and income by type; commitments, monthly expenditure, dependants, credit history,
 * protection needs and needs and objectives, plus the deposit, the buying costs and the price the
 * client is aiming at. Saved as you go, so every part may be incomplete; what is there must be well
 * formed.
 */
export const FactFindInput = z.object({
  applicants: z
    .array(Applicant)
    .min(1, 'A fact find has at least one applicant')
    .max(4, 'A mortgage can have at most 4 applicants'),
  commitments: z
    .array(
      z.object({
        description: Line('The commitment').default(''),
        monthly_pence: Pence('The monthly payment'),
        balance_pence: Pence('The balance').default(0),
      }),
    )
    .max(30, 'At most 30 commitments')
    .default([]),
  expenditure: z
    .object({
      housing_monthly_pence: Pence('Housing costs').default(0),
      household_monthly_pence: Pence('Household bills').default(0),
      living_monthly_pence: Pence('Living costs').default(0),
      other_monthly_pence: Pence('Other spending').default(0),
    })
    .default({ housing_monthly_pence: 0, household_monthly_pence: 0, living_monthly_pence: 0, other_monthly_pence: 0 }),
  dependants: z
    .array(z.object({ age: z.number().int('Age in whole years').min(0).max(30, 'A dependant is 30 or younger') }))
    .max(12, 'At most 12 dependants')
    .default([]),
  credit: z
    .object({
      ccjs: z.number().int().min(0, 'Cannot be negative').max(99).default(0),
      defaults: z.number().int().min(0, 'Cannot be negative').max(99).default(0),
      missed_payments: z.number().int().min(0, 'Cannot be negative').max(99).default(0),
      details: Text('Credit history details', 2000).default(''),
    })
    .default({ ccjs: 0, defaults: 0, missed_payments: 0, details: '' }),
  protection: z
    .object({
      life_cover: z.boolean().default(false),
      critical_illness: z.boolean().default(false),
      income_protection: z.boolean().default(false),
      notes: Text('Protection notes', 2000).default(''),
    })
    .default({ life_cover: false, critical_illness: false, income_protection: false, notes: '' }),
  objectives: Text('Needs and objectives', 4000).default(''),
  first_time_buyer: z.boolean().default(false),
  deposit_pence: Pence('Deposit').default(0),
  fees_pence: Pence('Buying costs').default(0),
  /** The price the client is aiming at before an offer; the agreed price on the move wins once linked. */
  target_price_pence: Pence('Target price').nullable().default(null),
  /** The loan the client asks for, or null (then price - deposit). */
  loan_pence: Pence('Loan').nullable().default(null),
  term_years: z.number().int('Whole years').min(5, 'At least 5 years').max(40, 'At most 40 years').default(25),
})
export type FactFindInput = z.input<typeof FactFindInput>
export type FactFindData = z.output<typeof FactFindInput>

export const FactFind = z.object({ data: FactFindInput, updated_at: z.string().nullable() })
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

/** The funding position against the price (domain/mortgages.ts brokerPosition, the funds page's one calculation). */
export const FundingPositionView = z.object({
  price_pence: z.number().int(),
  price_source: z.enum(['agreed', 'target']),
  mortgage_pence: z.number().int(),
  mortgage_source: z.enum(['dip', 'requested', 'needed']),
  own_funds_pence: z.number().int(),
  /** Which land tax `sdlt_pence` holds: SDLT (England) or Land Transaction Tax (Wales), by the property's nation. */
  land_tax: z.enum(['sdlt', 'ltt']),
  /** The land tax in pence (named before Wales; `land_tax` says which tax it is). */
  sdlt_pence: z.number().int(),
  fees_pence: z.number().int(),
  needed_pence: z.number().int(),
  available_pence: z.number().int(),
  gap_pence: z.number().int(),
  loan_to_value_percent: z.number().nullable(),
  above_affordability: z.boolean(),
})
export type FundingPositionView = z.infer<typeof FundingPositionView>

/** A product recommendation kept for the Consumer Duty file. */
export const RecommendationInput = z.object({
  lender: Line('The lender', 120).min(1, 'Name the lender'),
  product: Line('The product', 200).min(1, 'Name the product'),
  rate_percent: z
    .number({ message: 'The rate must be a number' })
    .min(0, 'The rate cannot be negative')
    .max(25, 'The rate must be at most 25%'),
  term_months: z
    .number({ message: 'Term must be in months' })
    .int('Term must be whole months')
    .min(12, 'Term must be at least 12 months')
    .max(480, 'Term must be at most 40 years'),
  fees_pence: Pence('Fees'),
  reasons: Text('Reasons', 4000).min(10, 'Say why this product suits the client (at least 10 characters)'),
  /** When the initial rate (the deal) ends: the product-transfer reminder goes before it. */
  deal_ends_on: IsoDate.nullable().optional(),
  /** The ESIS: a document of the linked move in the broker's audience (decision 051). */
  esis_document_id: Uuid.nullable().optional(),
})
export type RecommendationInput = z.infer<typeof RecommendationInput>

export const Recommendation = z.object({
  id: Uuid,
  lender: z.string(),
  product: z.string(),
  rate_percent: z.number(),
  term_months: z.number().int(),
  fees_pence: z.number().int(),
  reasons: z.string(),
  deal_ends_on: z.string().nullable(),
  esis: z.object({ id: Uuid, filename: z.string(), audience: z.string() }).nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
})
export type Recommendation = z.infer<typeof Recommendation>

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
  /** The client record (the case row); null until the broker saves something on this move. */
  client_id: Uuid.nullable(),
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
  position: FundingPositionView.nullable(),
  dips: z.array(Dip),
  documents: z.array(PackDocument),
})
export type MortgageCase = z.infer<typeof MortgageCase>

/** One row of the pipeline: a client record (with or without a move) or a move the broker is on. */
export const PipelineRow = z.object({
  client_id: Uuid.nullable(),
  transaction_id: Uuid.nullable(),
  client_status: z.enum(CLIENT_STATUSES),
  client_name: z.string().nullable(),
  address: z.string().nullable(),
  stage: z.enum(APPLICATION_STAGES),
  dip_lender: z.string().nullable(),
  dip_expires_on: z.string().nullable(),
  offer_expires_on: z.string().nullable(),
  updated_at: z.string(),
})
export type PipelineRow = z.infer<typeof PipelineRow>

/**
 * ?q=&stage=&lender=&dip_expiring=1&sort=&page=&page_size=: search, filters, sort and page of the
 * pipeline (paging.ts: the first 25 rows without page and page_size).
 */
export const PipelineQueryParams = z.object({
  q: z.string().max(200, 'Search for at most 200 characters').optional(),
  stage: z.enum(APPLICATION_STAGES, { message: 'Choose a stage' }).optional(),
  lender: z.string().max(120).optional(),
  dip_expiring: z.enum(['1', '0']).optional(),
  sort: z.enum(PIPELINE_SORTS, { message: 'Choose a sort order' }).optional(),
  ...PageQueryFields,
})
/** The query as a caller writes it (page and page_size optional). */
export type PipelineQueryParams = z.input<typeof PipelineQueryParams>
/** The query as the server reads it (page and page_size filled in). */
export type PipelineQueryData = z.output<typeof PipelineQueryParams>

type StageCounts = { [S in (typeof APPLICATION_STAGES)[number]]: z.ZodNumber }

export const Pipeline = z.object({
  /** Today in Europe/London (yyyy-mm-dd), for 'expires in N days'. */
  today: z.string(),
  /** The broker's rows before the search and filters (for 'N of M'). */
  total: z.number().int(),
  /** Every lender on a DIP of the broker's rows, for the lender filter. */
  lenders: z.array(z.string()),
  /** The broker's rows per application stage, before the search and filters. */
  counts: z.object(Object.fromEntries(APPLICATION_STAGES.map((s) => [s, z.number().int()])) as StageCounts),
  /** The page's rows, in the sort asked for. */
  rows: z.array(PipelineRow),
  ...PageInfo,
})
export type Pipeline = z.infer<typeof Pipeline>

/** A new client or lead, before any offer: the client, how to reach them and any joint applicants. */
export const CreateClientInput = z.object({
  name: Line("The client's name").min(1, "Give the client's name"),
  email: z.email({ message: 'Give an email like name@example.com' }).max(254).or(z.literal('')).default(''),
  phone: z
    .string()
    .trim()
    .regex(/^[+0-9 ()-]{0,20}$/, 'Give a phone number with digits, spaces or +')
    .default(''),
  status: z.enum(CLIENT_STATUSES, { message: 'Choose lead or client' }).default('lead'),
  joint_applicants: z
    .array(z.object({ name: Line("The joint applicant's name").min(1, "Give the joint applicant's name") }))
    .max(3, 'At most 3 joint applicants')
    .default([]),
})
export type CreateClientInput = z.input<typeof CreateClientInput>

export const UpdateClientInput = CreateClientInput.omit({ joint_applicants: true })
export type UpdateClientInput = z.input<typeof UpdateClientInput>

/** Link a client to a buyer's move the broker is on. */
export const LinkClientInput = z.object({ transaction_id: Uuid })

/** A move the broker is on that a client may be linked to. */
export const LinkableMove = z.object({
  transaction_id: Uuid,
  buyer_name: z.string().nullable(),
  address: z.string().nullable(),
})
export type LinkableMove = z.infer<typeof LinkableMove>

/** One client record, as the broker's firm sees it. */
export const BrokerClient = z.object({
  id: Uuid,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.enum(CLIENT_STATUSES),
  broker: Person,
  transaction_id: Uuid.nullable(),
  address: z.string().nullable(),
  agreed_price_pence: z.number().int().nullable(),
  stage: z.enum(APPLICATION_STAGES),
  fact_find: FactFind,
  address_history_months: z.array(z.number().int()),
  affordability: Affordability.nullable(),
  position: FundingPositionView.nullable(),
  dips: z.array(Dip),
  recommendations: z.array(Recommendation),
  /** Documents of the linked move in the "Buyer's mortgage" audience the broker sees: what an ESIS may be. */
  esis_candidates: z.array(PackDocument),
  /** The moves the broker is on with no client linked yet (for 'Link to a move'). */
  linkable_moves: z.array(LinkableMove),
  created_at: z.string(),
})
export type BrokerClient = z.infer<typeof BrokerClient>

const ClientParams = z.object({ clientId: Uuid })

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
    summary:
      "One page of the broker's pipeline: clients, leads and buyers' moves with the stage, DIP and offer expiry; searched, filtered and sorted; counts per stage",
    request: { query: PipelineQueryParams },
    responses: { 200: json('Pipeline', Pipeline), ...ERRORS },
  }),
  getCase: endpoint({
    method: 'get',
    path: '/mortgages/{txId}',
    summary: "One buyer's mortgage case (brokers on the move only)",
    request: { params: TransactionParams },
    responses: { 200: json('Case', MortgageCase), 403: { description: 'Not the broker on this move' }, ...ERRORS },
  }),
  startClient: endpoint({
    method: 'post',
    path: '/mortgages/{txId}/client',
    summary: "Start the client record (and fact find) of a move's buyer; answers the existing one when there is one",
    request: { params: TransactionParams },
    responses: { 200: json('Client', BrokerClient), 403: { description: 'Not the broker on this move' }, ...ERRORS },
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
  createClient: endpoint({
    method: 'post',
    path: '/broker-clients',
    summary: "Add a client or lead before any offer; the record is the broker's firm's own",
    request: { body: jsonBody(CreateClientInput) },
    responses: { 201: json('Client', BrokerClient), 403: { description: 'Not a mortgage broker' }, ...ERRORS },
  }),
  getClient: endpoint({
    method: 'get',
    path: '/broker-clients/{clientId}',
    summary: 'One client record (its broker and their firm only; anyone else 404)',
    request: { params: ClientParams },
    responses: { 200: json('Client', BrokerClient), ...ERRORS },
  }),
  updateClient: endpoint({
    method: 'put',
    path: '/broker-clients/{clientId}',
    summary: "Change the client's name, contact details or lead/client status",
    request: { params: ClientParams, body: jsonBody(UpdateClientInput) },
    responses: { 200: json('Client', BrokerClient), ...ERRORS },
  }),
  saveClientFactFind: endpoint({
    method: 'put',
    path: '/broker-clients/{clientId}/fact-find',
    summary: 'Save the fact find as it stands (autosave): one database transaction per save',
    request: { params: ClientParams, body: jsonBody(FactFindInput) },
    responses: { 200: json('Client', BrokerClient), ...ERRORS },
  }),
  linkClient: endpoint({
    method: 'post',
    path: '/broker-clients/{clientId}/link',
    summary: "Link the client to a buyer's move the broker is on",
    request: { params: ClientParams, body: jsonBody(LinkClientInput) },
    responses: {
      200: json('Client', BrokerClient),
      409: { description: 'The client or the move is already linked' },
      ...ERRORS,
    },
  }),
  recordRecommendation: endpoint({
    method: 'post',
    path: '/broker-clients/{clientId}/recommendations',
    summary: 'Record a product recommendation (Consumer Duty file), with its ESIS',
    request: { params: ClientParams, body: jsonBody(RecommendationInput) },
    responses: {
      201: json('Client', BrokerClient),
      422: { description: "The ESIS is not a document for the buyer's mortgage" },
      ...ERRORS,
    },
  }),
}
