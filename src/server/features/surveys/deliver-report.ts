/**
 * The surveyor's report, in two steps. Ready: a PDF they uploaded to the move's Property folder
 * (through the documents upload) is attached to the booking and marked ready to release, their own
 * check before anyone is told. Release: only on or after the visit's date and once ready
 * (reportReleaseProblem, src/shared/domain/surveys.ts, the one home of that rule), in one database
 * transaction the booking becomes 'report_delivered', the move's surveyor task ("RICS survey report
 * delivered to the buyer") is ticked, the buyer side is notified, and the payout the platform
 * recorded from the buyer's payment leaves 'held': the provider's transfer starts with the payout id
 * as its idempotency key, so a rolled-back attempt pays nothing twice. A booking made before payment
 * at booking gets its payout recorded here from the fee. The surveyor never marks a payout paid:
 * `settleSurveyPayouts` (a job) asks the provider.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { SurveyBooking } from '#shared/contracts/surveys.ts'
import { reportReleaseProblem, surveyPayoutAmounts } from '#shared/domain/surveys.ts'
import { surveyBookingPath } from '#shared/paths.ts'
import { lockFirmBooking } from '#server/access/surveys.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { sideClientIdsSql } from '#server/access/side-clients.ts'
import { firstRow, IdRow, rows, Timestamp } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import type { PaymentsProvider } from '#server/providers/payments/index.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { readBooking } from './booking-rows'
import { documentAudienceFor } from '#server/access/transactions.ts'

/** A firm's booking locked for a report step; 409 once cancelled or delivered. */
async function lockOpenBooking(tx: Tx, viewer: Viewer, bookingId: string) {
  const booking = await lockFirmBooking(tx, viewer, bookingId)
  if (booking.status === 'cancelled')
    throw new AppError('conflict', 'This booking was cancelled: there is no report to deliver.')
  if (booking.status === 'report_delivered')
    throw new AppError('conflict', 'The report for this survey is already delivered.')
  return booking
}

/**
 * Attaches the report and marks it ready to release; the buyer is not told. Errors: 404 booking or
 * document, 409 cancelled or delivered, 422 not a PDF in Property.
 */
export async function readyReport({
  database,
  viewer,
  bookingId,
  documentId,
}: {
  database: Database
  viewer: Viewer
  bookingId: string
  documentId: string
}): Promise<SurveyBooking> {
  return database.db.transaction(async (tx) => {
    const booking = await lockOpenBooking(tx, viewer, bookingId)
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
      update survey_bookings set report_document_id = ${documentId}, ready_to_release_at = now(), updated_at = now()
      where id = ${bookingId}`)
    return readBooking(tx, bookingId)
  })
}

/**
 * Releases the report to the buyer. Errors: 404 booking, 409 cancelled or already delivered, 422 before
 * the visit's date or not marked ready (reportReleaseProblem), or the provider refused the transfer.
 */
export async function releaseReport({
  database,
  viewer,
  bookingId,
  payments,
  notify,
}: {
  database: Database
  viewer: Viewer
  bookingId: string
  payments: PaymentsProvider
  notify: NotificationDelivery
}): Promise<SurveyBooking> {
  return database.db.transaction(async (tx) => {
    const booking = await lockOpenBooking(tx, viewer, bookingId)
    const state = await tx.execute(sql`
      select b.starts_at, b.ready_to_release_at, b.report_document_id, b.booked_by, d.filename
      from survey_bookings b left join documents d on d.id = b.report_document_id where b.id = ${bookingId}`)
    const row = firstRow(
      z.object({
        starts_at: Timestamp,
        ready_to_release_at: Timestamp.nullable(),
        report_document_id: z.string().nullable(),
        booked_by: z.string().nullable(),
        filename: z.string().nullable(),
      }),
      state,
    )!
    const problem = reportReleaseProblem(
      new Date(row.starts_at),
      row.ready_to_release_at !== null && row.report_document_id !== null,
      new Date(),
    )
    if (problem) throw new AppError('unprocessable', problem)
    await tx.execute(sql`
      update survey_bookings set status = 'report_delivered', updated_at = now() where id = ${bookingId}`)
    // The template's surveyor task of the Mortgage & survey stage (src/shared/domain/timeline-template.ts).
    await tickTask(tx, {
      txId: booking.transaction_id,
      task: { ownerSide: 'surveyor' },
      status: 'completed',
      actorId: viewer.profileId,
      reason: ' by delivering the survey report',
      notify,
    })
    const held = await tx.execute(sql`
      select id, net_pence from survey_payouts where booking_id = ${bookingId} and status = 'held' for update`)
    let payout = firstRow(z.object({ id: z.string(), net_pence: z.number() }), held)
    if (!payout) {
      // Booked before payment at booking: the payout is recorded now from the fee (nobody paid by card here).
      const money = surveyPayoutAmounts(booking.price_pence)
      const inserted = await tx.execute(sql`
        insert into survey_payouts (booking_id, organization_id, fee_pence, fee_ex_vat_pence, vat_pence,
          platform_fee_pence, net_pence, status, provider, provider_reference)
        values (${bookingId}, ${booking.organization_id}, ${money.feePence}, ${money.feeExVatPence}, ${money.vatPence},
          ${money.platformFeePence}, ${money.netPence}, 'held', ${payments.name}, '')
        on conflict (booking_id) do nothing returning id, net_pence`)
      payout = firstRow(z.object({ id: z.string(), net_pence: z.number() }), inserted)
    }
    if (payout) {
      const result = await payments.createPayout({
        payoutId: payout.id,
        destinationAccount: null,
        amountPence: payout.net_pence,
        description: `Survey report ${bookingId}`,
      })
      await tx.execute(sql`
        update survey_payouts set status = ${result.status}, provider_reference = ${result.reference},
          paid_at = ${result.status === 'paid' ? sql`now()` : null} where id = ${payout.id}`)
    }
    const full = await readBooking(tx, bookingId)
    const filename = row.filename ?? 'the report'
    await recordActivity(tx, {
      transactionId: booking.transaction_id,
      actorId: viewer.profileId,
      kind: 'survey.report_delivered',
      summary: `delivered the ${full.product.label} report “${filename}” (Property)`,
      payload: { bookingId, documentId: row.report_document_id },
    })
    const buyers = await tx.execute(sql`
      ${sideClientIdsSql(booking.transaction_id, ['buyer'])}
      union select booked_by from survey_bookings where id = ${bookingId} and booked_by is not null`)
    await notifyPeople(tx, {
      recipients: rows(IdRow, buyers).map((r) => r.id),
      kind: 'survey_update',
      transactionId: booking.transaction_id,
      actorId: viewer.profileId,
      title: `Your ${full.product.label} report is ready`,
      body: `${viewer.fullName} delivered “${filename}” to the Property folder.`,
      link: surveyBookingPath(booking.transaction_id),
      ...notify,
    })
    return full
  })
}

/**
 * The platform confirms pending payouts with the provider and marks them paid (a job: the surveyor
 * cannot). Each payout row is claimed with `for update skip locked`, so two processes never confirm
 * one twice. Returns how many became paid.
 */
export async function settleSurveyPayouts({
  database,
  payments,
}: {
  database: Database
  payments: PaymentsProvider
}): Promise<number> {
  return database.db.transaction(async (tx) => {
    const due = await tx.execute(sql`
      select id, provider_reference from survey_payouts where status = 'pending' and provider = ${payments.name}
      order by created_at limit 50 for update skip locked`)
    let paid = 0
    for (const p of rows(z.object({ id: z.string(), provider_reference: z.string() }), due)) {
      const result = await payments.markPaid(p.provider_reference)
      if (result.status !== 'paid') continue
      await tx.execute(sql`update survey_payouts set status = 'paid', paid_at = now() where id = ${p.id}`)
      paid++
    }
    return paid
  })
}
