import { queryOptions, useQuery } from '@tanstack/react-query'
import { accreditationEndpoints, type AccreditationPage } from '../../../shared/contracts/accreditation'
import { endpointUrl } from '../../../shared/contracts/endpoint'
import { apiFetch } from '../../lib/api-client'

/** GET /api/accreditation: the viewer's firm's tier, criteria, gaps, onboarding and history. */
export const accreditationQueryOptions = queryOptions({
  queryKey: ['accreditation'],
  queryFn: ({ signal }) => apiFetch<AccreditationPage>(endpointUrl(accreditationEndpoints.page), { signal }),
})

export function useAccreditation() {
  return useQuery(accreditationQueryOptions)
}
