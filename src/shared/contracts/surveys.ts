/**
 * Contracts of surveys: survey firms' products and prices (pence including VAT), the free slots of
 * their surveyors, bookings made from a move by its buyer side (book, reschedule, cancel under the
 * firm's notice rule), the surveyor's own schedule and availability, delivering the report and the
 * payout it creates. Rules: src/shared/domain/surveys.ts.
 */
import { z } from 'zod'
import { BOOKING_STATUSES, PAYOUT_STATUSES, SURVEY_PRODUCT_KINDS } from '../domain/surveys'
import { Timestamp, TransactionParams, Uuid } from './common'
import { endpoint, ERRORS, json, jsonBody, PUBLIC } from './endpoint'

const Pence = z.number().int()
const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as yyyy-mm-dd')

export const SurveyProduct = z.object({
  id: Uuid,
  kind: z.enum(SURVEY_PRODUCT_KINDS),
  label: z.string(),
  /** Pence, VAT included. */
  price_pence: Pence,
  duration_minutes: z.number().int(),
  active: z.boolean(),
})
export type SurveyProduct = z.infer<typeof SurveyProduct>

/** A survey firm that takes bookings, with its active products. */
export const SurveyFirmOffer = z.object({
  organization_id: Uuid,
  firm_name: z.string(),
  notice_hours: z.number().int(),
  products: z.array(SurveyProduct),
})

/** The platform's record of what a survey's payment pays out (surveyPayoutAmounts: fee on the ex-VAT part). */
export const SurveyPayout = z.object({
  id: Uuid,
  /** What the buyer paid, VAT included. */
  fee_pence: Pence,
  fee_ex_vat_pence: Pence,
  vat_pence: Pence,
  /** Who paid it (null for a payout from before payment at booking). */
  paid_by_name: z.string().nullable(),
  platform_fee_pence: Pence,
  net_pence: Pence,
  status: z.enum(PAYOUT_STATUSES),
  /** 'Sandbox' when no money moves. */
  provider_label: z.string(),
  provider_reference: z.string(),
  created_at: Timestamp,
  paid_at: Timestamp.nullable(),
})
export type SurveyPayout = z.infer<typeof SurveyPayout>

/** A booking as the buyer side and the surveyor's firm see it. */
export const SurveyBooking = z.object({
  id: Uuid,
  transaction_id: Uuid,
  property_address: z.string(),
  firm_name: z.string(),
  surveyor: z.object({ id: Uuid, full_name: z.string() }),
  product: z.object({ id: Uuid, kind: z.enum(SURVEY_PRODUCT_KINDS), label: z.string() }),
  starts_at: Timestamp,
  ends_at: Timestamp,
  price_pence: Pence,
  status: z.enum(BOOKING_STATUSES),
  booked_by_name: z.string().nullable(),
  report_document_id: Uuid.nullable(),
  /** The buyer may still move or cancel it (before the firm's notice period). */
  can_change: z.boolean(),
  notice_hours: z.number().int(),
  /** The buyer has moved it at least once since it was booked (its calendar SEQUENCE went up). */
  moved: z.boolean(),
  payout: SurveyPayout.nullable(),
  /** When the booker paid by card at booking (null: booked before payment at booking). */
  paid_at: Timestamp.nullable(),
  /** The terms of engagement accepted at booking: version and when (the text is stored with the booking). */
  terms_version: z.string().nullable(),
  terms_accepted_at: Timestamp.nullable(),
  /** The attached report the surveyor has not released yet (null when none, or once released). */
  pending_report_document_id: Uuid.nullable(),
  ready_to_release_at: Timestamp.nullable(),
  /** Why the report cannot be released now (reportReleaseProblem), or null when it can. */
  release_problem: z.string().nullable(),
})
export type SurveyBooking = z.infer<typeof SurveyBooking>

/** GET /api/transactions/{txId}/surveys: firms to book with, and this move's bookings. */
export const TransactionSurveysResponse = z.object({
  /** True when the viewer is on the buyer side and may book. */
  can_book: z.boolean(),
  /** The property's postcode; firms are offered only where their coverage includes it. */
  property_postcode: z.string().nullable(),
  /** The version of the terms of engagement shown (surveyTermsText) and to accept. */
  terms_version: z.string(),
  /** 'sandbox' (test cards typed here) or 'stripe' (a card from Stripe.js). */
  payments_provider: z.string(),
  payments_label: z.string(),
  offers: z.array(SurveyFirmOffer),
  bookings: z.array(SurveyBooking),
})
export type TransactionSurveysResponse = z.infer<typeof TransactionSurveysResponse>

export const SlotsQuery = z.object({ product_id: Uuid })
export const SurveySlot = z.object({
  surveyor_id: Uuid,
  surveyor_name: z.string(),
  starts_at: Timestamp,
  ends_at: Timestamp,
})
export type SurveySlot = z.infer<typeof SurveySlot>
/** GET /api/transactions/{txId}/surveys/slots?product_id=: free slots over the next 3 weeks (first 60). */
export const SlotsResponse = z.object({ slots: z.array(SurveySlot) })

/** POST /api/transactions/{txId}/surveys/bookings. */
export const BookSurveyInput = z.object({
  product_id: Uuid,
  surveyor_id: Uuid,
  starts_at: z.iso.datetime({ offset: true, message: 'Choose a start time' }),
  /** The card as the payments provider knows it (sandbox: pm_sandbox_card_<digits>; Stripe: a PaymentMethod id). */
  payment_method: z.string().trim().min(1, 'Enter a card').max(200),
  /** The version of the terms shown, which must still be the current one. */
  terms_version: z.string().min(1).max(100),
  accept_terms: z.literal(true, { message: 'Accept the terms of engagement to book' }),
})
export type BookSurveyInput = z.infer<typeof BookSurveyInput>

export const RescheduleInput = z.object({
  starts_at: z.iso.datetime({ offset: true, message: 'Choose a new start time' }),
})

export const BookingParams = TransactionParams.extend({ bookingId: Uuid })
export const ScheduleBookingParams = z.object({ bookingId: Uuid })

const WeeklyHoursRow = z.object({
  weekday: z.number().int().min(1, 'Weekday is 1 (Monday) to 7 (Sunday)').max(7, 'Weekday is 1 (Monday) to 7 (Sunday)'),
  start_minute: z.number().int().min(0).max(1440),
  end_minute: z.number().int().min(0).max(1440),
})

/** PUT /api/schedule/availability: the surveyor's weekly hours, days off and travel buffer. */
export const AvailabilityInput = z.object({
  travel_buffer_minutes: z
    .number()
    .int()
    .min(0, 'Travel buffer is 0 to 240 minutes')
    .max(240, 'Travel buffer is 0 to 240 minutes'),
  notice_hours: z.number().int().min(0).max(336, 'Notice is at most 336 hours (2 weeks)'),
  hours: z
    .array(WeeklyHoursRow)
    .max(21)
    .refine(
      (rows) => rows.every((r) => r.start_minute < r.end_minute),
      'Each period of hours must end after it starts',
    ),
  days_off: z.array(DateOnly).max(366),
})
export type AvailabilityInput = z.infer<typeof AvailabilityInput>

/** PUT /api/schedule/products: the firm's products and prices (pence including VAT). */
export const ProductsInput = z.object({
  products: z
    .array(
      z.object({
        kind: z.enum(SURVEY_PRODUCT_KINDS),
        price_pence: z
          .number()
          .int()
          .min(100, 'A price is at least £1.00')
          .max(10_000_00, 'A price is at most £10,000'),
        duration_minutes: z.number().int().min(15).max(600),
        active: z.boolean(),
      }),
    )
    .max(SURVEY_PRODUCT_KINDS.length),
})
export type ProductsInput = z.infer<typeof ProductsInput>

export const ScheduleQuery = z.object({
  /** First day shown (Europe/London), default today. */
  from: DateOnly.optional(),
  days: z.coerce.number().int().min(1).max(31).default(7),
})

/** GET /api/schedule: the surveyor's firm, products, availability and the firm's bookings in the range. */
export const ScheduleResponse = z.object({
  firm: z.object({ id: Uuid, name: z.string() }).nullable(),
  /** The viewer is an admin of the firm, who alone changes its products and prices. */
  can_edit_products: z.boolean(),
  /** False until the surveyor has saved their availability. */
  set_up: z.boolean(),
  payments_label: z.string(),
  products: z.array(SurveyProduct),
  travel_buffer_minutes: z.number().int(),
  notice_hours: z.number().int(),
  hours: z.array(WeeklyHoursRow),
  days_off: z.array(DateOnly),
  from: DateOnly,
  days: z.number().int(),
  bookings: z.array(SurveyBooking),
})
export type ScheduleResponse = z.infer<typeof ScheduleResponse>

/** POST /api/schedule/bookings/{bookingId}/report/ready: a PDF already uploaded to the move's Property folder. */
export const DeliverReportInput = z.object({ document_id: Uuid })

/** PUT /api/schedule/coverage: the postcode districts the firm covers (admins). */
export const CoverageInput = z.object({
  districts: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{1,2}[0-9][A-Z0-9]?$/, 'A postcode district is its first half, like AL1 or SW1A'),
    )
    .max(500, 'At most 500 postcode districts'),
})
export const CoverageResponse = z.object({ districts: z.array(z.string()) })

/** One line of the firm's payout statement (pence). */
export const StatementLine = z.object({
  payout_id: Uuid,
  booking_id: Uuid,
  visit_at: Timestamp,
  property_address: z.string(),
  product_label: z.string(),
  paid_by_name: z.string().nullable(),
  paid_at: Timestamp.nullable(),
  fee_pence: Pence,
  fee_ex_vat_pence: Pence,
  vat_pence: Pence,
  platform_fee_pence: Pence,
  net_pence: Pence,
  status: z.enum(PAYOUT_STATUSES),
  provider_label: z.string(),
  provider_reference: z.string(),
  paid_out_at: Timestamp.nullable(),
})
export const StatementQuery = z.object({ from: DateOnly.optional(), to: DateOnly.optional() })
export const StatementResponse = z.object({
  firm_name: z.string(),
  from: DateOnly,
  to: DateOnly,
  lines: z.array(StatementLine),
  totals: z.object({
    fee_pence: Pence,
    fee_ex_vat_pence: Pence,
    vat_pence: Pence,
    platform_fee_pence: Pence,
    net_pence: Pence,
  }),
})
export type StatementResponse = z.infer<typeof StatementResponse>

/** The surveyor's iCalendar feed: whether one exists; its URL only when just created. */
export const CalendarFeedResponse = z.object({
  exists: z.boolean(),
  /** The secret URL, shown once when created or regenerated. */
  url: z.string().nullable(),
})
export const CalendarFeedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) })

const FORBIDDEN = {
  403: { description: 'Only the buyer side books; only surveyors of a survey firm keep a schedule' },
} as const
const RULE = {
  409: { description: 'The slot was just taken, or the booking is cancelled' },
  422: { description: 'A booking rule: in the past, outside hours, a day off, inside the notice period' },
} as const

/** The surveys endpoints. */
export const surveyEndpoints = {
  transactionSurveys: endpoint({
    method: 'get',
    path: '/transactions/{txId}/surveys',
    summary: "Survey firms' products to book, and this move's survey bookings",
    request: { params: TransactionParams },
    responses: { 200: json('Surveys', TransactionSurveysResponse), ...ERRORS },
  }),
  slots: endpoint({
    method: 'get',
    path: '/transactions/{txId}/surveys/slots',
    summary: 'Free slots of the firm’s surveyors for a product over the next 3 weeks',
    request: { params: TransactionParams, query: SlotsQuery },
    responses: { 200: json('Slots', SlotsResponse), ...ERRORS },
  }),
  book: endpoint({
    method: 'post',
    path: '/transactions/{txId}/surveys/bookings',
    summary: 'Book a survey visit (buyer side); confirmation emails with an .ics go to both',
    request: { params: TransactionParams, body: jsonBody(BookSurveyInput) },
    responses: { 201: json('Booked', SurveyBooking), ...FORBIDDEN, ...RULE, ...ERRORS },
  }),
  reschedule: endpoint({
    method: 'post',
    path: '/transactions/{txId}/surveys/bookings/{bookingId}/reschedule',
    summary: 'Move a booking to another slot, within the firm’s notice rule',
    request: { params: BookingParams, body: jsonBody(RescheduleInput) },
    responses: { 200: json('Moved', SurveyBooking), ...FORBIDDEN, ...RULE, ...ERRORS },
  }),
  cancel: endpoint({
    method: 'post',
    path: '/transactions/{txId}/surveys/bookings/{bookingId}/cancel',
    summary: 'Cancel a booking, within the firm’s notice rule',
    request: { params: BookingParams },
    responses: { 200: json('Cancelled', SurveyBooking), ...FORBIDDEN, ...RULE, ...ERRORS },
  }),
  schedule: endpoint({
    method: 'get',
    path: '/schedule',
    summary: "The surveyor's schedule: firm bookings over a range of days, products and availability",
    request: { query: ScheduleQuery },
    responses: { 200: json('Schedule', ScheduleResponse), ...FORBIDDEN, ...ERRORS },
  }),
  saveAvailability: endpoint({
    method: 'put',
    path: '/schedule/availability',
    summary: 'Save weekly hours, days off, travel buffer and notice (surveyors of a survey firm)',
    request: { body: jsonBody(AvailabilityInput) },
    responses: { 200: json('Saved', ScheduleResponse), ...FORBIDDEN, ...ERRORS },
  }),
  saveProducts: endpoint({
    method: 'put',
    path: '/schedule/products',
    summary: "Save the firm's survey products and prices in pence including VAT (firm admins)",
    request: { body: jsonBody(ProductsInput) },
    responses: { 200: json('Saved', ScheduleResponse), ...FORBIDDEN, ...ERRORS },
  }),
  readyReport: endpoint({
    method: 'post',
    path: '/schedule/bookings/{bookingId}/report/ready',
    summary:
      'Attach the report (a PDF in the move’s Property folder) and mark it ready to release; the buyer is not told yet',
    request: { params: ScheduleBookingParams, body: jsonBody(DeliverReportInput) },
    responses: { 200: json('Ready', SurveyBooking), ...FORBIDDEN, ...RULE, ...ERRORS },
  }),
  releaseReport: endpoint({
    method: 'post',
    path: '/schedule/bookings/{bookingId}/report/release',
    summary:
      'Release the report on or after the visit date: completes the task, tells the buyer, starts the payout transfer',
    request: { params: ScheduleBookingParams },
    responses: { 200: json('Released', SurveyBooking), ...FORBIDDEN, ...RULE, ...ERRORS },
  }),
  coverage: endpoint({
    method: 'get',
    path: '/schedule/coverage',
    summary: 'The postcode districts the viewer’s survey firm covers',
    responses: { 200: json('Coverage', CoverageResponse), ...FORBIDDEN, ...ERRORS },
  }),
  saveCoverage: endpoint({
    method: 'put',
    path: '/schedule/coverage',
    summary: 'Save the postcode districts the firm covers (firm admins)',
    request: { body: jsonBody(CoverageInput) },
    responses: { 200: json('Saved', CoverageResponse), ...FORBIDDEN, ...ERRORS },
  }),
  statement: endpoint({
    method: 'get',
    path: '/schedule/statement',
    summary: 'The firm’s payout statement: who paid, fee ex VAT, VAT, platform fee, paid out (pence)',
    request: { query: StatementQuery },
    responses: { 200: json('Statement', StatementResponse), ...FORBIDDEN, ...ERRORS },
  }),
  statementCsv: endpoint({
    method: 'get',
    path: '/schedule/statement.csv',
    summary: 'The payout statement as CSV (amounts in pounds)',
    request: { query: StatementQuery },
    responses: {
      200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
      ...FORBIDDEN,
      ...ERRORS,
    },
  }),
  calendarFeed: endpoint({
    method: 'get',
    path: '/schedule/calendar-feed',
    summary: 'Whether the surveyor has an iCalendar feed URL',
    responses: { 200: json('Feed', CalendarFeedResponse), ...FORBIDDEN, ...ERRORS },
  }),
  regenerateCalendarFeed: endpoint({
    method: 'post',
    path: '/schedule/calendar-feed',
    summary: 'Create or regenerate the secret iCalendar feed URL (the old one stops working)',
    responses: { 200: json('Feed', CalendarFeedResponse), ...FORBIDDEN, ...ERRORS },
  }),
  calendarFeedIcs: endpoint({
    method: 'get',
    path: '/calendar-feeds/{token}',
    security: PUBLIC,
    summary: 'A surveyor’s visits as iCalendar (read-only; the secret URL is the only key)',
    request: { params: CalendarFeedParams },
    responses: {
      200: { description: 'iCalendar', content: { 'text/calendar': { schema: z.string() } } },
      404: ERRORS[404],
    },
  }),
}
