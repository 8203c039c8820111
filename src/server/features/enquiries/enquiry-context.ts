/**
 * What every enquiry write shares: the matter locked for the viewer (404 when they may not see it),
 * their part on it (src/shared/domain/enquiries.ts enquiryRoleOf), the enquiry locked, and the
 * optimistic version check: a stale version is 409 naming the current one (in the message and in
 * `fields.version`), so the second of two concurrent edits loses nothing and can retry on it.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  ENQUIRY_CATEGORIES,
  ENQUIRY_STATUSES,
  enquiryRoleOf,
  type EnquiryCategory,
  type EnquiryStatus,
} from '#shared/domain/enquiries.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'

export interface EnquiryContext extends NotificationDelivery {
  viewer: Viewer
  txId: string
}

export const LockedEnquiry = z.object({
  id: z.string(),
  number: z.number(),
  category: z.enum(ENQUIRY_CATEGORIES),
  status: z.enum(ENQUIRY_STATUSES),
  body: z.string(),
  version: z.number(),
  raised_by: z.string().nullable(),
  seller_task_id: z.string().nullable(),
  buyer_task_id: z.string().nullable(),
})
export type LockedEnquiry = z.infer<typeof LockedEnquiry>

/** A person's part in the enquiries of a matter (enquiryRoleOf). */
export type EnquiryPart = ReturnType<typeof enquiryRoleOf>

/** The viewer's part on the matter, with the transaction row locked; 404 when they may not see it. */
export async function lockMatter(tx: Tx, viewer: Viewer, txId: string) {
  const { role } = await lockTransactionForViewer(tx, viewer, txId)
  return { role, part: enquiryRoleOf(role) }
}

/** Locks the enquiry of this matter; 404 when there is none; 409 when `version` is stale. */
export async function lockEnquiry(tx: Tx, txId: string, enquiryId: string, version: number): Promise<LockedEnquiry> {
  const res = await tx.execute(sql`
    select id, number, category, status, body, version, raised_by, seller_task_id, buyer_task_id from enquiries
    where id = ${enquiryId} and transaction_id = ${txId} for update`)
  const row = firstRow(LockedEnquiry, res)
  if (!row) throw notFound('enquiry')
  if (row.version !== version) {
    throw new AppError(
      'conflict',
      `Someone else changed enquiry ${row.number} a moment ago (it is now at version ${row.version}). We have loaded the latest: check it and try again.`,
      { version: [String(row.version)] },
    )
  }
  return row
}

/** Bumps the enquiry's version with its other changes. */
export async function saveEnquiry(
  tx: Tx,
  enquiryId: string,
  change: {
    status?: EnquiryStatus
    body?: string
    category?: EnquiryCategory
    sellerTaskId?: string
    buyerTaskId?: string
  },
): Promise<void> {
  const closes = change.status === 'satisfied' || change.status === 'withdrawn'
  await tx.execute(sql`
    update enquiries set
      status = coalesce(${change.status ?? null}, status),
      body = coalesce(${change.body ?? null}, body),
      category = coalesce(${change.category ?? null}, category),
      seller_task_id = coalesce(${change.sellerTaskId ?? null}::uuid, seller_task_id),
      buyer_task_id = coalesce(${change.buyerTaskId ?? null}::uuid, buyer_task_id),
      closed_at = ${closes ? sql`now()` : sql`closed_at`},
      version = version + 1, updated_at = now()
    where id = ${enquiryId}`)
}
