import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { reviewEndpoints, type SubmitReviewInput } from '#shared/contracts/reviews.ts'
import { callApi } from '#web/lib/api-client.ts'

/** GET /api/transactions/{txId}/reviews. */
export const reviewFormQueryOptions = (txId: string) =>
  queryOptions({
    queryKey: ['reviews', txId],
    queryFn: ({ signal }) => callApi(reviewEndpoints.form, { params: { txId }, signal }),
    retry: false,
  })

export function useReviewForm(txId: string) {
  return useQuery(reviewFormQueryOptions(txId))
}

/** POST /api/transactions/{txId}/reviews: the answer is the updated form. */
export function useSubmitReview(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SubmitReviewInput) => callApi(reviewEndpoints.submit, { params: { txId }, body: input }),
    onSuccess: (form) => queryClient.setQueryData(['reviews', txId], form),
  })
}
