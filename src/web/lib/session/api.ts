import { queryOptions, useQuery } from '@tanstack/react-query'
import { authEndpoints, type MeResponse } from '#shared/contracts/auth.ts'
import { callApi } from '../api-client'
import { ApiError } from '../api-error'

/** Query key of the current session; invalidate it after sign-in or sign-out. */
export const SESSION_QUERY_KEY = ['session', 'me'] as const

/** GET /api/me as a query: the signed-in person (MeResponse), or null when signed out (401). */
export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: async ({ signal }): Promise<MeResponse | null> => {
    try {
      return await callApi(authEndpoints.me, { signal })
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null
      throw err
    }
  },
  staleTime: 60_000,
})

/** The current session: `data` is MeResponse when signed in, null when signed out, undefined while loading. */
export function useSession() {
  return useQuery(sessionQueryOptions)
}
