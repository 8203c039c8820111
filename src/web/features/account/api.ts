import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AccountProfile,
  AccountSessionList,
  ChangeEmailInput,
  ChangePasswordInput,
  SecurityEventList,
  UpdateProfileInput,
} from '../../../shared/contracts/account'
import type { MeResponse } from '../../../shared/contracts/auth'
import { apiFetch } from '../../lib/api-client'
import { SESSION_QUERY_KEY } from '../../lib/session/api'

export const accountKeys = {
  all: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
  events: ['account', 'security-events'] as const,
}

/** GET /api/account/sessions: the viewer's active sessions (this one first) and whether they signed in recently. */
export const sessionsQueryOptions = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }) => apiFetch<AccountSessionList>('/api/account/sessions', { signal }),
})

export function useAccountSessions() {
  return useQuery(sessionsQueryOptions)
}

/** GET /api/account/security-events: the viewer's own, newest first. */
export const securityEventsQueryOptions = queryOptions({
  queryKey: accountKeys.events,
  queryFn: ({ signal }) => apiFetch<SecurityEventList>('/api/account/security-events', { signal }),
})

export function useSecurityEvents() {
  return useQuery(securityEventsQueryOptions)
}

/** PATCH /api/account/profile: the new name goes into the session's cached profile at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      apiFetch<AccountProfile>('/api/account/profile', { method: 'PATCH', body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData<MeResponse | null>(SESSION_QUERY_KEY, (me) =>
        me ? { ...me, profile: { ...me.profile, full_name: profile.fullName } } : me,
      )
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
    },
  })
}

/**
 * POST /api/auth/change-email: sends a link to the new address (the same answer whether or not that
 * address has an account); the email changes when the link is opened.
 */
export function useChangeEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ChangeEmailInput) =>
      apiFetch<unknown>('/api/auth/change-email', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  })
}

/**
 * POST /api/auth/change-password: every other session ends and this browser gets a new session
 * cookie (the server always asks Better Auth to revoke the others).
 */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiFetch<unknown>('/api/auth/change-password', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  })
}

/** DELETE /api/account/sessions/{id}: signs out one other session. */
export function useRevokeSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiFetch<void>(`/api/account/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  })
}

/** POST /api/auth/revoke-other-sessions: signs out every session but this one. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<unknown>('/api/auth/revoke-other-sessions', { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  })
}
