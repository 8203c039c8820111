/**
 * The public check of a CPD certificate (GET /api/certificates/{number} and the page
 * /certificates/{number}): the number printed on the certificate (certificateNumber: 'HW-CPD-' and
 * the first 10 hex digits of the CPD record's id) finds the record, and the answer carries only what
 * the certificate itself shows: the holder's name, the course, the day passed (Europe/London) and the
 * CPD minutes. No email, firm, score or id. An unknown number is 404 (decision 068).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { CertificateCheck } from '#shared/contracts/academy.ts'
import { certificateNumber } from '#shared/domain/academy.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { notFound } from '#server/core/errors.ts'

const Row = z.object({
  id: z.string(),
  full_name: z.string(),
  course_title: z.string(),
  passed_on: z.string(),
  cpd_minutes: z.number(),
})

/** The certificate `number` (already upper case, 'HW-CPD-' + 10 hex digits), or 404. */
export async function checkCertificate({
  database,
  number,
}: {
  database: Database
  number: string
}): Promise<CertificateCheck> {
  const prefix = number.slice('HW-CPD-'.length).toLowerCase()
  if (!/^[0-9a-f]{10}$/.test(prefix)) throw notFound('certificate')
  // The first 10 hex digits are the first 8 of the uuid, a hyphen, then 2 more: a range scan of the key.
  const low = `${prefix.slice(0, 8)}-${prefix.slice(8)}00-0000-0000-000000000000`
  const high = `${prefix.slice(0, 8)}-${prefix.slice(8)}ff-ffff-ffff-ffffffffffff`
  const res = await database.db.execute(sql`select r.id, p.full_name, r.course_title, r.cpd_minutes,
      (r.passed_at at time zone 'Europe/London')::date::text as passed_on
    from cpd_records r join profiles p on p.id = r.profile_id
    where r.id between ${low}::uuid and ${high}::uuid order by r.id limit 1`)
  const row = firstRow(Row, res)
  if (!row || certificateNumber(row.id) !== number) throw notFound('certificate')
  return {
    number,
    holder_name: row.full_name,
    course_title: row.course_title,
    passed_on: row.passed_on,
    cpd_minutes: row.cpd_minutes,
  }
}
