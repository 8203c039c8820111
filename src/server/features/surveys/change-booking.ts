/**
 * Moving or cancelling a survey booking from the move (buyer side), under the firm's notice rule:
 * not within `notice_hours` of the visit, nor moved to a time within `notice_hours` from now (422
 * naming the rule); a cancelled booking cannot be moved
 * or cancelled again (409). Each change bumps the booking's iCalendar SEQUENCE and emails both
 * people an updated .ics, in one database transaction with the change and its audit entry.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { SurveyBooking } from '#shared/contracts/surveys.ts'
import { moveTargetProblem, noticeProblem, SLOT_TAKEN_MESSAGE } from '#shared/domain/surveys.ts'
import { ukDateTime } from '#shared/domain/uk-time.ts'
import { lockTransactionForBooker } from '#server/access/surveys.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, Timestamp } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { assertSlotFree, isExclusionViolation } from './book-survey'
import { PaymentsError, type PaymentsProvider } from '#server/providers/payments/payments-provider.ts'
import { queueBookingEmails } from './booking-emails'
import { readBooking } from './booking-rows'

interface ChangeOptions {
  database: Database
  viewer: Viewer
  txId: string
  bookingId: string
  publicUrl: string
  deliverMail: boolean
}

/** A booking being moved or cancelled, with its product's duration and its surveyor's notice rule. */
const LockedBooking = z.object({
  id: z.string(),
  status: z.string(),
  starts_at: Timestamp,
  surveyor_id: z.string(),
  organization_id: z.string(),
  duration_minutes: z.number(),
  notice_hours: z.number(),
})

async function lockBooking(tx: Tx, viewer: Viewer, txId: string, bookingId: string) {
  await lockTransactionForBooker(tx, viewer, txId)
  const res = await tx.execute(sql`
    select b.id, b.status, b.starts_at, b.surveyor_id, b.organization_id, p.duration_minutes, s.notice_hours
    from survey_bookings b join survey_products p on p.id = b.product_id join surveyors s on s.profile_id = b.surveyor_id
    where b.id = ${bookingId} and b.transaction_id = ${txId} for update of b`)
  const row = firstRow(LockedBooking, res)
  if (!row) throw notFound('booking')
  if (row.status === 'cancelled')
    throw new AppError('conflict', 'This survey booking was cancelled: book a new slot instead.')
  if (row.status !== 'booked') throw new AppError('conflict', 'The survey has taken place and its report is delivered.')
  const late = noticeProblem(new Date(row.starts_at), row.notice_hours, new Date())
  if (late) throw new AppError('unprocessable', late)
  return row
}

/** Moves the booking to `startsAt` (same surveyor and product). Errors: 404, 403, 409 cancelled or taken, 422 a rule. */
export async function rescheduleBooking(opts: ChangeOptions & { startsAt: string }): Promise<SurveyBooking> {
  const { database, viewer, txId, bookingId } = opts
  try {
    return await database.db.transaction(async (tx) => {
      const row = await lockBooking(tx, viewer, txId, bookingId)
      const start = new Date(opts.startsAt)
      const rules = await assertSlotFree(tx, {
        surveyorId: row.surveyor_id,
        organizationId: row.organization_id,
        start,
        durationMinutes: row.duration_minutes,
        exceptId: bookingId,
      })
      const tooSoon = moveTargetProblem(start, row.notice_hours, new Date())
      if (tooSoon) throw new AppError('unprocessable', tooSoon)
      const end = new Date(start.getTime() + row.duration_minutes * 60_000)
      const blockedUntil = new Date(end.getTime() + rules.travelBufferMinutes * 60_000)
      await tx.execute(sql`
        update survey_bookings set starts_at = ${start.toISOString()}, ends_at = ${end.toISOString()},
          blocked_until = ${blockedUntil.toISOString()}, sequence = sequence + 1, updated_at = now()
        where id = ${bookingId}`)
      const booking = await readBooking(tx, bookingId)
      await recordActivity(tx, {
        transactionId: txId,
        actorId: viewer.profileId,
        kind: 'survey.moved',
        summary: `moved the ${booking.product.label} to ${ukDateTime(start)}`,
        payload: { bookingId, from: new Date(row.starts_at).toISOString(), to: booking.starts_at },
      })
      await queueBookingEmails(tx, { booking, change: 'moved', bookerId: viewer.profileId, ...opts })
      return booking
    })
  } catch (err) {
    if (isExclusionViolation(err)) throw new AppError('conflict', SLOT_TAKEN_MESSAGE)
    throw err
  }
}

/**
 * Cancels the booking; its slot is free again, and a fee paid at booking is refunded in full to the
 * card (the terms of engagement: cancelling within the notice rule refunds the whole fee), its payout
 * record marked 'refunded'. The refund is asked last, keyed by the booking, so a retry refunds once.
 * Errors: 404, 403, 409 already cancelled, 422 inside the notice period or the refund refused.
 */
export async function cancelBooking(opts: ChangeOptions & { payments: PaymentsProvider }): Promise<SurveyBooking> {
  const { database, viewer, txId, bookingId, payments } = opts
  return database.db.transaction(async (tx) => {
    await lockBooking(tx, viewer, txId, bookingId)
    await tx.execute(sql`
      update survey_bookings set status = 'cancelled', cancelled_at = now(), sequence = sequence + 1, updated_at = now()
      where id = ${bookingId}`)
    const paid = await tx.execute(sql`
      select payment_reference from survey_bookings where id = ${bookingId} and payment_reference is not null`)
    const reference = firstRow(z.object({ payment_reference: z.string() }), paid)?.payment_reference
    if (reference) {
      await tx.execute(sql`update survey_payouts set status = 'refunded' where booking_id = ${bookingId}`)
      await payments.refundCharge(reference, `survey-refund-${bookingId}`).catch((err: unknown) => {
        if (err instanceof PaymentsError) throw new AppError('unprocessable', `The refund was refused: ${err.message}`)
        throw err
      })
    }
    const booking = await readBooking(tx, bookingId)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'survey.cancelled',
      summary: `cancelled the ${booking.product.label} of ${ukDateTime(new Date(booking.starts_at))}`,
      payload: { bookingId },
    })
    await queueBookingEmails(tx, { booking, change: 'cancelled', bookerId: viewer.profileId, ...opts })
    return booking
  })
}
