import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { directoryEndpoints, type OrganizationProfile } from '#shared/contracts/directory.ts'
import { callApi } from '#web/lib/api-client.ts'

/** GET /api/organizations: the whole directory, highest tier first (spec: The calls the product makes, 'Directory'). Public. */
export const directoryQueryOptions = queryOptions({
  queryKey: ['directory'],
  queryFn: ({ signal }) => callApi(directoryEndpoints.list, { signal }),
  staleTime: 60_000,
})

/** GET /api/organizations/{orgId}: one professional with full reviews. 404 (ApiError) when unknown. */
export function organizationQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ['directory', 'organization', orgId],
    queryFn: ({ signal }) => callApi(directoryEndpoints.profile, { params: { orgId }, signal }),
    staleTime: 60_000,
  })
}

/**
 * The directory query. `enabled`: false while the page can do without the whole directory (it shows
 * the server's page of results); what the cache already holds is still returned.
 */
export function useDirectory(enabled = true) {
  return useQuery({ ...directoryQueryOptions, enabled })
}

/**
 * One professional's profile query. `initial`: the profile the server rendered the page with (the
 * cache starts from it), or null when the server found no such firm (nothing is fetched).
 */
export function useOrganization(orgId: string, initial?: OrganizationProfile | null) {
  return useQuery({ ...organizationQueryOptions(orgId), initialData: initial ?? undefined, enabled: initial !== null })
}

/** A function that starts loading a profile before it is opened (on hover or focus of its link). */
export function usePrefetchOrganization(): (orgId: string) => void {
  const queryClient = useQueryClient()
  return (orgId) => void queryClient.prefetchQuery(organizationQueryOptions(orgId))
}
