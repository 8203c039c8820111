/**
 * Reads one buyer's mortgage case as the broker sees it (MortgageCase): the move's buyer and
 * property, the case's stage and offer expiry, the fact find with its affordability range, the DIPs
 * newest first, and the documents the broker may put in a lender pack. The caller has checked that
 * the viewer is the move's broker (access/mortgages.ts). A move whose broker has saved nothing yet
 * reads as a case at 'fact_find' with no fact find.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Affordability, Dip, MortgageCase, PackDocument } from '#shared/contracts/mortgages.ts'
import {
  affordabilityRange,
  APPLICATION_STAGES,
  EMPLOYMENT_STATUSES,
  NOT_ADVICE_NOTE,
} from '#shared/domain/mortgages.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow, IdRow, Int8, oneRow, rows, Timestamp } from '#server/db/rows.ts'
import { notFound } from '#server/core/errors.ts'
import { documentAudienceFor } from '#server/access/transactions.ts'

const iso = (v: string | Date): string => new Date(v).toISOString()

/** A document the broker may put in a lender pack. */
const PackDocumentRow = z.object({ id: z.string(), filename: z.string(), folder: z.string(), version: z.number() })

/** The move, its buyer and property, and the broker's case when there is one. */
const CaseHead = z.object({
  id: z.string(),
  agreed_price_pence: Int8.nullable(),
  buyer_id: z.string().nullable(),
  buyer_name: z.string().nullable(),
  address_lines: z.array(z.string()).nullable(),
  postcode: z.string().nullable(),
  case_id: z.string().nullable(),
  stage: z.enum(APPLICATION_STAGES).nullable(),
  offer_expires_on: z.string().nullable(),
  gross_annual_income_pence: Int8.nullable(),
  monthly_commitments_pence: Int8.nullable(),
  deposit_pence: Int8.nullable(),
  employment_status: z.enum(EMPLOYMENT_STATUSES).nullable(),
  fact_find_updated_at: Timestamp.nullable(),
})

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

/**
 * The documents 'shared with the broker' (profile `viewerId`): every document of the move in their
 * audience, latest version of each name: by the one rule access/transactions.ts documentAudienceFor
 * (decision 051), for a broker the documents for everyone on the move, the buyer's side and the buyer's
 * mortgage; never the buyer's identity, funds or client-care papers. A document of any other move is
 * never shared.
 */
export async function sharedDocuments(tx: Tx, txId: string, viewerId: string): Promise<PackDocument[]> {
  const res = await tx.execute(sql`
    select distinct on (d.folder, d.filename) d.id, d.filename, d.folder, d.version
    from documents d where d.transaction_id = ${txId} and ${documentAudienceFor('d', viewerId)}
    order by d.folder, d.filename, d.version desc`)
  return rows(PackDocumentRow, res)
}

/** The affordability range of a fact find, with the not-advice note. */
export function affordabilityOf(f: {
  gross_annual_income_pence: number
  monthly_commitments_pence: number
  deposit_pence: number
}): Affordability {
  const r = affordabilityRange({
    grossAnnualIncomePence: f.gross_annual_income_pence,
    monthlyCommitmentsPence: f.monthly_commitments_pence,
    depositPence: f.deposit_pence,
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

/** The case of move `txId` kept by broker `brokerId`. 404 when the move does not exist. */
export async function readCase(tx: Tx, txId: string, brokerId: string): Promise<MortgageCase> {
  const head = await tx.execute(sql`
    select t.id, t.agreed_price_pence, b.id as buyer_id, coalesce(b.full_name, c.buyer_name) as buyer_name,
      p.address_lines, p.postcode,
      c.id as case_id, c.stage, to_char(c.offer_expires_on, 'YYYY-MM-DD') as offer_expires_on,
      c.gross_annual_income_pence, c.monthly_commitments_pence, c.deposit_pence, c.employment_status,
      c.fact_find_updated_at
    from transactions t
    left join profiles b on b.id = t.buyer_user_id
    left join properties p on p.transaction_id = t.id
    left join mortgage_cases c on c.transaction_id = t.id and c.broker_profile_id = ${brokerId}
    where t.id = ${txId}`)
  const row = firstRow(CaseHead, head)
  if (!row) throw notFound()
  let dips: Dip[] = []
  if (row.case_id) {
    const res = await tx.execute(sql`
      select m.id, m.lender, m.amount_pence, m.term_months, m.reference,
        to_char(m.issued_on, 'YYYY-MM-DD') as issued_on, to_char(m.expires_on, 'YYYY-MM-DD') as expires_on,
        m.created_at, d.id as document_id, d.filename as document_filename
      from mortgage_dips m left join documents d on d.id = m.document_id and ${documentAudienceFor('d', brokerId)}
      where m.case_id = ${row.case_id} order by m.created_at desc, m.id`)
    dips = rows(DipRow, res).map((d) => ({
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
  const factFind =
    row.fact_find_updated_at && row.employment_status
      ? {
          gross_annual_income_pence: Number(row.gross_annual_income_pence),
          monthly_commitments_pence: Number(row.monthly_commitments_pence),
          deposit_pence: Number(row.deposit_pence),
          employment_status: row.employment_status,
          updated_at: iso(row.fact_find_updated_at),
        }
      : null
  return {
    transaction_id: row.id,
    buyer: row.buyer_id ? { id: row.buyer_id, full_name: row.buyer_name ?? '' } : null,
    buyer_name: row.buyer_name,
    property: row.address_lines ? { address_lines: row.address_lines, postcode: row.postcode ?? '' } : null,
    agreed_price_pence: row.agreed_price_pence === null ? null : Number(row.agreed_price_pence),
    stage: row.stage ?? 'fact_find',
    offer_expires_on: row.offer_expires_on,
    fact_find: factFind,
    affordability: factFind ? affordabilityOf(factFind) : null,
    dips,
    documents: await sharedDocuments(tx, txId, brokerId),
  }
}

/** The id of the broker's case for the move, made at 'fact_find' when there is none yet. */
export async function ensureCase(tx: Tx, txId: string, brokerId: string): Promise<string> {
  const res = await tx.execute(sql`
    insert into mortgage_cases (transaction_id, broker_profile_id) values (${txId}, ${brokerId})
    on conflict (transaction_id, broker_profile_id) do update set updated_at = now()
    returning id`)
  return oneRow(IdRow, res).id
}
