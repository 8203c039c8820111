/**
 * The demo surveyor at work: Oliver Hart, admin of a survey firm from the directory, with its four
 * products (RICS Home Survey Levels 1 to 3 and a mortgage valuation, prices including VAT), weekday
 * hours 09:00 to 17:30 with a 30-minute travel buffer and 24 hours' notice, on the demo move and a
 * handful of the demo firm's buyer-side matters, with a working week of bookings, each paid at booking
 * with its terms accepted: visits on the next four working days (the demo move's among them), a report
 * ready to release from a visit two working days ago, and two released reports on his payout statement
 * (one payout pending, one paid). Only times follow `now`; visits avoid weekends and bank holidays.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { firstRow, IdRow, oneRow, rows } from '#server/db/rows.ts'
import {
  addDays,
  londonToInstant,
  londonWallClock,
  SURVEY_PRODUCT_LABELS,
  SURVEY_TERMS_VERSION,
  surveyPayoutAmounts,
  surveyTermsText,
} from '#shared/domain/surveys.ts'
import { isWorkingDay } from '#shared/domain/working-days.ts'
import { postcodeDistrict } from '#shared/domain/chains.ts'
import type { Tx } from '../db/client'
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts'

/** The demo surveyor: the DEMO_ACCOUNTS entry labelled 'Surveyor', created and printed with the others. */
export const DEMO_SURVEYOR: DemoAccount = DEMO_ACCOUNTS.find((a) => a.label === 'Surveyor')!

/** Fixed id of the demo move's survey booking: the seed's marker that the surveyor's data exists. */
export const DEMO_SURVEY_BOOKING_ID = '5eed0000-0000-4000-8000-000000000005'

/** Moves of the demo firm (buyer side) Oliver is on besides the demo move. */
export const DEMO_SURVEYOR_EXTRA_MOVES = 5

const PRODUCTS = [
  { kind: 'rics_level_1', price: 450_00, minutes: 90 },
  { kind: 'rics_level_2', price: 650_00, minutes: 180 },
  { kind: 'rics_level_3', price: 1_100_00, minutes: 300 },
  { kind: 'mortgage_valuation', price: 300_00, minutes: 60 },
] as const

const TransactionIdRow = z.object({ transaction_id: z.string() })
const DAY_MS = 86_400_000

/**
 * The `n`th working day (Monday to Friday, not an England and Wales bank holiday) after (n > 0) or
 * before (n < 0) today's London date: visits are never on a weekend or a bank holiday.
 */
export function workingDay(now: Date, n: number): string {
  let day = londonWallClock(now).date
  let left = Math.abs(n)
  while (left > 0) {
    day = addDays(day, Math.sign(n))
    if (isWorkingDay(day)) left -= 1
  }
  return day
}

/**
 * Writes Oliver's firm membership, surveyor settings, products, participations and bookings.
 * `surveyorId`: his profile; `buyerId`: the demo buyer (who booked); `demoTransactionId`: the demo move.
 */
export async function insertDemoSurveyor(
  tx: Tx,
  ids: { surveyorId: string; buyerId: string; demoTransactionId: string; conveyancingFirmId: string },
  now: Date,
): Promise<void> {
  const firm = await tx.execute(sql`
    select o.id from organizations o where o.type = 'survey'
      and not exists (select 1 from organization_members m where m.organization_id = o.id)
    order by o.name, o.id limit 1`)
  const firmId = firstRow(IdRow, firm)?.id
  if (!firmId) throw new Error('Demo data: the directory has no survey firm for the demo surveyor')
  await tx.execute(sql`insert into organization_members (organization_id, profile_id, role)
    values (${firmId}, ${ids.surveyorId}, 'admin')`)
  await tx.execute(sql`insert into surveyors (profile_id, organization_id, travel_buffer_minutes, notice_hours)
    values (${ids.surveyorId}, ${firmId}, 30, 24)`)
  for (let wd = 1; wd <= 5; wd++)
    await tx.execute(sql`insert into surveyor_hours (surveyor_id, weekday, start_minute, end_minute)
      values (${ids.surveyorId}, ${wd}, 540, 1050)`)
  const productIds: Record<string, string> = {}
  for (const p of PRODUCTS) {
    const res = await tx.execute(sql`insert into survey_products (organization_id, kind, price_pence, duration_minutes)
      values (${firmId}, ${p.kind}, ${p.price}, ${p.minutes}) returning id`)
    productIds[p.kind] = oneRow(IdRow, res).id
  }
  const others = await tx.execute(sql`
    select transaction_id from matters where organization_id = ${ids.conveyancingFirmId} and side = 'buyer'
      and transaction_id <> ${ids.demoTransactionId}
    order by id limit ${DEMO_SURVEYOR_EXTRA_MOVES}`)
  const moves = [ids.demoTransactionId, ...rows(TransactionIdRow, others).map((r) => r.transaction_id)]
  // The firm covers the districts of the demo moves' properties (the booking page offers only covering firms).
  const postcodes = await tx.execute(sql`
    select distinct postcode from properties where postcode is not null
      and transaction_id::text in (select jsonb_array_elements_text(${JSON.stringify(moves)}::jsonb))`)
  const districts = [
    ...new Set(rows(z.object({ postcode: z.string() }), postcodes).map((r) => postcodeDistrict(r.postcode))),
  ].sort()
  await tx.execute(sql`insert into survey_coverage (organization_id, districts)
    values (${firmId}, array(select jsonb_array_elements_text(${JSON.stringify(districts)}::jsonb)))`)
  for (const txId of moves)
    await tx.execute(sql`insert into transaction_participants (transaction_id, user_id, role, organization_id)
      values (${txId}, ${ids.surveyorId}, 'surveyor', ${firmId}) on conflict (transaction_id, user_id) do nothing`)

  const firmName = oneRow(
    z.object({ name: z.string() }),
    await tx.execute(sql`select name from organizations where id = ${firmId}`),
  ).name
  /**
   * One booking as the booking page leaves it (book-survey.ts): paid by card at booking through the
   * sandbox payments provider, the terms of engagement accepted, the fee held as a payout until the
   * report is released. A delivered one has its payout pending or paid out, as releasing leaves it.
   */
  const book = async (o: {
    id?: string
    txId: string
    kind: (typeof PRODUCTS)[number]['kind']
    day: string
    minute: number
    status: 'booked' | 'report_delivered'
    bookedBy: string | null
    /** Report uploaded and marked ready to release (a visit already made). */
    ready?: boolean
    payout?: 'held' | 'pending' | 'paid'
  }) => {
    const p = PRODUCTS.find((x) => x.kind === o.kind)!
    const start = londonToInstant(o.day, o.minute)
    const end = new Date(start.getTime() + p.minutes * 60_000)
    const blocked = new Date(end.getTime() + 30 * 60_000)
    const bookedAt = new Date(Math.min(now.getTime(), start.getTime()) - 6 * DAY_MS)
    const ref = (prefix: string) => `sandbox_${prefix}_${o.txId.replace(/-/g, '').slice(0, 20)}`
    const terms = surveyTermsText({ firmName, kind: o.kind, pricePence: p.price, noticeHours: 24 })
    let reportId: string | null = null
    if (o.ready || o.status === 'report_delivered') {
      // The report PDF in the move's Property folder, uploaded the day after the visit (a row only, as the demo's uploads).
      const uploaded = new Date(Math.min(now.getTime() - 60_000, end.getTime() + DAY_MS))
      const doc = await tx.execute(sql`
        insert into documents (transaction_id, folder, filename, version, uploaded_by, content_type, size_bytes, created_at, audience)
        values (${o.txId}, 'Property', ${`${SURVEY_PRODUCT_LABELS[o.kind]} report.pdf`}, 1, ${ids.surveyorId},
          'application/pdf', ${1_800 * 1024}, ${uploaded.toISOString()}, 'clients_and_conveyancers')
        returning id`)
      reportId = oneRow(IdRow, doc).id
    }
    const res = await tx.execute(sql`
      insert into survey_bookings (id, transaction_id, organization_id, surveyor_id, product_id, booked_by,
        starts_at, ends_at, blocked_until, price_pence, status, report_document_id, ready_to_release_at,
        paid_by, payment_provider, payment_reference, paid_at, terms_version, terms_text, terms_accepted_at, created_at)
      values (coalesce(${o.id ?? null}::uuid, gen_random_uuid()), ${o.txId}, ${firmId}, ${ids.surveyorId},
        ${productIds[o.kind]}, ${o.bookedBy}, ${start.toISOString()}, ${end.toISOString()}, ${blocked.toISOString()},
        ${p.price}, ${o.status}, ${reportId}, ${reportId ? new Date(Math.min(now.getTime() - 60_000, end.getTime() + DAY_MS)).toISOString() : null},
        ${o.bookedBy}, 'sandbox', ${ref('pi')}, ${bookedAt.toISOString()}, ${SURVEY_TERMS_VERSION}, ${terms},
        ${bookedAt.toISOString()}, ${bookedAt.toISOString()})
      returning id`)
    const id = oneRow(IdRow, res).id
    const money = surveyPayoutAmounts(p.price)
    const status = o.payout ?? 'held'
    const releasedAt = new Date(Math.min(now.getTime() - 60_000, end.getTime() + 2 * DAY_MS))
    await tx.execute(sql`
      insert into survey_payouts (booking_id, organization_id, fee_pence, fee_ex_vat_pence, vat_pence, paid_by,
        platform_fee_pence, net_pence, status, provider, provider_reference, created_at, paid_at)
      values (${id}, ${firmId}, ${money.feePence}, ${money.feeExVatPence}, ${money.vatPence}, ${o.bookedBy},
        ${money.platformFeePence}, ${money.netPence}, ${status}, 'sandbox', ${ref('pi')},
        ${(status === 'held' ? bookedAt : releasedAt).toISOString()},
        ${status === 'paid' ? new Date(Math.min(now.getTime() - 60_000, releasedAt.getTime() + 3 * DAY_MS)).toISOString() : null})`)
    return id
  }
  // Oliver's week: visits on the next four working days (never a weekend or bank holiday), the demo
  // move's among them; a visit made two working days ago whose report is uploaded and ready to
  // release; and two reports released, one payout on its way and one paid out.
  const plan: Parameters<typeof book>[0][] = [
    {
      id: DEMO_SURVEY_BOOKING_ID,
      txId: ids.demoTransactionId,
      kind: 'rics_level_2',
      day: workingDay(now, 2),
      minute: 600,
      status: 'booked',
      bookedBy: ids.buyerId,
    },
    {
      txId: moves[1],
      kind: 'mortgage_valuation',
      day: workingDay(now, 1),
      minute: 840,
      status: 'booked',
      bookedBy: null,
    },
    {
      txId: moves[2],
      kind: 'rics_level_3',
      day: workingDay(now, -4),
      minute: 570,
      status: 'report_delivered',
      bookedBy: null,
      payout: 'pending',
    },
    { txId: moves[3], kind: 'rics_level_1', day: workingDay(now, 3), minute: 570, status: 'booked', bookedBy: null },
    {
      txId: moves[4],
      kind: 'rics_level_2',
      day: workingDay(now, -2),
      minute: 600,
      status: 'booked',
      bookedBy: null,
      ready: true,
    },
    {
      txId: moves[5],
      kind: 'rics_level_2',
      day: workingDay(now, -9),
      minute: 630,
      status: 'report_delivered',
      bookedBy: null,
      payout: 'paid',
    },
    { txId: moves[1], kind: 'rics_level_1', day: workingDay(now, 4), minute: 600, status: 'booked', bookedBy: null },
  ].filter((b) => b.txId) as Parameters<typeof book>[0][]
  for (const b of plan) await book(b)
}
