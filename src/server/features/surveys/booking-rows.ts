/**
 * Reads survey bookings as the API shows them (SurveyBooking: product, surveyor, property, payout)
 * and what a slot check needs: a surveyor's rules (hours, days off, travel buffer) and busy ranges.
 * Callers pass the filter that their access rule allows (a move's id, or a firm's id and a range).
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { SurveyBooking } from '#shared/contracts/surveys.ts'
import {
  BOOKING_STATUSES,
  noticeProblem,
  PAYOUT_STATUSES,
  reportReleaseProblem,
  SURVEY_PRODUCT_KINDS,
  SURVEY_PRODUCT_LABELS,
  type Busy,
  type SlotRules,
} from '#shared/domain/surveys.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, rows, Timestamp } from '#server/db/rows.ts'

/** A firm's product as json_build_object gives it (the schedule and the move's offers). */
export const ProductJson = z.object({
  id: z.string(),
  kind: z.enum(SURVEY_PRODUCT_KINDS),
  price_pence: z.number(),
  duration_minutes: z.number(),
  active: z.boolean(),
})

/** A booking with its firm, surveyor, product and property, and its payout (row_to_json: times as JSON text). */
const BookingRow = z.object({
  id: z.string(),
  transaction_id: z.string(),
  address_lines: z.array(z.string()).nullable(),
  postcode: z.string().nullable(),
  firm_name: z.string(),
  surveyor_id: z.string(),
  surveyor_name: z.string(),
  product_id: z.string(),
  kind: z.enum(SURVEY_PRODUCT_KINDS),
  starts_at: Timestamp,
  ends_at: Timestamp,
  price_pence: z.number(),
  status: z.enum(BOOKING_STATUSES),
  booked_by_name: z.string().nullable(),
  report_document_id: z.string().nullable(),
  notice_hours: z.number(),
  sequence: z.number(),
  paid_at: Timestamp.nullable(),
  terms_version: z.string().nullable(),
  terms_accepted_at: Timestamp.nullable(),
  ready_to_release_at: Timestamp.nullable(),
  payout: z
    .object({
      id: z.string(),
      fee_pence: z.number(),
      fee_ex_vat_pence: z.number(),
      vat_pence: z.number(),
      paid_by_name: z.string().nullable(),
      platform_fee_pence: z.number(),
      net_pence: z.number(),
      status: z.enum(PAYOUT_STATUSES),
      provider: z.string(),
      provider_reference: z.string(),
      created_at: z.string(),
      paid_at: z.string().nullable(),
    })
    .nullable(),
})

/** A surveyor's rules: hours as json_build_object gives them (camelCase keys, as SlotRules has them). */
const SlotRulesRow = z.object({
  organization_id: z.string(),
  travel_buffer_minutes: z.number(),
  notice_hours: z.number(),
  hours: z.array(z.object({ weekday: z.number(), startMinute: z.number(), endMinute: z.number() })),
  days_off: z.array(z.string()),
})

const BusyRow = z.object({ starts_at: Timestamp, blocked_until: Timestamp })

const iso = (d: Date | string) => new Date(d).toISOString()

/** Bookings matching `where` (a condition on alias b = survey_bookings), in start order. */
export async function readBookings(db: Tx | Database['db'], where: SQL): Promise<SurveyBooking[]> {
  const res = await db.execute(sql`
    select b.id, b.transaction_id, pr.address_lines, pr.postcode, o.name as firm_name,
      b.surveyor_id, sp.full_name as surveyor_name, b.product_id, p.kind, b.starts_at, b.ends_at,
      b.price_pence, b.status, bp.full_name as booked_by_name, b.report_document_id, s.notice_hours, b.sequence,
      b.paid_at, b.terms_version, b.terms_accepted_at, b.ready_to_release_at,
      (select row_to_json(po) from (
        select x.id, x.fee_pence, x.fee_ex_vat_pence, x.vat_pence, payer.full_name as paid_by_name,
          x.platform_fee_pence, x.net_pence, x.status, x.provider, x.provider_reference, x.created_at, x.paid_at
        from survey_payouts x left join profiles payer on payer.id = x.paid_by where x.booking_id = b.id) po) as payout
    from survey_bookings b
    join organizations o on o.id = b.organization_id
    join surveyors s on s.profile_id = b.surveyor_id
    join profiles sp on sp.id = b.surveyor_id
    join survey_products p on p.id = b.product_id
    left join profiles bp on bp.id = b.booked_by
    left join lateral (select address_lines, postcode from properties where transaction_id = b.transaction_id limit 1) pr on true
    where ${where}
    order by b.starts_at, b.id`)
  const now = new Date()
  return rows(BookingRow, res).map((r) => ({
    id: r.id,
    transaction_id: r.transaction_id,
    property_address: [...(r.address_lines ?? []), r.postcode ?? ''].filter(Boolean).join(', '),
    firm_name: r.firm_name,
    surveyor: { id: r.surveyor_id, full_name: r.surveyor_name },
    product: { id: r.product_id, kind: r.kind, label: SURVEY_PRODUCT_LABELS[r.kind] },
    starts_at: iso(r.starts_at),
    ends_at: iso(r.ends_at),
    price_pence: r.price_pence,
    status: r.status,
    booked_by_name: r.booked_by_name,
    // The buyer side sees the report only once it is released (status report_delivered).
    report_document_id: r.status === 'report_delivered' ? r.report_document_id : null,
    pending_report_document_id: r.status === 'booked' ? r.report_document_id : null,
    paid_at: r.paid_at ? iso(r.paid_at) : null,
    terms_version: r.terms_version,
    terms_accepted_at: r.terms_accepted_at ? iso(r.terms_accepted_at) : null,
    ready_to_release_at: r.ready_to_release_at ? iso(r.ready_to_release_at) : null,
    release_problem:
      r.status === 'booked' ? reportReleaseProblem(new Date(r.starts_at), r.ready_to_release_at !== null, now) : null,
    can_change: r.status === 'booked' && noticeProblem(new Date(r.starts_at), r.notice_hours, now) === null,
    notice_hours: r.notice_hours,
    // A cancellation bumps SEQUENCE too; every other bump is a move.
    moved: Number(r.sequence) - (r.status === 'cancelled' ? 1 : 0) > 0,
    payout: r.payout
      ? {
          id: r.payout.id,
          fee_pence: r.payout.fee_pence,
          fee_ex_vat_pence: r.payout.fee_ex_vat_pence,
          vat_pence: r.payout.vat_pence,
          paid_by_name: r.payout.paid_by_name,
          platform_fee_pence: r.payout.platform_fee_pence,
          net_pence: r.payout.net_pence,
          status: r.payout.status,
          provider_label: r.payout.provider === 'sandbox' ? 'Sandbox' : 'Stripe',
          provider_reference: r.payout.provider_reference,
          created_at: iso(r.payout.created_at),
          paid_at: r.payout.paid_at ? iso(r.payout.paid_at) : null,
        }
      : null,
  }))
}

/** One booking by id (no access check: callers have checked it). */
export async function readBooking(db: Tx | Database['db'], bookingId: string): Promise<SurveyBooking> {
  const [booking] = await readBookings(db, sql`b.id = ${bookingId}`)
  return booking
}

/** A surveyor's hours, days off (from today) and travel buffer; null when they take no bookings. */
export async function readSlotRules(
  db: Tx | Database['db'],
  surveyorId: string,
): Promise<(SlotRules & { organizationId: string; noticeHours: number }) | null> {
  const res = await db.execute(sql`
    select s.organization_id, s.travel_buffer_minutes, s.notice_hours,
      coalesce((select json_agg(json_build_object('weekday', weekday, 'startMinute', start_minute, 'endMinute', end_minute))
        from surveyor_hours where surveyor_id = s.profile_id), '[]'::json) as hours,
      coalesce((select json_agg(to_char(day, 'YYYY-MM-DD')) from surveyor_days_off
        where surveyor_id = s.profile_id and day >= current_date - 1), '[]'::json) as days_off
    from surveyors s where s.profile_id = ${surveyorId}`)
  const row = firstRow(SlotRulesRow, res)
  if (!row) return null
  return {
    organizationId: row.organization_id,
    noticeHours: row.notice_hours,
    travelBufferMinutes: row.travel_buffer_minutes,
    hours: row.hours,
    daysOff: row.days_off,
  }
}

/** A surveyor's live bookings from now on as busy ranges [start, blocked_until), leaving out `exceptId`. */
export async function readBusy(
  db: Tx | Database['db'],
  surveyorId: string,
  exceptId: string | null = null,
): Promise<Busy[]> {
  const res = await db.execute(sql`
    select starts_at, blocked_until from survey_bookings
    where surveyor_id = ${surveyorId} and status <> 'cancelled' and blocked_until > now()
      and (${exceptId}::uuid is null or id <> ${exceptId}::uuid)`)
  return rows(BusyRow, res).map((r) => ({
    start: new Date(r.starts_at).getTime(),
    end: new Date(r.blocked_until).getTime(),
  }))
}
