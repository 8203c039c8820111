import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '../api-client'
import { PAGE_PATHS } from '#shared/paths.ts'

// Requests for the emails that carry a one-time link. Both are asked for from more than one place
// (the sign-in screen and account settings; the confirm-your-email banner and the signing form).

/**
 * POST /api/auth/request-password-reset. The answer is the same whether or not the email has an
 * account (no account enumeration); a link valid for 1 hour is emailed when it does.
 */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch('/api/auth/request-password-reset', {
        method: 'POST',
        body: { email, redirectTo: PAGE_PATHS.resetPassword },
      }),
  })
}

/** POST /api/auth/send-verification-email for the signed-in person (at most 1 a minute, 5 an hour). */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => apiFetch('/api/auth/send-verification-email', { method: 'POST', body: { email } }),
  })
}
