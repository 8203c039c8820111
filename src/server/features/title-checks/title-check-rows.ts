/** Reads title checks as the API answers them (TitleCheck in src/shared/contracts/title-checks.ts). */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { TitleCheck } from '#shared/contracts/title-checks.ts'
import type { RegisterSummary, TitleFlag } from '#shared/domain/title-check.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { rows, Timestamp } from '#server/db/rows.ts'

/** `title_checks.register`: the provider's RegisterSummary as stored (jsonb). */
const RegisterJson = z.object({
  titleNumber: z.string(),
  classOfTitle: z.string(),
  tenure: z.enum(['freehold', 'leasehold']),
  propertyDescription: z.string(),
  postcode: z.string(),
  proprietors: z.array(z.object({ name: z.string(), address: z.string() })),
  pricePaid: z.object({ amountPence: z.number(), date: z.string() }).nullable(),
  restrictions: z.array(z.string()),
  charges: z.array(z.object({ date: z.string(), lender: z.string() })),
  editionDate: z.string(),
}) satisfies z.ZodType<RegisterSummary>

/** `title_checks.flags`: titleFlags' answer as stored (jsonb). */
const FlagJson = z.object({
  kind: z.enum(['proprietor_mismatch', 'restriction', 'postcode_mismatch', 'possessory_title']),
  message: z.string(),
  suggestedEnquiry: z.string().nullable(),
}) satisfies z.ZodType<TitleFlag>

const Row = z.object({
  id: z.string(),
  title_number: z.string(),
  provider: z.string(),
  checked_at: Timestamp,
  checked_by: z.string().nullable(),
  register: RegisterJson,
  flags: z.array(FlagJson),
  document_id: z.string().nullable(),
})
type Row = z.output<typeof Row>

function toTitleCheck(r: Row): TitleCheck {
  const g = r.register
  return {
    id: r.id,
    title_number: r.title_number,
    provider: r.provider,
    checked_at: new Date(r.checked_at).toISOString(),
    checked_by: r.checked_by,
    class_of_title: g.classOfTitle,
    tenure: g.tenure,
    property_description: g.propertyDescription,
    postcode: g.postcode,
    proprietors: g.proprietors,
    price_paid: g.pricePaid ? { amount_pence: g.pricePaid.amountPence, date: g.pricePaid.date } : null,
    restrictions: g.restrictions,
    charges: g.charges,
    edition_date: g.editionDate,
    flags: r.flags.map((f) => ({ kind: f.kind, message: f.message, suggested_enquiry: f.suggestedEnquiry })),
    document_id: r.document_id,
  }
}

/** The move's checks, newest first, or the one with `id`. */
export async function readTitleChecks(db: Tx | Database['db'], txId: string, id?: string): Promise<TitleCheck[]> {
  const res = await db.execute(sql`
    select c.id, c.title_number, c.provider, c.checked_at, p.full_name as checked_by, c.register, c.flags, c.document_id
      from title_checks c left join profiles p on p.id = c.requested_by
     where c.transaction_id = ${txId} ${id ? sql`and c.id = ${id}` : sql``}
     order by c.checked_at desc, c.id desc`)
  return rows(Row, res).map(toTitleCheck)
}
