/** HTTP edge of reviews after completion: the form and a submission, on a move the viewer is buyer or seller of. */
import { reviewEndpoints as endpoints } from '#shared/contracts/reviews.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { getReviewForm, submitReview } from './reviews'

export function reviewsRoutes({ database }: AppDeps) {
  return createRouter()
    .openapi(endpoints.form, async (c) => {
      const { txId } = c.req.valid('param')
      return c.json(await getReviewForm({ database, viewer: requireViewer(c), txId }), 200)
    })
    .openapi(endpoints.submit, async (c) => {
      const { txId } = c.req.valid('param')
      const input = c.req.valid('json')
      return c.json(await submitReview({ database, viewer: requireViewer(c), txId, input }), 201)
    })
}
