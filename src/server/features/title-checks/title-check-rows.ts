/** Reads title checks as the API answers them (TitleCheck in src/shared/contracts/title-checks.ts). */
import { sql } from 'drizzle-orm'
import type { TitleCheck } from '#shared/contracts/title-checks.ts'
import type { RegisterSummary, TitleFlag } from '#shared/domain/title-check.ts'
import type { Database, Tx } from '#server/db/client.ts'

interface Row {
  id: string
  title_number: string
  provider: string
  checked_at: string | Date
  checked_by: string | null
  register: RegisterSummary
  flags: TitleFlag[]
  document_id: string | null
}

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
  return (res.rows as unknown as Row[]).map(toTitleCheck)
}
