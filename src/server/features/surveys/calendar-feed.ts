/**
 * A surveyor's iCalendar feed for Google Calendar or Outlook ("subscribe from URL"): read-only, at a
 * secret URL that is its only key. The secret (32 random bytes, base64url) is shown once when created
 * or regenerated; only its SHA-256 is stored (surveyors.calendar_feed_token_hash), so regenerating
 * stops the old URL at once and a database leak gives no working URL. The feed lists the surveyor's
 * visits from 30 days back, cancelled ones as STATUS:CANCELLED, written by icalendar.ts.
 */
import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { requireSurveyFirm } from '#server/access/surveys.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { readBookings } from './booking-rows'
import { calendarFeed } from './icalendar'

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** The feed's public URL for a secret. */
export const calendarFeedUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/api/calendar-feeds/${token}`

/** Whether the viewer has a feed (the URL itself is never shown again). Errors: 403 not in a survey firm. */
export async function calendarFeedStatus({ database, viewer }: { database: Database; viewer: Viewer }) {
  return database.db.transaction(async (tx) => {
    await requireSurveyFirm(tx, viewer)
    const res = await tx.execute(sql`
      select calendar_feed_token_hash is not null as exists from surveyors where profile_id = ${viewer.profileId}`)
    return { exists: firstRow(z.object({ exists: z.boolean() }), res)?.exists ?? false, url: null }
  })
}

/**
 * Creates or replaces the viewer's feed secret and answers its URL (once). Errors: 403 not in a
 * survey firm, 422 hours not set yet (not a surveyor who takes bookings).
 */
export async function regenerateCalendarFeed({
  database,
  viewer,
  publicUrl,
}: {
  database: Database
  viewer: Viewer
  publicUrl: string
}) {
  const token = randomBytes(32).toString('base64url')
  await database.db.transaction(async (tx) => {
    await requireSurveyFirm(tx, viewer)
    const res = await tx.execute(sql`
      update surveyors set calendar_feed_token_hash = ${hashOf(token)} where profile_id = ${viewer.profileId} returning profile_id`)
    if (!firstRow(z.object({ profile_id: z.string() }), res))
      throw new AppError('unprocessable', 'Set your hours first: the feed lists the visits booked with you.')
  })
  return { exists: true, url: calendarFeedUrl(publicUrl, token) }
}

/** The .ics text of the feed a secret opens. Errors: 404 for any secret that is not current. */
export async function calendarFeedIcs({ database, token }: { database: Database; token: string }): Promise<string> {
  const db = database.db
  const res = await db.execute(sql`
    select s.profile_id, p.full_name from surveyors s join profiles p on p.id = s.profile_id
    where s.calendar_feed_token_hash = ${hashOf(token)}`)
  const surveyor = firstRow(z.object({ profile_id: z.string(), full_name: z.string() }), res)
  if (!surveyor) throw notFound('calendar feed')
  const bookings = await readBookings(
    db,
    sql`b.surveyor_id = ${surveyor.profile_id} and b.starts_at >= now() - interval '30 days'`,
  )
  return calendarFeed(
    `Homeward survey visits: ${surveyor.full_name}`,
    bookings.map((b) => ({
      uid: `${b.id}@homeward`,
      sequence: b.moved || b.status === 'cancelled' ? 1 : 0,
      cancelled: b.status === 'cancelled',
      start: new Date(b.starts_at),
      end: new Date(b.ends_at),
      summary: `${b.product.label}: ${b.property_address}`,
      description: `${b.product.label} for ${b.booked_by_name ?? 'the buyer'} (${b.firm_name}). Open the visit on Homeward.`,
      location: b.property_address,
    })),
    new Date(),
  )
}
