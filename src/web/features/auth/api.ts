import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SignInInput, SignUpInput, SignUpResult } from '#shared/contracts/auth.ts'
// Better Auth's /api/auth/* endpoints, called with apiFetch: our edge validates their bodies, but their
// answers are Better Auth's, so they are not in the endpoint catalogue (src/shared/contracts/auth.ts).
import { apiFetch } from '#web/lib/api-client.ts'
import { sessionQueryOptions } from '#web/lib/session/api.ts'

/**
 * After signing in or up, forget anything cached for a previous person and load /api/me afresh, so
 * the next screen sees the new session at once.
 */
async function startSession(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' })
  await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 })
}

/** What a first factor led to: signed in, or (two-factor on) the code step comes next, with no session yet. */
export interface SignInResult {
  twoFactor: boolean
}

/** Starts the session, unless the answer is Better Auth's `{ twoFactorRedirect: true }`. */
async function afterFirstFactor(queryClient: ReturnType<typeof useQueryClient>, body: unknown): Promise<SignInResult> {
  if (body && typeof body === 'object' && (body as { twoFactorRedirect?: unknown }).twoFactorRedirect === true) {
    return { twoFactor: true }
  }
  await startSession(queryClient)
  return { twoFactor: false }
}

/**
 * POST /api/auth/sign-in/email, then loads the session, or says the two-factor step comes next.
 * Errors are ApiError with the server's message.
 */
export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: SignInInput) =>
      afterFirstFactor(
        queryClient,
        await apiFetch<unknown>('/api/auth/sign-in/email', { method: 'POST', body: input }),
      ),
  })
}

/**
 * The second factor of a pending sign-in: POST /api/auth/two-factor/verify-totp (a code from the
 * authenticator app) or verify-backup-code (used up), then loads the session. Wrong codes answer 401,
 * a locked second factor 429 with a message saying when to try again.
 */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ method, code }: { method: 'totp' | 'backup'; code: string }) => {
      const path = method === 'totp' ? 'verify-totp' : 'verify-backup-code'
      await apiFetch(`/api/auth/two-factor/${path}`, { method: 'POST', body: { code } })
      await startSession(queryClient)
    },
  })
}

/**
 * POST /api/auth/sign-up/email with the 'I am a...' choice as `role` (stored as consumer_/pro_ role,
 * Spec: Roles and permissions) and, optionally, `next` (where the emailed link continues to). The answer is the same
 * for a new address and one that already has an account: nobody is signed in; the
 * emailed link confirms the address and signs the new person in.
 */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      apiFetch<SignUpResult>('/api/auth/sign-up/email', { method: 'POST', body: input }),
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

/** POST /api/auth/sign-in/email-otp, then loads the session, or says the two-factor step comes next. */
export function useSignInWithCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { email: string; otp: string }) =>
      afterFirstFactor(
        queryClient,
        await apiFetch<unknown>('/api/auth/sign-in/email-otp', { method: 'POST', body: input }),
      ),
  })
}

/**
 * GET /api/auth/verify-email?token=: marks the email verified, or throws ApiError (expired, not valid).
 * The first use of a sign-up's link also signs in; with two-factor on, `twoFactorRedirect` says the
 * code step comes next (server auth/two-factor.ts).
 */
export async function verifyEmail(token: string): Promise<{ email?: string; twoFactorRedirect?: boolean }> {
  // `email` is set when the link finished an email change (the account's new address).
  const body = await apiFetch<{ email?: string; twoFactorRedirect?: boolean } | null>(
    `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
  )
  return body ?? {}
}
