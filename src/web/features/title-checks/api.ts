/**
 * The title check endpoints through their catalogue entries: the move's checks, running one, and
 * raising a flag's suggested enquiry (the enquiries endpoint, as the buyer's conveyancer raises any).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { enquiryEndpoints } from '#shared/contracts/enquiries.ts'
import { titleCheckEndpoints } from '#shared/contracts/title-checks.ts'
import { callApi } from '#web/lib/api-client.ts'
import { transactionQueryKey } from '#web/lib/query-keys.ts'

const titleChecksKey = (txId: string) => ['title-checks', txId] as const

/** GET /api/transactions/{txId}/title-checks; `enabled` false for a viewer who may not read it. */
export function useTitleChecks(txId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: titleChecksKey(txId),
    queryFn: ({ signal }) => callApi(titleCheckEndpoints.list, { params: { txId }, signal }),
  })
}

/** POST .../title-checks: the list reloads, and the move (its documents and title number). */
export function useRunTitleCheck(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (titleNumber: string) =>
      callApi(titleCheckEndpoints.run, { params: { txId }, body: { title_number: titleNumber } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: titleChecksKey(txId) }),
        queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId) }),
      ]),
  })
}

/** POST .../enquiries with one title enquiry. */
export function useRaiseTitleEnquiry(txId: string) {
  return useMutation({
    mutationFn: (body: string) =>
      callApi(enquiryEndpoints.raise, { params: { txId }, body: { enquiries: [{ category: 'title', body }] } }),
  })
}
