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

/**
 * POST /api/auth/request-password-reset. The answer is the same whether or not the email has an
 * account (no account enumeration); a link valid for 1 hour is emailed when it does.
 */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch('/api/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: '/reset-password' } }),
  })
}

/** POST /api/auth/reset-password with the emailed token; ends every session of the account. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiFetch('/api/auth/reset-password', { method: 'POST', body: input }),
  })
}

/** POST /api/auth/email-otp/send-verification-otp (type sign-in): emails a 6-digit code, valid 10 minutes. */
export function useSendSignInCode() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch('/api/auth/email-otp/send-verification-otp', { method: 'POST', body: { email, type: 'sign-in' } }),
  })
}

/** POST /api/auth/sign-in/email-otp, then loads the session. */
export function useSignInWithCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { email: string; otp: string }) => {
      await apiFetch('/api/auth/sign-in/email-otp', { method: 'POST', body: input })
      await startSession(queryClient)
    },
  })
}

/** POST /api/auth/send-verification-email for the signed-in person (at most 1 a minute, 5 an hour). */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => apiFetch('/api/auth/send-verification-email', { method: 'POST', body: { email } }),
  })
}

/** GET /api/auth/verify-email?token=: marks the email verified, or throws ApiError (expired, not valid). */
export async function verifyEmail(token: string): Promise<void> {
  await apiFetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)
}
