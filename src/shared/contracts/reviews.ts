/**
 * Contracts of reviews after completion: the buyer or the seller of a completed move rates each firm
 * that worked on it, 1 to 5 with a comment, once per firm. Reviews feed the marketplace and the
 * firm's CSAT.
 */
import { z } from 'zod'
import { ORGANIZATION_TYPES } from '../domain/organizations'
import { Timestamp, Uuid } from './common'
import { displayText } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

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
  body: displayText()
    .trim()
    .max(REVIEW_BODY_MAX_CHARS, `A review can be at most ${REVIEW_BODY_MAX_CHARS.toLocaleString('en-GB')} characters`)
    .default(''),
})
export type SubmitReviewInput = z.input<typeof SubmitReviewInput>

export const ReviewParams = z.object({ txId: Uuid })

const RULES = {
  403: { description: 'Not the buyer or the seller of this move' },
  409: { description: 'The move has not completed, or this firm is already reviewed' },
  422: { description: 'The firm did not work on this move' },
}

/** Review endpoints: the buyer or the seller of a completed move. */
export const reviewEndpoints = {
  form: endpoint({
    method: 'get',
    path: '/transactions/{txId}/reviews',
    summary: "The firms that worked on a completed move and the viewer's review of each",
    request: { params: ReviewParams },
    responses: { 200: json('Review form', ReviewForm), ...RULES, ...ERRORS },
  }),
  submit: endpoint({
    method: 'post',
    path: '/transactions/{txId}/reviews',
    summary: 'Rate a firm that worked on the move, 1 to 5 with a comment (once per firm)',
    request: { params: ReviewParams, body: jsonBody(SubmitReviewInput) },
    responses: { 201: json('Review form with the new review', ReviewForm), ...RULES, ...ERRORS },
  }),
}
