/**
 * What the Survey page of a move shows: the survey firms that take bookings (a firm with active
 * products and at least one surveyor with hours) AND cover the property's postcode district (their
 * coverage, survey_coverage; none without a postcode), with their products, and the move's own bookings.
 * The move must be visible to the viewer (404 otherwise); only its buyer side may book.
 */
import { sql } from 'drizzle-orm'
import type { SlotsResponse, TransactionSurveysResponse } from '#shared/contracts/surveys.ts'
import { freeSlots, SURVEY_PRODUCT_LABELS, SURVEY_TERMS_VERSION } from '#shared/domain/surveys.ts'
import { postcodeDistrict } from '#shared/domain/chains.ts'
import { SURVEY_BOOKER_ROLES } from '#server/access/surveys.ts'
import { readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, rows } from '#server/db/rows.ts'
import { notFound } from '#server/core/errors.ts'
import { z } from 'zod'
import { ProductJson, readBookings, readBusy, readSlotRules } from './booking-rows'

/** A survey firm that takes bookings, with its active products. */
const OfferRow = z.object({
  organization_id: z.string(),
  firm_name: z.string(),
  notice_hours: z.number(),
  products: z.array(ProductJson),
})

/** Firms at most listed: the page is a short choice, not a directory. */
const MAX_FIRMS = 20
/** Slots answered at most. */
const MAX_SLOTS = 400

/** The move's surveys page. Errors: 404 when the viewer may not see the move. */
export async function listTransactionSurveys({
  database,
  viewer,
  txId,
  payments,
}: {
  database: Database
  viewer: Viewer
  txId: string
  payments: { name: string; label: string }
}): Promise<TransactionSurveysResponse> {
  return database.db.transaction(async (tx) => {
    const role = await readViewerRole(tx, viewer, txId)
    const property = await tx.execute(sql`select postcode from properties where transaction_id = ${txId} limit 1`)
    const postcode = firstRow(z.object({ postcode: z.string().nullable() }), property)?.postcode ?? null
    const district = postcode ? postcodeDistrict(postcode) : null
    const res = await tx.execute(sql`
      select o.id as organization_id, o.name as firm_name,
        (select min(notice_hours) from surveyors s where s.organization_id = o.id)::int as notice_hours,
        json_agg(json_build_object('id', p.id, 'kind', p.kind, 'price_pence', p.price_pence,
          'duration_minutes', p.duration_minutes, 'active', p.active) order by array_position(array['rics_level_1','rics_level_2','rics_level_3','mortgage_valuation'], p.kind)) as products
      from organizations o join survey_products p on p.organization_id = o.id and p.active
      join survey_coverage c on c.organization_id = o.id and ${district}::text = any(c.districts)
      where o.type = 'survey' and exists (
        select 1 from surveyors s join surveyor_hours h on h.surveyor_id = s.profile_id
        join organization_members om on om.profile_id = s.profile_id and om.organization_id = o.id and om.removed_at is null
        where s.organization_id = o.id)
      group by o.id, o.name order by o.name limit ${MAX_FIRMS}`)
    const offers = rows(OfferRow, res).map((o) => ({
      ...o,
      products: o.products.map((p) => ({ ...p, label: SURVEY_PRODUCT_LABELS[p.kind] })),
    }))
    return {
      can_book: SURVEY_BOOKER_ROLES.includes(role),
      property_postcode: postcode,
      terms_version: SURVEY_TERMS_VERSION,
      payments_provider: payments.name,
      payments_label: payments.label,
      offers,
      bookings: await readBookings(tx, sql`b.transaction_id = ${txId}`),
    }
  })
}

/** Free slots for a product across its firm's surveyors, earliest first. Errors: 404 move or product. */
export async function listSlots({
  database,
  viewer,
  txId,
  productId,
}: {
  database: Database
  viewer: Viewer
  txId: string
  productId: string
}): Promise<z.infer<typeof SlotsResponse>> {
  return database.db.transaction(async (tx) => {
    await readViewerRole(tx, viewer, txId)
    const res = await tx.execute(sql`
      select p.organization_id, p.duration_minutes from survey_products p
      join organizations o on o.id = p.organization_id and o.type = 'survey' where p.id = ${productId} and p.active`)
    const product = firstRow(z.object({ organization_id: z.string(), duration_minutes: z.number() }), res)
    if (!product) throw notFound('survey product')
    const people = await tx.execute(sql`
      select s.profile_id, pr.full_name from surveyors s join profiles pr on pr.id = s.profile_id
      join organization_members om on om.profile_id = s.profile_id and om.organization_id = s.organization_id and om.removed_at is null
      where s.organization_id = ${product.organization_id} order by pr.full_name`)
    const now = new Date()
    const slots = []
    for (const person of rows(z.object({ profile_id: z.string(), full_name: z.string() }), people)) {
      const rules = await readSlotRules(tx, person.profile_id)
      if (!rules) continue
      const busy = await readBusy(tx, person.profile_id)
      for (const start of freeSlots(rules, busy, product.duration_minutes, now))
        slots.push({
          surveyor_id: person.profile_id,
          surveyor_name: person.full_name,
          starts_at: start.toISOString(),
          ends_at: new Date(start.getTime() + product.duration_minutes * 60_000).toISOString(),
        })
    }
    slots.sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.surveyor_name.localeCompare(b.surveyor_name))
    return { slots: slots.slice(0, MAX_SLOTS) }
  })
}
