/**
 * A survey firm's coverage area: the postcode districts (outward codes) it works in. Any member of
 * the firm reads it; its admins replace it as a whole. The booking page offers the firm only for a
 * property in one of them (list-transaction-surveys.ts) and booking refuses others (book-survey.ts).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { requireSurveyFirm } from '#server/access/surveys.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'

/** The firm's districts, sorted; empty when none are set. Errors: 403 not in a survey firm. */
export async function getCoverage({ database, viewer }: { database: Database; viewer: Viewer }) {
  return database.db.transaction(async (tx) => {
    const firm = await requireSurveyFirm(tx, viewer)
    const res = await tx.execute(sql`select districts from survey_coverage where organization_id = ${firm.id}`)
    const districts = firstRow(z.object({ districts: z.array(z.string()) }), res)?.districts ?? []
    return { districts: [...districts].sort() }
  })
}

/** Replaces the firm's districts (deduplicated, upper case). Errors: 403 not a firm admin. */
export async function saveCoverage({
  database,
  viewer,
  districts,
}: {
  database: Database
  viewer: Viewer
  districts: string[]
}) {
  const unique = [...new Set(districts.map((d) => d.trim().toUpperCase()))].sort()
  await database.db.transaction(async (tx) => {
    const firm = await requireSurveyFirm(tx, viewer)
    if (firm.memberRole !== 'admin') throw new AppError('forbidden', "Only the firm's admins change where it works.")
    await tx.execute(sql`
      insert into survey_coverage (organization_id, districts, updated_at)
      values (${firm.id}, array(select jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb)), now())
      on conflict (organization_id) do update set districts = excluded.districts, updated_at = now()`)
  })
  return { districts: unique }
}
