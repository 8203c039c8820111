/**
 * Removes stored objects that no document row (of a move or of a home logbook) refers to, and what interrupted writes left behind
 * ("the server killed mid-upload: no row, no orphan after restart"). An upload writes its
 * object before its row commits; a process killed in between leaves an object without a row.
 * Only objects older than `olderThan` are touched, so uploads in flight in other processes are safe.
 */
import type { Database } from '#server/db/client.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'

const BATCH = 500

/** Returns how many orphaned objects and incomplete writes were removed. */
export async function sweepOrphanedDocumentObjects(opts: {
  database: Database
  storage: ObjectStorage
  olderThan: Date
}): Promise<{ orphans: number; incomplete: number }> {
  const incomplete = await opts.storage.sweepIncomplete(opts.olderThan)
  const keys = await opts.storage.list('documents/', { olderThan: opts.olderThan })
  let orphans = 0
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = keys.slice(i, i + BATCH)
    const known = await opts.database.query<{ storage_key: string }>(
      // A home logbook may hold a move's file after the move's own row is gone.
      `select storage_key from documents where storage_key = any($1::text[])
       union select storage_key from logbook_documents where storage_key = any($1::text[])`,
      [batch],
    )
    const referenced = new Set(known.map((k) => k.storage_key))
    for (const key of batch) {
      if (referenced.has(key)) continue
      await opts.storage.delete(key)
      orphans++
    }
  }
  return { orphans, incomplete }
}
