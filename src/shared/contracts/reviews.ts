/**
 * Contracts of reviews after completion: the buyer or the seller of a completed move rates each firm
 * that worked on it, 1 to 5 with a comment, once per firm. Reviews feed the marketplace and the
 * firm's CSAT.
 */
import { z } from 'zod'
import { ORGANIZATION_TYPES } from '../domain/organizations'
import { Timestamp, Uuid } from './common'

/** At most 2,000 characters of comment. */
export const REVIEW_BODY_MAX_CHARS = 2000

/** GET /api/transactions/{txId}/reviews: the firms on the move and the viewer's review of each. */
export const ReviewForm = z.object({
  transaction: z.object({ id: Uuid, address: z.string(), completion_date: z.string().nullable() }),
  firms: z.array(
    z.object({
      organization_id: Uuid,
      name: z.string(),
      type: z.enum(ORGANIZATION_TYPES),
      my_review: z.object({ rating_int: z.number().int(), body: z.string(), created_at: Timestamp }).nullable(),
    }),
  ),
})
export type ReviewForm = z.infer<typeof ReviewForm>

/** POST /api/transactions/{txId}/reviews. */
export const SubmitReviewInput = z.object({
  organization_id: Uuid,
  rating_int: z
    .number({ message: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
  body: z
    .string()
    .trim()
    .max(REVIEW_BODY_MAX_CHARS, `A review can be at most ${REVIEW_BODY_MAX_CHARS.toLocaleString('en-GB')} characters`)
    .default(''),
})
export type SubmitReviewInput = z.input<typeof SubmitReviewInput>
