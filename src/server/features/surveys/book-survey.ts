/**
 * Booking a survey from a move (buyer side): checks the product, the surveyor and the slot against
 * the booking rules (src/shared/domain/surveys.ts), then in ONE database transaction inserts the
 * booking, adds the surveyor to the move (participant 'surveyor', so they can deliver the report into
 * its documents), writes the audit entry and queues both confirmation emails with the .ics. The
 * database's exclusion constraint (survey_bookings_no_overlap) is the last word: of two people
 * booking one slot at the same instant, one gets 409 and nothing of theirs is written.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { BookSurveyInput, SurveyBooking } from '#shared/contracts/surveys.ts'
import { SLOT_TAKEN_MESSAGE, slotProblem } from '#shared/domain/surveys.ts'
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

/** Throws the booking rule a start time breaks: 409 for an overlap, 422 for the others. */
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
  const rules = await readSlotRules(tx, options.surveyorId)
  if (!rules || rules.organizationId !== options.organizationId) throw notFound('surveyor')
  const busy = await readBusy(tx, options.surveyorId, options.exceptId)
  const problem = slotProblem(rules, busy, options.start, options.durationMinutes, new Date())
  if (problem) throw new AppError(problem.rule === 'overlap' ? 'conflict' : 'unprocessable', problem.message)
  return rules
}

/** Books the visit; returns it. Errors: 404 move/product/surveyor, 403 not buyer side, 422 a rule, 409 taken. */
export async function bookSurvey({
  database,
  viewer,
  txId,
  input,
  publicUrl,
  deliverMail,
}: {
  database: Database
  viewer: Viewer
  txId: string
  input: BookSurveyInput
  publicUrl: string
  deliverMail: boolean
}): Promise<SurveyBooking> {
  try {
    return await database.db.transaction(async (tx) => {
      await lockTransactionForBooker(tx, viewer, txId)
      const res = await tx.execute(sql`
        select p.id, p.organization_id, p.price_pence, p.duration_minutes, p.kind from survey_products p
        join organizations o on o.id = p.organization_id and o.type = 'survey'
        where p.id = ${input.product_id} and p.active`)
      const product = firstRow(
        z.object({
          id: z.string(),
          organization_id: z.string(),
          price_pence: z.number(),
          duration_minutes: z.number(),
          kind: z.string(),
        }),
        res,
      )
      if (!product) throw notFound('survey product')
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
      const inserted = await tx.execute(sql`
        insert into survey_bookings (transaction_id, organization_id, surveyor_id, product_id, booked_by,
          starts_at, ends_at, blocked_until, price_pence)
        values (${txId}, ${product.organization_id}, ${input.surveyor_id}, ${product.id}, ${viewer.profileId},
          ${start.toISOString()}, ${end.toISOString()}, ${blockedUntil.toISOString()}, ${product.price_pence})
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
      const booking = await readBooking(tx, bookingId)
      await recordActivity(tx, {
        transactionId: txId,
        actorId: viewer.profileId,
        kind: 'survey.booked',
        summary: `booked a ${booking.product.label} with ${booking.surveyor.full_name} (${booking.firm_name})`,
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
