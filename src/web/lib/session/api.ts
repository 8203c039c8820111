import { queryOptions, useQuery } from '@tanstack/react-query'
import { authEndpoints, type MeResponse } from '#shared/contracts/auth.ts'
// Better Auth's /api/auth/get-session is called with apiFetch (its answer is Better Auth's, not in the catalogue).
import { apiFetch, callApi } from '../api-client'
import { ApiError } from '../api-error'

/** Query key of the current session; invalidate it after sign-in or sign-out. */
export const SESSION_QUERY_KEY = ['session', 'me'] as const

/**
 * The signed-in person as a query: MeResponse, or null when signed out. Better Auth's
 * GET /api/auth/get-session answers 200 with null when there is no session, so a signed-out page
 * asks it first and never calls GET /api/me, whose 401 the browser would log as a console error on
 * every signed-out page (issue 38); signed in, /api/me gives the profile and roles. A session that
 * ends between the two calls still reads as signed out (401).
 */
export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: async ({ signal }): Promise<MeResponse | null> => {
    try {
      const session = await apiFetch<unknown>('/api/auth/get-session', { signal })
      if (session === null || session === undefined) return null
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
