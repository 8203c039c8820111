/**
 * Booking a survey from a move (buyer side), paid at once: checks the product, that the firm covers
 * the property's postcode, the terms version the booker accepted, the surveyor and the slot against
 * the booking rules (src/shared/domain/surveys.ts), then in ONE database transaction inserts the
 * booking with the accepted terms (version, exact text, time), adds the surveyor to the move
 * (participant 'surveyor'), writes the audit entry and queues both confirmation emails with the .ics;
 * last, the card is charged through the payments provider with the booking id as idempotency key and
 * the payment and the platform's payout record (held until the report is released) are written. A
 * declined card throws inside the transaction: nothing is written. The database's exclusion
 * constraint (survey_bookings_no_overlap) decides races before any charge: of two people booking one
 * slot at the same instant, one gets 409, is not charged, and nothing of theirs is written.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { BookSurveyInput, SurveyBooking } from '#shared/contracts/surveys.ts'
import { randomUUID } from 'node:crypto'
import {
  coversPostcode,
  SLOT_TAKEN_MESSAGE,
  slotProblem,
  SURVEY_TERMS_VERSION,
  surveyPayoutAmounts,
  surveyTermsText,
  type SurveyProductKind,
} from '#shared/domain/surveys.ts'
import { postcodeDistrict } from '#shared/domain/chains.ts'
import { PaymentsError, type PaymentsProvider } from '#server/providers/payments/payments-provider.ts'
import { lockTransactionForBooker } from '#server/access/surveys.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { takeRecordedSeat } from '#server/core/off-platform-parties/take-recorded-seat.ts'
import { queueBookingEmails } from './booking-emails'
import { readBooking, readBusy, readSlotRules } from './booking-rows'

/** True for PostgreSQL's exclusion_violation (23P01), however the driver wraps it. */
export function isExclusionViolation(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false
  return ('code' in err && err.code === '23P01') || ('cause' in err && isExclusionViolation(err.cause, depth + 1))
}

/**
 * Throws the booking rule a start time breaks: 409 for an overlap, 422 for the others. Locks the
 * surveyor's row first (`for update`, held to the end of the caller's transaction), so bookings and
 * moves of one surveyor's visits queue one behind another and a late one reads the earlier visit and
 * gets the overlap rule's 409. Without it, simultaneous inserts meet only in the exclusion constraint,
 * where waiters on each other's uncommitted rows can deadlock; the constraint stays as the backstop.
 */
export async function assertSlotFree(
  tx: Tx,
  options: {
    surveyorId: string
    organizationId: string
    start: Date
    durationMinutes: number
    exceptId: string | null
  },
) {
  await tx.execute(sql`select 1 from surveyors where profile_id = ${options.surveyorId} for update`)
  const rules = await readSlotRules(tx, options.surveyorId)
  if (!rules || rules.organizationId !== options.organizationId) throw notFound('surveyor')
  const busy = await readBusy(tx, options.surveyorId, options.exceptId)
  const problem = slotProblem(rules, busy, options.start, options.durationMinutes, new Date())
  if (problem) throw new AppError(problem.rule === 'overlap' ? 'conflict' : 'unprocessable', problem.message)
  return rules
}

/** The firm's coverage districts (empty: covers nowhere) and the move's property postcode. */
export async function readCoverageFor(tx: Tx, organizationId: string, txId: string) {
  const res = await tx.execute(sql`
    select coalesce((select districts from survey_coverage where organization_id = ${organizationId}), '{}'::text[]) as districts,
      (select postcode from properties where transaction_id = ${txId} limit 1) as postcode`)
  return oneRow(z.object({ districts: z.array(z.string()), postcode: z.string().nullable() }), res)
}

/**
 * Books and pays for the visit; returns it. Errors: 404 move/product/surveyor, 403 not buyer side,
 * 422 a rule (outside the firm's coverage, terms changed, a slot rule, the card declined), 409 taken.
 */
export async function bookSurvey({
  database,
  viewer,
  txId,
  input,
  payments,
  publicUrl,
  deliverMail,
}: {
  database: Database
  viewer: Viewer
  txId: string
  input: BookSurveyInput
  payments: PaymentsProvider
  publicUrl: string
  deliverMail: boolean
}): Promise<SurveyBooking> {
  try {
    return await database.db.transaction(async (tx) => {
      await lockTransactionForBooker(tx, viewer, txId)
      const res = await tx.execute(sql`
        select p.id, p.organization_id, p.price_pence, p.duration_minutes, p.kind, o.name as firm_name from survey_products p
        join organizations o on o.id = p.organization_id and o.type = 'survey'
        where p.id = ${input.product_id} and p.active`)
      const product = firstRow(
        z.object({
          id: z.string(),
          organization_id: z.string(),
          price_pence: z.number(),
          duration_minutes: z.number(),
          kind: z.string(),
          firm_name: z.string(),
        }),
        res,
      )
      if (!product) throw notFound('survey product')
      const coverage = await readCoverageFor(tx, product.organization_id, txId)
      if (!coverage.postcode)
        throw new AppError('unprocessable', "Add the property's postcode to the move first: firms are chosen by it.")
      if (!coversPostcode(coverage.districts, coverage.postcode))
        throw new AppError(
          'unprocessable',
          `${product.firm_name} does not cover ${postcodeDistrict(coverage.postcode)}: choose a firm that covers the property's postcode.`,
        )
      if (input.terms_version !== SURVEY_TERMS_VERSION)
        throw new AppError('unprocessable', 'The terms of engagement have changed: read them again and accept them.')
      const start = new Date(input.starts_at)
      const rules = await assertSlotFree(tx, {
        surveyorId: input.surveyor_id,
        organizationId: product.organization_id,
        start,
        durationMinutes: product.duration_minutes,
        exceptId: null,
      })
      const end = new Date(start.getTime() + product.duration_minutes * 60_000)
      const blockedUntil = new Date(end.getTime() + rules.travelBufferMinutes * 60_000)
      const termsText = surveyTermsText({
        firmName: product.firm_name,
        kind: product.kind as SurveyProductKind,
        pricePence: product.price_pence,
        noticeHours: rules.noticeHours,
      })
      const inserted = await tx.execute(sql`
        insert into survey_bookings (id, transaction_id, organization_id, surveyor_id, product_id, booked_by,
          starts_at, ends_at, blocked_until, price_pence, terms_version, terms_text, terms_accepted_at)
        values (${randomUUID()}, ${txId}, ${product.organization_id}, ${input.surveyor_id}, ${product.id}, ${viewer.profileId},
          ${start.toISOString()}, ${end.toISOString()}, ${blockedUntil.toISOString()}, ${product.price_pence},
          ${SURVEY_TERMS_VERSION}, ${termsText}, now())
        returning id`)
      const bookingId = oneRow(IdRow, inserted).id
      await tx.execute(sql`
        insert into transaction_participants (transaction_id, user_id, role, invited_by, organization_id)
        values (${txId}, ${input.surveyor_id}, 'surveyor', ${viewer.profileId}, ${product.organization_id})
        on conflict (transaction_id, user_id) do nothing`)
      const seat = await tx.execute(sql`select id from transaction_participants
        where transaction_id = ${txId} and user_id = ${input.surveyor_id} and role = 'surveyor'`)
      const surveyorSeat = firstRow(IdRow, seat)
      // A surveyor recorded as not on Homeward is replaced by the one booked (issue 37 item 1).
      if (surveyorSeat)
        await takeRecordedSeat(tx, {
          txId,
          role: 'surveyor',
          participantId: surveyorSeat.id,
          actorId: input.surveyor_id,
        })
      // Last: the card. A refusal throws and rolls everything above back; the booking id is the
      // idempotency key, so a retried request never charges twice.
      const charge = await payments
        .chargeCard({
          idempotencyKey: `survey-booking-${bookingId}`,
          paymentMethodRef: input.payment_method,
          amountPence: product.price_pence,
          description: `Survey booking ${bookingId}`,
          metadata: { purpose: 'survey_booking', booking_id: bookingId, transaction_id: txId },
        })
        .catch((err: unknown) => {
          if (err instanceof PaymentsError) throw new AppError('unprocessable', `${err.message} No booking was made.`)
          throw err
        })
      await tx.execute(sql`
        update survey_bookings set paid_by = ${viewer.profileId}, payment_provider = ${payments.name},
          payment_reference = ${charge.reference}, paid_at = now() where id = ${bookingId}`)
      const money = surveyPayoutAmounts(product.price_pence)
      await tx.execute(sql`
        insert into survey_payouts (booking_id, organization_id, fee_pence, fee_ex_vat_pence, vat_pence, paid_by,
          platform_fee_pence, net_pence, status, provider, provider_reference)
        values (${bookingId}, ${product.organization_id}, ${money.feePence}, ${money.feeExVatPence}, ${money.vatPence},
          ${viewer.profileId}, ${money.platformFeePence}, ${money.netPence}, 'held', ${payments.name}, ${charge.reference})`)
      const booking = await readBooking(tx, bookingId)
      await recordActivity(tx, {
        transactionId: txId,
        actorId: viewer.profileId,
        kind: 'survey.booked',
        summary: `booked and paid for a ${booking.product.label} with ${booking.surveyor.full_name} (${booking.firm_name})`,
        payload: { bookingId, productId: product.id, surveyorId: input.surveyor_id, startsAt: booking.starts_at },
      })
      await queueBookingEmails(tx, { booking, change: 'booked', bookerId: viewer.profileId, publicUrl, deliverMail })
      return booking
    })
  } catch (err) {
    if (isExclusionViolation(err)) throw new AppError('conflict', SLOT_TAKEN_MESSAGE)
    throw err
  }
}
