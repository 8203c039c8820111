import { queryOptions, useQuery } from '@tanstack/react-query'
import { accreditationEndpoints } from '#shared/contracts/accreditation.ts'
import { callApi } from '#web/lib/api-client.ts'

/** GET /api/accreditation: the viewer's firm's tier, criteria, gaps, onboarding and history. */
export const accreditationQueryOptions = queryOptions({
  queryKey: ['accreditation'],
  queryFn: ({ signal }) => callApi(accreditationEndpoints.page, { signal }),
})

export function useAccreditation() {
  return useQuery(accreditationQueryOptions)
}
