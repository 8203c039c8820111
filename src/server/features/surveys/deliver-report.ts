/**
 * The surveyor delivers the report: a PDF they uploaded to the move's Property folder (through the
 * documents upload) is attached to the booking. In one database transaction the booking becomes
 * 'report_delivered', the move's surveyor task ("RICS survey report delivered to the buyer") is
 * ticked, the buyer side is notified, and the payout (fee, platform fee at PLATFORM_FEE_RATE, net,
 * status pending) is recorded with the payments provider's reference. The provider is called before
 * the insert with our payout id as its idempotency key, so a rolled-back attempt pays nothing twice.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { SurveyBooking, SurveyPayout } from '#shared/contracts/surveys.ts'
import { platformFeePence } from '#shared/domain/surveys.ts'
import { surveyBookingPath } from '#shared/paths.ts'
import { lockFirmBooking, requireSurveyFirm } from '#server/access/surveys.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, IdRow, rows } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import type { PaymentsProvider } from '#server/providers/payments/index.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { readBooking } from './booking-rows'
import { documentAudienceFor } from '#server/access/transactions.ts'

/** Delivers the report. Errors: 404 booking or document, 409 cancelled or already delivered, 422 not a PDF in Property. */
export async function deliverReport({
  database,
  viewer,
  bookingId,
  documentId,
  payments,
  notify,
}: {
  database: Database
  viewer: Viewer
  bookingId: string
  documentId: string
  payments: PaymentsProvider
  notify: NotificationDelivery
}): Promise<SurveyBooking> {
  return database.db.transaction(async (tx) => {
    const booking = await lockFirmBooking(tx, viewer, bookingId)
    if (booking.status === 'cancelled')
      throw new AppError('conflict', 'This booking was cancelled: there is no report to deliver.')
    if (booking.status === 'report_delivered')
      throw new AppError('conflict', 'The report for this survey is already delivered.')
    const doc = await tx.execute(sql`
      select id, folder, content_type, filename from documents d where id = ${documentId}
        and transaction_id = ${booking.transaction_id} and ${documentAudienceFor('d', viewer.profileId)}`)
    const document = firstRow(
      z.object({ id: z.string(), folder: z.string(), content_type: z.string(), filename: z.string() }),
      doc,
    )
    if (!document) throw notFound('document')
    if (document.folder !== 'Property' || document.content_type !== 'application/pdf')
      throw new AppError('unprocessable', "The report must be a PDF in the move's Property folder.")
    await tx.execute(sql`
      update survey_bookings set status = 'report_delivered', report_document_id = ${documentId}, updated_at = now()
      where id = ${bookingId}`)
    // The template's surveyor task of the Mortgage & survey stage (src/shared/domain/timeline-template.ts).
    await tickTask(tx, {
      txId: booking.transaction_id,
      task: { ownerSide: 'surveyor' },
      status: 'completed',
      actorId: viewer.profileId,
      reason: ' by delivering the survey report',
      notify,
    })
    const fee = booking.price_pence
    const platformFee = platformFeePence(fee)
    const payoutId = randomUUID()
    const result = await payments.createPayout({
      payoutId,
      destinationAccount: null,
      amountPence: fee - platformFee,
      description: `Survey report ${bookingId}`,
    })
    await tx.execute(sql`
      insert into survey_payouts (id, booking_id, organization_id, fee_pence, platform_fee_pence, net_pence, status, provider, provider_reference)
      values (${payoutId}, ${bookingId}, ${booking.organization_id}, ${fee}, ${platformFee}, ${fee - platformFee},
        ${result.status}, ${payments.name}, ${result.reference})`)
    const full = await readBooking(tx, bookingId)
    await recordActivity(tx, {
      transactionId: booking.transaction_id,
      actorId: viewer.profileId,
      kind: 'survey.report_delivered',
      summary: `delivered the ${full.product.label} report “${document.filename}” (Property)`,
      payload: { bookingId, documentId },
    })
    const buyers = await tx.execute(sql`
      select buyer_user_id as id from transactions where id = ${booking.transaction_id} and buyer_user_id is not null
      union select user_id from transaction_participants where transaction_id = ${booking.transaction_id} and role = 'buyer'
      union select booked_by from survey_bookings where id = ${bookingId} and booked_by is not null`)
    await notifyPeople(tx, {
      recipients: rows(IdRow, buyers).map((r) => r.id),
      kind: 'survey_update',
      transactionId: booking.transaction_id,
      actorId: viewer.profileId,
      title: `Your ${full.product.label} report is ready`,
      body: `${viewer.fullName} delivered “${document.filename}” to the Property folder.`,
      link: surveyBookingPath(booking.transaction_id),
      ...notify,
    })
    return full
  })
}

/** Confirms a pending payout with the provider and marks it paid. Errors: 404 not the firm's payout. */
export async function markPayoutPaid({
  database,
  viewer,
  payoutId,
  payments,
}: {
  database: Database
  viewer: Viewer
  payoutId: string
  payments: PaymentsProvider
}): Promise<SurveyPayout> {
  return database.db.transaction(async (tx) => {
    const firm = await requireSurveyFirm(tx, viewer)
    const res = await tx.execute(sql`
      select id, booking_id, status, provider_reference from survey_payouts
      where id = ${payoutId} and organization_id = ${firm.id} for update`)
    const row = firstRow(
      z.object({ id: z.string(), booking_id: z.string(), status: z.string(), provider_reference: z.string() }),
      res,
    )
    if (!row) throw notFound('payout')
    if (row.status !== 'paid') {
      await payments.markPaid(row.provider_reference)
      await tx.execute(sql`update survey_payouts set status = 'paid', paid_at = now() where id = ${payoutId}`)
    }
    return (await readBooking(tx, row.booking_id)).payout!
  })
}
