/**
 * Reads a broker's records: one buyer's mortgage case by move (MortgageCase) and one client record by
 * id (BrokerClient). Both carry the full fact find (its stored JSON, or for a case saved before the
 * full fact find, one built from its summary columns), the affordability range of its summary and the
 * funding position against the price (brokerPosition: the funds page's one calculation,
 * domain/source-of-funds.ts fundingBalance). The callers have checked access (access/mortgages.ts). A
 * move whose broker has saved nothing yet reads as a case at 'fact_find' with no fact find.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  FactFindInput,
  type Affordability,
  type BrokerClient,
  type Dip,
  type FactFind,
  type FactFindData,
  type FundingPositionView,
  type LinkableMove,
  type MortgageCase,
  type PackDocument,
  type Recommendation,
} from '#shared/contracts/mortgages.ts'
import {
  addressHistoryMonths,
  affordabilityRange,
  APPLICATION_STAGES,
  brokerPosition,
  CLIENT_STATUSES,
  EMPLOYMENT_STATUSES,
  factFindSummary,
  londonDay,
  NOT_ADVICE_NOTE,
} from '#shared/domain/mortgages.ts'
import { calculateLandTax } from '#shared/domain/land-tax.ts'
import { NATIONS, type Nation } from '#shared/domain/nations.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow, IdRow, Int8, oneRow, rows, Timestamp } from '#server/db/rows.ts'
import { notFound } from '#server/core/errors.ts'
import { brokerTransactionIds } from '#server/access/mortgages.ts'
import { documentAudienceFor } from '#server/access/transactions.ts'

const iso = (v: string | Date): string => new Date(v).toISOString()

/** A document the broker may put in a lender pack. */
const PackDocumentRow = z.object({
  id: z.string(),
  filename: z.string(),
  folder: z.string(),
  version: z.number(),
  audience: z.string(),
})

/** The record, its move (when linked), the buyer and property. */
const Head = z.object({
  case_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  agreed_price_pence: Int8.nullable(),
  buyer_id: z.string().nullable(),
  buyer_name: z.string().nullable(),
  client_name: z.string().nullable(),
  client_email: z.string().nullable(),
  client_phone: z.string().nullable(),
  client_status: z.enum(CLIENT_STATUSES).nullable(),
  broker_id: z.string().nullable(),
  broker_name: z.string().nullable(),
  address_lines: z.array(z.string()).nullable(),
  postcode: z.string().nullable(),
  /** The property's nation (England when there is no move yet): which land tax the position counts. */
  nation: z.enum(NATIONS),
  /** Completion when recorded, else today in London: the day whose tax rates apply. */
  effective_date: z.string(),
  stage: z.enum(APPLICATION_STAGES).nullable(),
  offer_expires_on: z.string().nullable(),
  gross_annual_income_pence: Int8.nullable(),
  monthly_commitments_pence: Int8.nullable(),
  deposit_pence: Int8.nullable(),
  employment_status: z.enum(EMPLOYMENT_STATUSES).nullable(),
  fact_find: z.unknown().nullable(),
  fact_find_updated_at: Timestamp.nullable(),
  created_at: Timestamp.nullable(),
})
type Head = z.infer<typeof Head>

const HEAD_COLUMNS = sql`c.id as case_id, t.id as transaction_id, t.agreed_price_pence, b.id as buyer_id,
  b.full_name as buyer_name, c.buyer_name as client_name, c.client_email, c.client_phone, c.client_status,
  c.broker_profile_id as broker_id, bp.full_name as broker_name, p.address_lines, p.postcode,
  coalesce(p.nation, 'england') as nation,
  coalesce(t.completion_date, (now() at time zone 'Europe/London')::date)::text as effective_date, c.stage,
  to_char(c.offer_expires_on, 'YYYY-MM-DD') as offer_expires_on, c.gross_annual_income_pence,
  c.monthly_commitments_pence, c.deposit_pence, c.employment_status, c.fact_find, c.fact_find_updated_at,
  c.created_at`

/** A decision in principle, with its document when one is attached. */
const DipRow = z.object({
  id: z.string(),
  lender: z.string(),
  amount_pence: Int8,
  term_months: z.number(),
  reference: z.string(),
  issued_on: z.string(),
  expires_on: z.string(),
  created_at: Timestamp,
  document_id: z.string().nullable(),
  document_filename: z.string().nullable(),
})

const RecommendationRow = z.object({
  id: z.string(),
  lender: z.string(),
  product: z.string(),
  rate_percent: z.union([z.string(), z.number()]),
  term_months: z.number(),
  fees_pence: Int8,
  reasons: z.string(),
  deal_ends_on: z.string().nullable(),
  esis_id: z.string().nullable(),
  esis_filename: z.string().nullable(),
  esis_audience: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: Timestamp,
})

/**
 * The documents 'shared with the broker' (profile `viewerId`): every document of the move in their
 * audience, latest version of each name: by the one rule access/transactions.ts documentAudienceFor
 * (decision 051), for a broker the documents for everyone on the move, the buyer's side and the buyer's
 * mortgage; never the buyer's identity, funds or client-care papers. A document of any other move is
 * never shared.
 */
export async function sharedDocuments(
  tx: Tx,
  txId: string,
  viewerId: string,
): Promise<(PackDocument & { audience: string })[]> {
  const res = await tx.execute(sql`
    select distinct on (d.folder, d.filename) d.id, d.filename, d.folder, d.version, d.audience
    from documents d where d.transaction_id = ${txId} and ${documentAudienceFor('d', viewerId)}
    order by d.folder, d.filename, d.version desc`)
  return rows(PackDocumentRow, res)
}

/** The affordability range of a fact find's summary, with the not-advice note. */
export function affordabilityOf(f: {
  gross_annual_income_pence: number
  monthly_commitments_pence: number
  deposit_pence: number
  term_years?: number
}): Affordability {
  const r = affordabilityRange({
    grossAnnualIncomePence: f.gross_annual_income_pence,
    monthlyCommitmentsPence: f.monthly_commitments_pence,
    depositPence: f.deposit_pence,
    termYears: f.term_years,
  })
  return {
    min_loan_pence: r.minLoanPence,
    max_loan_pence: r.maxLoanPence,
    min_price_pence: r.minPricePence,
    max_price_pence: r.maxPricePence,
    lti_multiple: r.ltiMultiple,
    stress_rate: r.stressRate,
    note: NOT_ADVICE_NOTE,
  }
}

/** An empty fact find with the applicants named (the client, then any joint applicants). */
export function emptyFactFind(names: string[]): FactFindData {
  return FactFindInput.parse({ applicants: names.map((name) => ({ name })) })
}

/**
 * The record's fact find: its stored JSON; for a case saved before the full fact find, one built from
 * its summary columns (one applicant with that income and employment, one commitment, the deposit);
 * with neither, an empty one naming the client. `saved` is false when nothing was ever saved.
 */
function factFindOf(h: Head): { data: FactFindData; saved: boolean } {
  const stored = h.fact_find === null ? null : FactFindInput.safeParse(h.fact_find)
  if (stored?.success) return { data: stored.data, saved: h.fact_find_updated_at !== null }
  const name = h.buyer_name ?? h.client_name ?? ''
  if (h.fact_find_updated_at && h.employment_status) {
    return {
      saved: true,
      data: FactFindInput.parse({
        applicants: [
          {
            name,
            employments: [{ status: h.employment_status }],
            incomes: [{ type: 'employed', annual_pence: Number(h.gross_annual_income_pence ?? 0) }],
          },
        ],
        commitments: Number(h.monthly_commitments_pence ?? 0)
          ? [{ description: 'Monthly commitments', monthly_pence: Number(h.monthly_commitments_pence) }]
          : [],
        deposit_pence: Number(h.deposit_pence ?? 0),
      }),
    }
  }
  return { data: emptyFactFind([name]), saved: false }
}

/**
 * The funding position: the agreed price once on a move, else the fact find's target price; own funds
 * the deposit; the mortgage the latest DIP's amount, else the loan asked for, else price - deposit;
 * the land tax on the price (SDLT, or LTT for a property in Wales: shared/domain/land-tax.ts; first-time
 * buyer relief when the fact find says so, in England) and the buying costs.
 */
export function positionOf(
  data: FactFindData,
  agreedPricePence: number | null,
  dipAmountPence: number | null,
  affordability: Affordability | null,
  where: { nation: Nation; effectiveDate: string },
): FundingPositionView | null {
  const price = agreedPricePence ?? data.target_price_pence
  const mortgage = dipAmountPence ?? data.loan_pence
  const sdlt =
    price === null || price <= 0
      ? 0
      : calculateLandTax({
          nation: where.nation,
          effectiveDate: where.effectiveDate,
          pricePence: price,
          firstTimeBuyer: data.first_time_buyer,
          additionalProperty: false,
          nonResident: false,
        }).totalPence
  const p = brokerPosition({
    pricePence: price,
    ownFundsPence: data.deposit_pence,
    mortgagePence: mortgage,
    sdltPence: sdlt,
    feesPence: data.fees_pence,
    maxLoanPence: affordability?.max_loan_pence ?? null,
  })
  if (!p) return null
  return {
    price_pence: p.pricePence,
    price_source: agreedPricePence !== null ? 'agreed' : 'target',
    mortgage_pence: p.mortgagePence,
    mortgage_source: dipAmountPence !== null ? 'dip' : data.loan_pence !== null ? 'requested' : 'needed',
    own_funds_pence: data.deposit_pence,
    land_tax: where.nation === 'wales' ? 'ltt' : 'sdlt',
    sdlt_pence: sdlt,
    fees_pence: data.fees_pence,
    needed_pence: p.neededPence,
    available_pence: p.availablePence,
    gap_pence: p.shortfallPence,
    loan_to_value_percent: p.loanToValuePercent,
    above_affordability: p.aboveAffordability,
  }
}

async function readDips(tx: Tx, caseId: string, viewerId: string): Promise<Dip[]> {
  const res = await tx.execute(sql`
    select m.id, m.lender, m.amount_pence, m.term_months, m.reference,
      to_char(m.issued_on, 'YYYY-MM-DD') as issued_on, to_char(m.expires_on, 'YYYY-MM-DD') as expires_on,
      m.created_at, d.id as document_id, d.filename as document_filename
    from mortgage_dips m left join documents d on d.id = m.document_id and ${documentAudienceFor('d', viewerId)}
    where m.case_id = ${caseId} order by m.created_at desc, m.id`)
  return rows(DipRow, res).map((d) => ({
    id: d.id,
    lender: d.lender,
    amount_pence: Number(d.amount_pence),
    term_months: Number(d.term_months),
    reference: d.reference,
    issued_on: d.issued_on,
    expires_on: d.expires_on,
    // A DIP's document is joined: its filename is there whenever its id is.
    document:
      d.document_id && d.document_filename !== null ? { id: d.document_id, filename: d.document_filename } : null,
    created_at: iso(d.created_at),
  }))
}

async function readRecommendations(tx: Tx, caseId: string, viewerId: string): Promise<Recommendation[]> {
  const res = await tx.execute(sql`
    select r.id, r.lender, r.product, r.rate_percent, r.term_months, r.fees_pence, r.reasons,
      to_char(r.deal_ends_on, 'YYYY-MM-DD') as deal_ends_on, d.id as esis_id, d.filename as esis_filename,
      d.audience as esis_audience, p.full_name as created_by_name, r.created_at
    from mortgage_recommendations r
    left join documents d on d.id = r.esis_document_id and ${documentAudienceFor('d', viewerId)}
    left join profiles p on p.id = r.created_by
    where r.case_id = ${caseId} order by r.created_at desc, r.id`)
  return rows(RecommendationRow, res).map((r) => ({
    id: r.id,
    lender: r.lender,
    product: r.product,
    rate_percent: Number(r.rate_percent),
    term_months: r.term_months,
    fees_pence: Number(r.fees_pence),
    reasons: r.reasons,
    deal_ends_on: r.deal_ends_on,
    esis:
      r.esis_id && r.esis_filename !== null
        ? { id: r.esis_id, filename: r.esis_filename, audience: r.esis_audience ?? '' }
        : null,
    created_by_name: r.created_by_name,
    created_at: iso(r.created_at),
  }))
}

function summaryParts(h: Head, data: FactFindData, saved: boolean, dips: Dip[]) {
  const s = factFindSummary(data)
  const affordability =
    saved && s.grossAnnualIncomePence > 0
      ? affordabilityOf({
          gross_annual_income_pence: s.grossAnnualIncomePence,
          monthly_commitments_pence: s.monthlyCommitmentsPence,
          deposit_pence: s.depositPence,
          term_years: data.term_years,
        })
      : null
  const fact_find: FactFind = { data, updated_at: h.fact_find_updated_at ? iso(h.fact_find_updated_at) : null }
  const agreed = h.agreed_price_pence === null ? null : Number(h.agreed_price_pence)
  const position = positionOf(data, agreed, dips[0]?.amount_pence ?? null, affordability, {
    nation: h.nation,
    effectiveDate: h.effective_date,
  })
  return { affordability, fact_find, position, agreed }
}

const address = (h: Head) => (h.address_lines ? `${h.address_lines.join(', ')}, ${h.postcode ?? ''}` : null)

/** The case of move `txId` kept by broker `brokerId`. 404 when the move does not exist. */
export async function readCase(tx: Tx, txId: string, brokerId: string): Promise<MortgageCase> {
  const head = await tx.execute(sql`
    select ${HEAD_COLUMNS}
    from transactions t
    left join profiles b on b.id = t.buyer_user_id
    left join properties p on p.transaction_id = t.id
    left join mortgage_cases c on c.transaction_id = t.id and c.broker_profile_id = ${brokerId}
    left join profiles bp on bp.id = c.broker_profile_id
    where t.id = ${txId}`)
  const row = firstRow(Head, head)
  if (!row) throw notFound()
  const dips = row.case_id ? await readDips(tx, row.case_id, brokerId) : []
  const { data, saved } = factFindOf(row)
  const parts = summaryParts(row, data, saved, dips)
  return {
    client_id: row.case_id,
    transaction_id: txId,
    buyer: row.buyer_id ? { id: row.buyer_id, full_name: row.buyer_name ?? '' } : null,
    buyer_name: row.buyer_name ?? row.client_name,
    property: row.address_lines ? { address_lines: row.address_lines, postcode: row.postcode ?? '' } : null,
    agreed_price_pence: parts.agreed,
    stage: row.stage ?? 'fact_find',
    offer_expires_on: row.offer_expires_on,
    fact_find: saved ? parts.fact_find : null,
    affordability: parts.affordability,
    position: saved ? parts.position : null,
    dips,
    documents: await sharedDocuments(tx, txId, brokerId),
  }
}

/** The moves broker `brokerId` is on (not cancelled) with none of their client records linked yet. */
async function linkableMoves(tx: Tx, brokerId: string): Promise<LinkableMove[]> {
  const res = await tx.execute(sql`
    select t.id as transaction_id, b.full_name as buyer_name,
      case when p.transaction_id is null then null else array_to_string(p.address_lines, ', ') || ', ' || p.postcode end as address
    from transactions t
    left join profiles b on b.id = t.buyer_user_id
    left join properties p on p.transaction_id = t.id
    where t.id in ${brokerTransactionIds(brokerId)}
      and t.status <> 'cancelled'
      and not exists (select 1 from mortgage_cases c where c.transaction_id = t.id and c.broker_profile_id = ${brokerId}
        and (c.fact_find is not null or c.client_email <> '' or c.buyer_name is not null))
    order by t.created_at desc limit 50`)
  return rows(
    z.object({ transaction_id: z.string(), buyer_name: z.string().nullable(), address: z.string().nullable() }),
    res,
  )
}

/** One client record (the caller checked the viewer may see it: access/mortgages.ts lockBrokerClient). */
export async function readClient(tx: Tx, clientId: string, viewerId: string, now = new Date()): Promise<BrokerClient> {
  const head = await tx.execute(sql`
    select ${HEAD_COLUMNS}
    from mortgage_cases c
    left join transactions t on t.id = c.transaction_id
    left join profiles b on b.id = t.buyer_user_id
    left join properties p on p.transaction_id = t.id
    left join profiles bp on bp.id = c.broker_profile_id
    where c.id = ${clientId}`)
  const row = firstRow(Head, head)
  if (!row || !row.case_id) throw notFound('client')
  const dips = await readDips(tx, row.case_id, viewerId)
  const { data, saved } = factFindOf(row)
  const parts = summaryParts(row, data, saved, dips)
  const today = londonDay(now)
  return {
    id: row.case_id,
    name: row.client_name ?? row.buyer_name ?? '',
    email: row.client_email ?? '',
    phone: row.client_phone ?? '',
    status: row.client_status ?? 'client',
    broker: { id: row.broker_id ?? '', full_name: row.broker_name ?? '' },
    transaction_id: row.transaction_id,
    address: address(row),
    agreed_price_pence: parts.agreed,
    stage: row.stage ?? 'fact_find',
    fact_find: parts.fact_find,
    address_history_months: data.applicants.map((a) => addressHistoryMonths(a.addresses, today)),
    affordability: parts.affordability,
    position: parts.position,
    dips,
    recommendations: await readRecommendations(tx, row.case_id, viewerId),
    esis_candidates: row.transaction_id
      ? (await sharedDocuments(tx, row.transaction_id, viewerId)).filter((d) => d.audience === 'buyer_mortgage')
      : [],
    linkable_moves: row.transaction_id ? [] : await linkableMoves(tx, row.broker_id ?? viewerId),
    created_at: iso(row.created_at ?? new Date()),
  }
}

/** The id of the broker's case for the move, made at 'fact_find' when there is none yet. */
export async function ensureCase(tx: Tx, txId: string, brokerId: string): Promise<string> {
  const res = await tx.execute(sql`
    insert into mortgage_cases (transaction_id, broker_profile_id, organization_id)
    values (${txId}, ${brokerId}, (select organization_id from organization_members
      where profile_id = ${brokerId} and removed_at is null limit 1))
    on conflict (transaction_id, broker_profile_id) do update set updated_at = now()
    returning id`)
  return oneRow(IdRow, res).id
}
