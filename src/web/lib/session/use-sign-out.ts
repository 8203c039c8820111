import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { notify } from '../toast'
import { SESSION_QUERY_KEY } from './api'
import { signOut, signOutEverywhere } from './sign-out'
import { PAGE_PATHS } from '#shared/paths.ts'

/** Spec: Error catalogue, success toast of signing out. */
export const SIGNED_OUT_TOAST = { title: 'Signed out', description: "You've been signed out successfully." } as const

/**
 * Sign Out: POST /api/auth/sign-out (401/403/404 ignored, spec: Error catalogue), then forget everything
 * cached for that person, toast 'Signed out' and go to /auth (spec: States and transitions), or to `redirectTo`
 * (a sign-in address with `next`, e.g. to switch account on an invitation). `everywhere` ends every
 * session of the person, on every device (account settings' 'Sign out everywhere').
 */
export function useSignOut({
  redirectTo = PAGE_PATHS.signIn,
  everywhere = false,
}: { redirectTo?: string; everywhere?: boolean } = {}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: everywhere ? signOutEverywhere : signOut,
    onSuccess: () => {
      // Cancel first so an in-flight request cannot write the old person's data back afterwards.
      void queryClient.cancelQueries()
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] })
      queryClient.setQueryData(SESSION_QUERY_KEY, null)
      notify.success(SIGNED_OUT_TOAST.title, SIGNED_OUT_TOAST.description)
      // flushSync: the navigation starts now, not in a transition, so a signed-in page that sees its
      // session go null knows it is being left (SignedInGate) instead of racing it back to sign-in.
      void navigate(redirectTo, { replace: true, flushSync: true })
    },
    onError: (err) => notify.error('Error signing out', err.message),
  })
}
