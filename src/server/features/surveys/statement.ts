/**
 * The survey firm's payout statement: for each survey paid through Homeward, who paid, the fee with
 * its VAT split, the platform fee (on the fee ex VAT), what is paid out and where the payout stands,
 * over a range of visit dates (Europe/London), with totals; and the same as CSV (amounts in pounds
 * with two decimals, dates dd MMM yyyy). The figures are the platform's record (survey_payouts),
 * written from the payment at booking, never typed by the firm.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { StatementResponse } from '#shared/contracts/surveys.ts'
import {
  addDays,
  londonToInstant,
  londonWallClock,
  PAYOUT_STATUSES,
  SURVEY_PRODUCT_KINDS,
  SURVEY_PRODUCT_LABELS,
} from '#shared/domain/surveys.ts'
import { requireSurveyFirm } from '#server/access/surveys.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { rows, Timestamp } from '#server/db/rows.ts'

const Line = z.object({
  payout_id: z.string(),
  booking_id: z.string(),
  visit_at: Timestamp,
  address_lines: z.array(z.string()).nullable(),
  postcode: z.string().nullable(),
  kind: z.enum(SURVEY_PRODUCT_KINDS),
  paid_by_name: z.string().nullable(),
  paid_at: Timestamp.nullable(),
  fee_pence: z.number(),
  fee_ex_vat_pence: z.number(),
  vat_pence: z.number(),
  platform_fee_pence: z.number(),
  net_pence: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  provider: z.string(),
  provider_reference: z.string(),
  paid_out_at: Timestamp.nullable(),
})

const iso = (d: Date | string) => new Date(d).toISOString()

/**
 * The statement for visits from `from` to `to` inclusive (defaults: 90 days back to 60 days ahead of
 * today, London). Errors: 403 not in a survey firm.
 */
export async function getStatement({
  database,
  viewer,
  from,
  to,
}: {
  database: Database
  viewer: Viewer
  from?: string
  to?: string
}): Promise<StatementResponse> {
  const today = londonWallClock(new Date()).date
  const start = from ?? addDays(today, -90)
  const end = to ?? addDays(today, 60)
  return database.db.transaction(async (tx) => {
    const firm = await requireSurveyFirm(tx, viewer)
    const res = await tx.execute(sql`
      select x.id as payout_id, b.id as booking_id, b.starts_at as visit_at, pr.address_lines, pr.postcode, p.kind,
        payer.full_name as paid_by_name, b.paid_at, x.fee_pence, x.fee_ex_vat_pence, x.vat_pence,
        x.platform_fee_pence, x.net_pence, x.status, x.provider, x.provider_reference, x.paid_at as paid_out_at
      from survey_payouts x
      join survey_bookings b on b.id = x.booking_id
      join survey_products p on p.id = b.product_id
      left join profiles payer on payer.id = x.paid_by
      left join lateral (select address_lines, postcode from properties where transaction_id = b.transaction_id limit 1) pr on true
      where x.organization_id = ${firm.id}
        and b.starts_at >= ${londonToInstant(start, 0).toISOString()}
        and b.starts_at < ${londonToInstant(addDays(end, 1), 0).toISOString()}
      order by b.starts_at, x.id`)
    const lines = rows(Line, res).map((r) => ({
      payout_id: r.payout_id,
      booking_id: r.booking_id,
      visit_at: iso(r.visit_at),
      property_address: [...(r.address_lines ?? []), r.postcode ?? ''].filter(Boolean).join(', '),
      product_label: SURVEY_PRODUCT_LABELS[r.kind],
      paid_by_name: r.paid_by_name,
      paid_at: r.paid_at ? iso(r.paid_at) : null,
      fee_pence: r.fee_pence,
      fee_ex_vat_pence: r.fee_ex_vat_pence,
      vat_pence: r.vat_pence,
      platform_fee_pence: r.platform_fee_pence,
      net_pence: r.net_pence,
      status: r.status,
      provider_label: r.provider === 'sandbox' ? 'Sandbox' : 'Stripe',
      provider_reference: r.provider_reference,
      paid_out_at: r.paid_out_at ? iso(r.paid_out_at) : null,
    }))
    // A refunded survey pays nothing out: it is listed, but not added up.
    const counted = lines.filter((l) => l.status !== 'refunded')
    const sum = (k: 'fee_pence' | 'fee_ex_vat_pence' | 'vat_pence' | 'platform_fee_pence' | 'net_pence') =>
      counted.reduce((n, l) => n + l[k], 0)
    return {
      firm_name: firm.name,
      from: start,
      to: end,
      lines,
      totals: {
        fee_pence: sum('fee_pence'),
        fee_ex_vat_pence: sum('fee_ex_vat_pence'),
        vat_pence: sum('vat_pence'),
        platform_fee_pence: sum('platform_fee_pence'),
        net_pence: sum('net_pence'),
      },
    }
  })
}

/** What each payout status means on a statement. */
export const PAYOUT_STATUS_LABELS: Record<(typeof PAYOUT_STATUSES)[number], string> = {
  held: 'Held until the report is released',
  pending: 'Transfer to the firm under way',
  paid: 'Paid to the firm',
  refunded: 'Refunded to the buyer',
}

const DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
})
const pounds = (pence: number) => (pence / 100).toFixed(2)
/** One CSV field (RFC 4180), with a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
const field = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The statement as CSV text (header row, one row per payout, CRLF line ends). */
export function statementCsv(statement: StatementResponse): string {
  const header = [
    'Visit date',
    'Property',
    'Survey',
    'Paid by',
    'Paid on',
    'Fee paid (GBP, incl. VAT)',
    'Fee ex VAT (GBP)',
    'VAT (GBP)',
    'Platform fee (GBP, 10% of fee ex VAT)',
    'Paid out to firm (GBP)',
    'Payout status',
    'Provider',
    'Provider reference',
  ]
  const body = statement.lines.map((l) => [
    DATE.format(new Date(l.visit_at)),
    l.property_address,
    l.product_label,
    l.paid_by_name ?? 'Not paid through Homeward',
    l.paid_at ? DATE.format(new Date(l.paid_at)) : '',
    pounds(l.fee_pence),
    pounds(l.fee_ex_vat_pence),
    pounds(l.vat_pence),
    pounds(l.platform_fee_pence),
    pounds(l.net_pence),
    PAYOUT_STATUS_LABELS[l.status],
    l.provider_label,
    l.provider_reference,
  ])
  return [header, ...body].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n'
}
