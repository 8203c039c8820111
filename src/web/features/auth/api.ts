import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SignInInput, SignUpInput } from '../../../shared/contracts/auth'
import { apiFetch } from '../../lib/api-client'
import { sessionQueryOptions } from '../session/api'

/**
 * After signing in or up, forget anything cached for a previous person and load /api/me afresh, so
 * the next screen sees the new session at once.
 */
async function startSession(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' })
  await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 })
}

/** POST /api/auth/sign-in/email, then loads the session. Errors are ApiError with the server's message. */
export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await apiFetch('/api/auth/sign-in/email', { method: 'POST', body: input })
      await startSession(queryClient)
    },
  })
}

/**
 * POST /api/auth/sign-up/email with the 'I am a...' choice as `role` (stored as consumer_/pro_ role,
 * spec section 6). The server signs the new person in, then the session is loaded.
 */
export function useSignUp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      await apiFetch('/api/auth/sign-up/email', { method: 'POST', body: input })
      await startSession(queryClient)
    },
  })
}
