/**
 * Standard enquiry lists: Homeward's defaults per category (src/shared/domain/standard-enquiries.json)
 * unless the firm replaced a category's list with its own. A firm's people read and change its
 * lists (access/firms.ts); on a matter, the buyer's conveyancer raises from their firm's lists.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { StandardEnquiries } from '#shared/contracts/enquiries.ts'
import { DEFAULT_STANDARD_ENQUIRIES, ENQUIRY_CATEGORIES, type EnquiryCategory } from '#shared/domain/enquiries.ts'
import { assertCanManageFirm } from '#server/access/firms.ts'
import { readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, rows } from '#server/db/rows.ts'
import type { ClientInfo } from '#server/auth/client-info.ts'
import { firmName, recordFirmEvent } from '#server/core/audit/firm-events.ts'

async function readLists(db: Database['db'] | Tx, organizationId: string | null): Promise<StandardEnquiries> {
  const own = new Map<string, string[]>()
  if (organizationId) {
    const res = await db.execute(
      sql`select category, items from standard_enquiry_lists where organization_id = ${organizationId}`,
    )
    for (const r of rows(z.object({ category: z.string(), items: z.array(z.string()) }), res))
      own.set(r.category, r.items)
  }
  return {
    organization_id: organizationId,
    categories: ENQUIRY_CATEGORIES.map((category) => ({
      category,
      items: own.get(category) ?? [...DEFAULT_STANDARD_ENQUIRIES[category]],
      custom: own.has(category),
    })),
  }
}

/** The firm's lists (404 unless the viewer acts for the firm). */
export async function getFirmStandardEnquiries(opts: { database: Database; viewer: Viewer; orgId: string }) {
  await assertCanManageFirm(opts.database.db, opts.viewer, opts.orgId)
  return readLists(opts.database.db, opts.orgId)
}

/**
 * Replaces one category's list (admins); an empty list restores Homeward's defaults for it, so a
 * category always has a list to raise from (removing the last item of the firm's own list does
 * this; the page says so first). Appends firm.standard_enquiries_changed.
 */
export async function putFirmStandardEnquiries(opts: {
  database: Database
  viewer: Viewer
  orgId: string
  category: EnquiryCategory
  items: string[]
  origin?: ClientInfo
}): Promise<StandardEnquiries> {
  return opts.database.db.transaction(async (tx) => {
    await assertCanManageFirm(tx, opts.viewer, opts.orgId, { admin: true })
    if (opts.items.length === 0) {
      await tx.execute(sql`delete from standard_enquiry_lists
        where organization_id = ${opts.orgId} and category = ${opts.category}`)
    } else {
      const items = sql`array[${sql.join(
        opts.items.map((i) => sql`${i}`),
        sql`, `,
      )}]::text[]`
      await tx.execute(sql`
        insert into standard_enquiry_lists (organization_id, category, items, updated_by)
        values (${opts.orgId}, ${opts.category}, ${items}, ${opts.viewer.profileId})
        on conflict (organization_id, category)
        do update set items = excluded.items, updated_by = excluded.updated_by, updated_at = now()`)
    }
    await recordFirmEvent(tx, {
      viewer: opts.viewer,
      kind: 'firm.standard_enquiries_changed',
      organizationId: opts.orgId,
      firmName: await firmName(tx, opts.orgId),
      detail: { category: opts.category, items: opts.items.length, restored_default: opts.items.length === 0 },
      origin: opts.origin,
    })
    return readLists(tx, opts.orgId)
  })
}

/** The lists the viewer raises from on this matter: their firm's on it, else the defaults (404 when not on it). */
export async function standardEnquiriesForMatter(opts: { database: Database; viewer: Viewer; txId: string }) {
  return opts.database.db.transaction(async (tx) => {
    await readViewerRole(tx, opts.viewer, opts.txId)
    const res = await tx.execute(sql`select organization_id from transaction_participants
      where transaction_id = ${opts.txId} and user_id = ${opts.viewer.profileId}`)
    return readLists(tx, firstRow(z.object({ organization_id: z.string().nullable() }), res)?.organization_id ?? null)
  })
}
