import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { twoFactorEndpoints, type EnableTwoFactorResult } from '#shared/contracts/two-factor.ts'
import { apiFetch, callApi } from '#web/lib/api-client.ts'
import { accountKeys } from './api'

/** Query key of GET /api/account/two-factor (under the account keys, so account changes refresh it). */
export const twoFactorKey = [...accountKeys.all, 'two-factor'] as const

/** GET /api/account/two-factor: on or off, backup codes left, and whether this session may change it. */
export const twoFactorQueryOptions = queryOptions({
  queryKey: twoFactorKey,
  queryFn: ({ signal }) => callApi(twoFactorEndpoints.status, { signal }),
})

export function useTwoFactorStatus() {
  return useQuery(twoFactorQueryOptions)
}

// Enabling, confirming, disabling and new backup codes are Better Auth's /api/auth/two-factor/*
// endpoints (our edge validates their bodies): their answers are Better Auth's, outside the catalogue.

/**
 * Enabling, confirming and disabling re-issue the session (Better Auth) and add security events:
 * refresh the account's queries (status, sessions, activity).
 */
function useTwoFactorMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  })
}

/** POST /api/auth/two-factor/enable (password): the otpauth:// URI for the QR code and 10 backup codes. */
export function useEnableTwoFactor() {
  return useTwoFactorMutation((password: string) =>
    apiFetch<EnableTwoFactorResult>('/api/auth/two-factor/enable', { method: 'POST', body: { password } }),
  )
}

/** POST /api/auth/two-factor/verify-totp while signed in: a code from the app turns two-factor on. */
export function useConfirmTwoFactor() {
  return useTwoFactorMutation((code: string) =>
    apiFetch('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } }),
  )
}

/** POST /api/auth/two-factor/disable (password). */
export function useDisableTwoFactor() {
  return useTwoFactorMutation((password: string) =>
    apiFetch('/api/auth/two-factor/disable', { method: 'POST', body: { password } }),
  )
}

/** POST /api/auth/two-factor/generate-backup-codes (password): 10 new codes; the old ones stop working. */
export function useRegenerateBackupCodes() {
  return useTwoFactorMutation((password: string) =>
    apiFetch<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', {
      method: 'POST',
      body: { password },
    }),
  )
}
