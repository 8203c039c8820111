/**
 * GET /api/transactions/{txId}/identity/{profileId}/images/{image}: a party's document photo or
 * selfie, opened from its sealed copy, for the person themselves or the conveyancer instructed for
 * them (access/verification.ts; anyone else 404). Every view is an entry in the move's audit trail.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { assertMayViewIdentity, clientSide } from '#server/access/verification.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, IdRow } from '#server/db/rows.ts'
import { notFound } from '#server/core/errors.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { currentCheck } from './identity-check'
import { readSealedImage } from './sealed-images'

const ImageKeys = z.object({
  id: z.string(),
  document_image_key: z.string().nullable(),
  selfie_image_key: z.string().nullable(),
})

export async function viewIdentityImage(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  txId: string
  profileId: string
  image: 'document' | 'selfie'
}): Promise<{ contentType: string; bytes: Buffer }> {
  const { checkId, key } = await opts.database.db.transaction(async (tx) => {
    await assertMayViewIdentity(tx, opts.viewer, opts.txId, opts.profileId)
    // The check a decided CDD record relied on, else the person's current one.
    const linked = await tx.execute(sql`select identity_check_id as id from cdd_records
      where transaction_id = ${opts.txId} and client_profile_id = ${opts.profileId} and decision is not null
        and identity_check_id is not null`)
    const linkedId = firstRow(IdRow, linked)?.id
    const check = linkedId
      ? firstRow(
          ImageKeys,
          await tx.execute(
            sql`select id, document_image_key, selfie_image_key from identity_checks where id = ${linkedId}`,
          ),
        )
      : await currentCheck(tx, opts.profileId)
    const key = opts.image === 'document' ? check?.document_image_key : check?.selfie_image_key
    if (!check || !key) throw notFound('image')
    const self = opts.viewer.profileId === opts.profileId
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'identity.image_viewed',
      // The firm of the client whose images these are (a professional's own images: the buyer's firm's, the narrowest).
      side: (await clientSide(tx, opts.txId, opts.profileId)) ?? 'buyer',
      summary: `viewed ${self ? 'their own' : "a client's"} identity ${opts.image === 'document' ? 'document photo' : 'selfie'}`,
      payload: { checkId: check.id, image: opts.image },
    })
    return { checkId: check.id, key }
  })
  return readSealedImage(opts.storage, checkId, opts.image, key)
}
