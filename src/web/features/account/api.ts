import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  accountEndpoints,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type UpdateProfileInput,
} from '#shared/contracts/account.ts'
import type { MeResponse } from '#shared/contracts/auth.ts'
import { apiFetch, callApi } from '#web/lib/api-client.ts'
import { SESSION_QUERY_KEY } from '#web/lib/session/api.ts'

export const accountKeys = {
  all: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
  events: ['account', 'security-events'] as const,
}

/** GET /api/account/sessions: the viewer's active sessions (this one first) and whether they signed in recently. */
export const sessionsQueryOptions = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }) => callApi(accountEndpoints.sessions, { signal }),
})

export function useAccountSessions() {
  return useQuery(sessionsQueryOptions)
}

/** GET /api/account/security-events: the viewer's own, newest first. */
export const securityEventsQueryOptions = queryOptions({
  queryKey: accountKeys.events,
  queryFn: ({ signal }) => callApi(accountEndpoints.securityEvents, { signal }),
})

export function useSecurityEvents() {
  return useQuery(securityEventsQueryOptions)
}

/** PATCH /api/account/profile: the new name goes into the session's cached profile at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => callApi(accountEndpoints.updateProfile, { body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData<MeResponse | null>(SESSION_QUERY_KEY, (me) =>
        me ? { ...me, profile: { ...me.profile, full_name: profile.fullName } } : me,
      )
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
    },
  })
}

// Changing the email or the password and ending other sessions are Better Auth's /api/auth/*
// endpoints (our edge validates their bodies): their answers are Better Auth's, outside the catalogue.

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
    mutationFn: (sessionId: string) => callApi(accountEndpoints.revokeSession, { params: { sessionId } }),
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

const profileQueryOptions = queryOptions({
  queryKey: ['account', 'profile'] as const,
  queryFn: ({ signal }) => callApi(accountEndpoints.profile, { signal }),
})

/** GET /api/account/profile: the name, email and the language emails greet in. */
export function useAccountProfile() {
  return useQuery(profileQueryOptions)
}

/** PATCH /api/account/profile with the language: the profile query takes the answer. */
export function useUpdateLanguage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => callApi(accountEndpoints.updateProfile, { body: input }),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions.queryKey, profile),
  })
}
