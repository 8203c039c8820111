/**
 * Keeping CDD no longer than the law asks (MLR 2017 reg 40): a record is kept 5 years from the end of
 * the business relationship, then deleted. A daily job marks the records of moves that completed or
 * were cancelled with the day the move last changed (the relationship's end), deletes those past
 * retention (cddDueForDeletion, src/shared/domain/client-due-diligence.ts), and deletes identity checks
 * no record relies on once they have expired (30 days' grace) or were abandoned (90 days), with their
 * images. Account deletion calls eraseUnreliedIdentityChecks for the person at once.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { cddDueForDeletion } from '#shared/domain/client-due-diligence.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { rows } from '#server/db/rows.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { londonToday } from './identity-check'

const ImageKeys = z.object({ document_image_key: z.string().nullable(), selfie_image_key: z.string().nullable() })

async function deleteChecks(tx: Tx, where: ReturnType<typeof sql>): Promise<string[]> {
  const res = await tx.execute(sql`delete from identity_checks c where ${where}
    and not exists (select 1 from cdd_records r where r.identity_check_id = c.id)
    returning document_image_key, selfie_image_key`)
  return rows(ImageKeys, res)
    .flatMap((r) => [r.document_image_key, r.selfie_image_key])
    .filter((k): k is string => !!k)
}

/** Deletes the person's identity checks that no CDD record relies on; returns the image keys to delete after commit. */
export async function eraseUnreliedIdentityChecks(tx: Tx, profileId: string): Promise<string[]> {
  return deleteChecks(tx, sql`c.profile_id = ${profileId}`)
}

/** One run: returns what it did. `today` is yyyy-mm-dd (Europe/London). */
export async function runCddRetention(opts: {
  database: Database
  storage: ObjectStorage
  today?: string
}): Promise<{ ended: number; deleted: number; checksDeleted: number }> {
  const today = opts.today ?? londonToday()
  const result = await opts.database.db.transaction(async (tx) => {
    const ended = await tx.execute(sql`update cdd_records r
      set relationship_ended_on = (t.updated_at at time zone 'Europe/London')::date, updated_at = now()
      from transactions t where t.id = r.transaction_id and t.status in ('completed', 'cancelled')
        and r.relationship_ended_on is null returning r.id`)
    const candidates = await tx.execute(
      sql`select id, relationship_ended_on::text as ended from cdd_records where relationship_ended_on is not null`,
    )
    const due = rows(z.object({ id: z.string(), ended: z.string() }), candidates)
      .filter((r) => cddDueForDeletion(r.ended, today))
      .map((r) => r.id)
    if (due.length) {
      await tx.execute(
        sql`delete from cdd_records where id in (${sql.join(
          due.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      )
    }
    const keys = await deleteChecks(
      tx,
      sql`((c.status = 'verified' and c.expires_at < now() - interval '30 days')
        or (c.status <> 'verified' and c.updated_at < now() - interval '90 days'))`,
    )
    return { ended: ended.rows.length, deleted: due.length, keys }
  })
  for (const key of result.keys) await opts.storage.delete(key).catch(() => {})
  return { ended: result.ended, deleted: result.deleted, checksDeleted: result.keys.length / 2 }
}
