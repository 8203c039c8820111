/**
 * The surveyor's own side: their schedule (the firm's bookings over a range of London days, with
 * products and their own availability), saving weekly hours, days off, travel buffer and the notice
 * rule, and the firm admin saving the firm's products and prices (pence including VAT).
 * A professional in no survey firm sees an empty schedule (firm null); saving needs a survey firm (403).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { AvailabilityInput, ProductsInput, ScheduleResponse } from '#shared/contracts/surveys.ts'
import { addDays, londonToInstant, londonWallClock, SURVEY_PRODUCT_LABELS } from '#shared/domain/surveys.ts'
import { requireSurveyFirm, surveyFirmOfViewer } from '#server/access/surveys.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { oneRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { ProductJson, readBookings } from './booking-rows'

/** The surveyor's own settings (null until saved), hours, days off, and the firm's products. */
const ScheduleRow = z.object({
  me: z.object({ travel_buffer_minutes: z.number(), notice_hours: z.number() }).nullable(),
  hours: z.array(z.object({ weekday: z.number(), start_minute: z.number(), end_minute: z.number() })),
  days_off: z.array(z.string()),
  products: z.array(ProductJson),
})

/** The schedule from `from` (default today, Europe/London) for `days` days. */
export async function getSchedule({
  database,
  viewer,
  from,
  days,
  paymentsLabel,
}: {
  database: Database
  viewer: Viewer
  from?: string
  days: number
  paymentsLabel: string
}): Promise<ScheduleResponse> {
  const start = from ?? londonWallClock(new Date()).date
  const db = database.db
  const firm = await surveyFirmOfViewer(db, viewer)
  const empty: ScheduleResponse = {
    firm: null,
    can_edit_products: false,
    set_up: false,
    payments_label: paymentsLabel,
    products: [],
    travel_buffer_minutes: 30,
    notice_hours: 24,
    hours: [],
    days_off: [],
    from: start,
    days,
    bookings: [],
  }
  if (!firm) return empty
  const res = await db.execute(sql`
    select
      (select row_to_json(s) from (select travel_buffer_minutes, notice_hours from surveyors where profile_id = ${viewer.profileId}) s) as me,
      coalesce((select json_agg(json_build_object('weekday', weekday, 'start_minute', start_minute, 'end_minute', end_minute)
        order by weekday, start_minute) from surveyor_hours where surveyor_id = ${viewer.profileId}), '[]'::json) as hours,
      coalesce((select json_agg(to_char(day, 'YYYY-MM-DD') order by day) from surveyor_days_off
        where surveyor_id = ${viewer.profileId} and day >= current_date - 1), '[]'::json) as days_off,
      coalesce((select json_agg(json_build_object('id', id, 'kind', kind, 'price_pence', price_pence,
        'duration_minutes', duration_minutes, 'active', active)
        order by array_position(array['rics_level_1','rics_level_2','rics_level_3','mortgage_valuation'], kind)) from survey_products
        where organization_id = ${firm.id}), '[]'::json) as products`)
  const row = oneRow(ScheduleRow, res)
  const rangeStart = londonToInstant(start, 0).toISOString()
  const rangeEnd = londonToInstant(addDays(start, days), 0).toISOString()
  return {
    ...empty,
    firm: { id: firm.id, name: firm.name },
    can_edit_products: firm.memberRole === 'admin',
    set_up: row.me !== null,
    products: row.products.map((p) => ({ ...p, label: SURVEY_PRODUCT_LABELS[p.kind] })),
    travel_buffer_minutes: row.me?.travel_buffer_minutes ?? 30,
    notice_hours: row.me?.notice_hours ?? 24,
    hours: row.hours,
    days_off: row.days_off,
    bookings: await readBookings(
      db,
      sql`b.organization_id = ${firm.id} and b.starts_at >= ${rangeStart} and b.starts_at < ${rangeEnd}`,
    ),
  }
}

/** Saves the viewer's availability (replacing hours and future days off) in one database transaction. */
export async function saveAvailability({
  database,
  viewer,
  input,
}: {
  database: Database
  viewer: Viewer
  input: AvailabilityInput
}): Promise<void> {
  await database.db.transaction(async (tx) => {
    const firm = await requireSurveyFirm(tx, viewer)
    await tx.execute(sql`
      insert into surveyors (profile_id, organization_id, travel_buffer_minutes, notice_hours)
      values (${viewer.profileId}, ${firm.id}, ${input.travel_buffer_minutes}, ${input.notice_hours})
      on conflict (profile_id) do update set organization_id = excluded.organization_id,
        travel_buffer_minutes = excluded.travel_buffer_minutes, notice_hours = excluded.notice_hours`)
    await tx.execute(sql`delete from surveyor_hours where surveyor_id = ${viewer.profileId}`)
    for (const h of input.hours)
      await tx.execute(sql`insert into surveyor_hours (surveyor_id, weekday, start_minute, end_minute)
        values (${viewer.profileId}, ${h.weekday}, ${h.start_minute}, ${h.end_minute})`)
    await tx.execute(sql`delete from surveyor_days_off where surveyor_id = ${viewer.profileId}`)
    for (const day of new Set(input.days_off))
      await tx.execute(sql`insert into surveyor_days_off (surveyor_id, day) values (${viewer.profileId}, ${day})`)
  })
}

/** Saves the firm's products (one per kind, upserted) in one database transaction. Errors: 403 not a firm admin. */
export async function saveProducts({
  database,
  viewer,
  input,
}: {
  database: Database
  viewer: Viewer
  input: ProductsInput
}): Promise<void> {
  await database.db.transaction(async (tx) => {
    const firm = await requireSurveyFirm(tx, viewer)
    if (firm.memberRole !== 'admin')
      throw new AppError('forbidden', "Only the firm's admins change its products and prices.")
    for (const p of input.products)
      await tx.execute(sql`
        insert into survey_products (organization_id, kind, price_pence, duration_minutes, active)
        values (${firm.id}, ${p.kind}, ${p.price_pence}, ${p.duration_minutes}, ${p.active})
        on conflict (organization_id, kind) do update set price_pence = excluded.price_pence,
          duration_minutes = excluded.duration_minutes, active = excluded.active`)
  })
}
