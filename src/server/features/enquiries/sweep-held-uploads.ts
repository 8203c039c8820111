/**
 * Removes files uploaded through an enquiry reply link (decision 054) that can no longer be sent:
 * a file is held (a row of `enquiry_reply_link_uploads` with `used_at` null, its object under
 * `enquiry-link-uploads/`) until its reply is sent, when it becomes a document of the move. A held
 * file whose link has expired or been revoked, or that has waited HELD_UPLOAD_MAX_AGE_DAYS, will
 * never be sent: its object and row go. Objects under the prefix with no row and no document (a
 * process killed between storing and recording, or a link's rows removed with its move) go too,
 * once older than an hour.
 *
 * Claim: each batch of rows is taken `for update skip locked` and deleted in the same transaction,
 * so two processes never sweep the same file; the object is deleted before the row commits (a
 * failed delete rolls the row back and is retried on the next run). Returns the counts removed.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { rows } from '#server/db/rows.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'

/** How long a file uploaded through a live link is held for its reply before it is removed. */
export const HELD_UPLOAD_MAX_AGE_DAYS = 7
const BATCH = 200
const PREFIX = 'enquiry-link-uploads/'
const STRAY_AGE_MS = 60 * 60 * 1000

export async function sweepHeldLinkUploads(opts: {
  database: Database
  storage: ObjectStorage
  now: Date
  /** Looked at between batches: aborted (shutdown), the rest wait for the next run. */
  signal?: AbortSignal
}): Promise<{ held: number; strays: number }> {
  const { database, storage, now, signal } = opts
  const cutoff = new Date(now.getTime() - HELD_UPLOAD_MAX_AGE_DAYS * 86_400_000)
  let held = 0
  for (;;) {
    const removed = await database.db.transaction(async (tx) => {
      const batch = rows(
        z.object({ id: z.string(), storage_key: z.string() }),
        await tx.execute(sql`select u.id, u.storage_key from enquiry_reply_link_uploads u
            join enquiry_reply_links l on l.id = u.link_id
          where u.used_at is null
            and (l.revoked_at is not null or l.expires_at <= ${now.toISOString()}::timestamptz
                 or u.created_at <= ${cutoff.toISOString()}::timestamptz)
          order by u.created_at limit ${BATCH} for update of u skip locked`),
      )
      for (const u of batch) await storage.delete(u.storage_key)
      if (batch.length > 0)
        await tx.execute(
          sql`delete from enquiry_reply_link_uploads where id in (${sql.join(
            batch.map((u) => sql`${u.id}::uuid`),
            sql`, `,
          )})`,
        )
      return batch.length
    })
    held += removed
    if (removed < BATCH) break
    if (signal?.aborted) return { held, strays: 0 }
  }

  let strays = 0
  const keys = await storage.list(PREFIX, { olderThan: new Date(now.getTime() - STRAY_AGE_MS) })
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = keys.slice(i, i + BATCH)
    const known = await database.query<{ storage_key: string }>(
      `select storage_key from enquiry_reply_link_uploads where storage_key = any($1::text[])
       union select storage_key from documents where storage_key = any($1::text[])
       union select storage_key from logbook_documents where storage_key = any($1::text[])`,
      [batch],
    )
    const referenced = new Set(known.map((k) => k.storage_key))
    for (const key of batch) {
      if (referenced.has(key)) continue
      await storage.delete(key)
      strays++
    }
  }
  return { held, strays }
}
