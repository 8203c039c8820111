import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { notify } from '../../lib/toast'
import { SESSION_QUERY_KEY } from './api'
import { signOut } from './sign-out'

/** Spec section 8, success toast of signing out. */
export const SIGNED_OUT_TOAST = { title: 'Signed out', description: "You've been signed out successfully." } as const

/**
 * Sign Out: POST /api/auth/sign-out (401/403/404 ignored, spec section 8), then forget everything
 * cached for that person, toast 'Signed out' and go to /auth (spec section 4), or to `redirectTo`
 * (a sign-in address with `next`, e.g. to switch account on an invitation).
 */
export function useSignOut({ redirectTo = '/auth' }: { redirectTo?: string } = {}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      // Cancel first so an in-flight request cannot write the old person's data back afterwards.
      void queryClient.cancelQueries()
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] })
      queryClient.setQueryData(SESSION_QUERY_KEY, null)
      notify.success(SIGNED_OUT_TOAST.title, SIGNED_OUT_TOAST.description)
      navigate(redirectTo, { replace: true })
    },
    onError: (err) => notify.error('Error signing out', err.message),
  })
}
