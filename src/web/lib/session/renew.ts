import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '../api-client'

/**
 * GET /api/auth/get-session: Better Auth extends the session cookie (sliding expiry) when it is
 * read, so the signed-in app calls it once per page load. The answer itself is not used: who is
 * signed in comes from /api/me (sessionQueryOptions).
 */
export const renewSessionQueryOptions = queryOptions({
  queryKey: ['session', 'renew'],
  queryFn: ({ signal }) => apiFetch<unknown>('/api/auth/get-session', { signal }).then(() => true),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
})

/** Renews the session once per app load (see renewSessionQueryOptions). */
export function useRenewSession(): void {
  useQuery(renewSessionQueryOptions)
}
