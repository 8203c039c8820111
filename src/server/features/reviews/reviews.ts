/**
 * Reviews after completion: the form (the firms that worked on a completed move, with the viewer's
 * review of each) and a submission. One review per move, reviewer and firm (409 on a second); the
 * firm must have worked on the move (422). The review appears in the marketplace at once and the
 * firm's accreditation is recomputed in the same database transaction (CSAT is a Gold criterion).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { ReviewForm, type SubmitReviewInput } from '#shared/contracts/reviews.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { oneRow, rows } from '#server/db/rows.ts'
import { marketplaceReviews } from '#server/db/schema/index.ts'
import { AppError } from '#server/core/errors.ts'
import { recomputeAccreditation } from '#server/core/accreditation/compute-accreditation.ts'
import { reviewableMove } from './review-access'

/** 'Amelia Turner' -> 'Amelia T.': how a review is signed in the marketplace. */
export function reviewerDisplayName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/)
  if (parts.length < 2) return parts[0] || 'A Homeward client'
  return `${parts[0]} ${parts[parts.length - 1].charAt(0).toUpperCase()}.`
}

const FIRMS_SQL = (txId: string, profileId: string) => sql`
  select o.id as organization_id, o.name, o.type,
    (select json_build_object('rating_int', r.rating_int, 'body', r.body, 'created_at', r.created_at)
     from marketplace_reviews r where r.transaction_id = ${txId} and r.reviewer_profile_id = ${profileId}
       and r.organization_id = o.id) as my_review
  from organizations o
  where o.id in (select organization_id from transaction_participants where transaction_id = ${txId})
  order by o.name`

export async function getReviewForm({
  database,
  viewer,
  txId,
}: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<ReviewForm> {
  return database.db.transaction(async (tx) => {
    const move = await reviewableMove(tx, viewer, txId)
    const firms = rows(ReviewForm.shape.firms.element, await tx.execute(FIRMS_SQL(txId, viewer.profileId)))
    return {
      transaction: { id: move.id, address: move.address, completion_date: move.completion_date },
      firms: firms.map((f) => ({
        ...f,
        my_review: f.my_review ? { ...f.my_review, created_at: new Date(f.my_review.created_at).toISOString() } : null,
      })),
    }
  })
}

export async function submitReview({
  database,
  viewer,
  txId,
  input,
}: {
  database: Database
  viewer: Viewer
  txId: string
  input: { organization_id: string; rating_int: number; body: string }
}): Promise<ReviewForm> {
  await database.db.transaction(async (tx) => {
    await reviewableMove(tx, viewer, txId)
    const on = await tx.execute(sql`select o.name from organizations o where o.id = ${input.organization_id}
      and exists(select 1 from transaction_participants tp where tp.transaction_id = ${txId} and tp.organization_id = o.id)`)
    if (on.rows.length === 0) {
      throw new AppError('unprocessable', 'This firm did not work on this move, so it cannot be reviewed here.', {
        organization_id: ['Choose a firm that worked on this move'],
      })
    }
    const name = oneRow(z.object({ name: z.string() }), on).name
    const inserted = await tx
      .insert(marketplaceReviews)
      .values({
        organizationId: input.organization_id,
        transactionId: txId,
        reviewerProfileId: viewer.profileId,
        ratingInt: input.rating_int,
        authorName: reviewerDisplayName(viewer.fullName),
        body: input.body,
      })
      .onConflictDoNothing()
      .returning({ id: marketplaceReviews.id })
    if (inserted.length === 0) {
      throw new AppError('conflict', `You have already reviewed ${name} for this move.`)
    }
    await recomputeAccreditation(tx, { organizationIds: [input.organization_id], source: 'change' })
  })
  return getReviewForm({ database, viewer, txId })
}

export type { SubmitReviewInput }
