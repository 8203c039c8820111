/**
 * The emails of a booking, a reschedule and a cancellation: one to the person who booked and one to
 * the surveyor, each with the visit as an iCalendar attachment (invite.ics, RFC 5545), queued in the
 * caller's database transaction through the outbox.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { ukDateTime } from '#shared/domain/uk-time.ts'
import { formatPence } from '#shared/domain/surveys.ts'
import { surveyBookingPath } from '#shared/paths.ts'
import type { SurveyBooking } from '#shared/contracts/surveys.ts'
import type { Tx } from '#server/db/client.ts'
import { oneRow, rows } from '#server/db/rows.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { calendarFile } from './icalendar'

export type BookingChange = 'booked' | 'moved' | 'cancelled'

const SUBJECT: Record<BookingChange, string> = {
  booked: 'Survey booked',
  moved: 'Survey moved',
  cancelled: 'Survey cancelled',
}

/** Queues the two emails (booker and surveyor) with the .ics for `booking` after `change`. */
export async function queueBookingEmails(
  tx: Tx,
  options: { booking: SurveyBooking; change: BookingChange; bookerId: string; publicUrl: string; deliverMail: boolean },
): Promise<void> {
  const { booking, change } = options
  const res = await tx.execute(sql`
    select id, email, full_name from profiles where id in (${options.bookerId}::uuid, ${booking.surveyor.id}::uuid)
      and deleted_at is null`)
  const people = rows(z.object({ id: z.string(), email: z.string(), full_name: z.string() }), res)
  const booker = people.find((p) => p.id === options.bookerId)
  const surveyor = people.find((p) => p.id === booking.surveyor.id)
  if (!surveyor) return
  const seq = await tx.execute(sql`select sequence from survey_bookings where id = ${booking.id}`)
  const sequence = Number(oneRow(z.object({ sequence: z.number() }), seq).sequence)
  const ics = calendarFile({
    uid: `${booking.id}@homeward`,
    sequence,
    method: change === 'cancelled' ? 'CANCEL' : 'REQUEST',
    start: new Date(booking.starts_at),
    end: new Date(booking.ends_at),
    summary: `${booking.product.label}: ${booking.property_address}`,
    description: `${booking.product.label} by ${booking.surveyor.full_name} (${booking.firm_name}), ${formatPence(booking.price_pence)} including VAT. Booked on Homeward.`,
    location: booking.property_address,
    organizer: { name: surveyor.full_name, email: surveyor.email },
    attendees: booker ? [{ name: booker.full_name, email: booker.email }] : [],
    stamp: new Date(),
  })
  const when = `${ukDateTime(new Date(booking.starts_at))} (UK time)`
  const link = `${options.publicUrl}${surveyBookingPath(booking.transaction_id)}`
  const line =
    change === 'cancelled'
      ? `The ${booking.product.label} at ${booking.property_address} on ${when} is cancelled.`
      : `${booking.product.label} at ${booking.property_address}: ${when}, with ${booking.surveyor.full_name} of ${booking.firm_name}. Price ${formatPence(booking.price_pence)} including VAT.`
  for (const person of [booker, surveyor]) {
    if (!person) continue
    await enqueueMail(
      tx,
      {
        to: person.email,
        subject: `${SUBJECT[change]}: ${booking.product.label}, ${ukDateTime(new Date(booking.starts_at))}`,
        greet: person.full_name,
        text: `${line}\n\nThe attached invite.ics adds it to your calendar.\n\nSee it on Homeward: ${link}\n`,
        kind: `survey_${change}`,
        transactionId: booking.transaction_id,
        attachments: [
          {
            filename: 'invite.ics',
            contentType: `text/calendar; charset=utf-8; method=${change === 'cancelled' ? 'CANCEL' : 'REQUEST'}`,
            content: ics,
          },
        ],
      },
      { deliver: options.deliverMail },
    )
  }
}
