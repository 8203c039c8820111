import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Button } from '../components/ui/button'
import { Spinner } from '../components/ui/spinner'
import { verifyEmail } from '../features/auth/api'
import { AuthCardPage } from '../features/auth/components/auth-card-page'
import { SESSION_QUERY_KEY } from '../features/session/api'
import { usePageMeta } from '../lib/use-page-meta'

/**
 * /verify-email?token=: the page the emailed verification link opens (issue 7). It confirms the email
 * once and says so, or says why not (expired, not valid or already used) and how to get a new link.
 */
export function Component() {
  const token = useSearchParams()[0].get('token') ?? ''
  const queryClient = useQueryClient()
  const result = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const { email } = await verifyEmail(token)
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
      return { changedTo: email ?? null }
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  })
  // Once confirmed the page says so in its heading too, not "Confirm your email" (issue 11, item 5).
  const title = result.isSuccess
    ? result.data.changedTo
      ? 'Email address changed'
      : 'Email confirmed'
    : result.isError || token === ''
      ? 'Email not confirmed'
      : 'Confirm your email'
  usePageMeta({ title, description: 'Confirm the email address of your Homeward account.' })

  return (
    <AuthCardPage title={title}>
      {token === '' ? (
        <p role="alert" className="text-sm">
          This link is incomplete. Open the link from the email again.
        </p>
      ) : result.isPending ? (
        <Spinner label="Confirming your email" />
      ) : result.isError ? (
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-sm">
            {result.error.message} Sign in and use “Send a new link” at the top of the page.
          </p>
          <Button asChild variant="outline">
            <a href="/app/home">Go to Homeward</a>
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p role="status" className="text-sm break-words">
            {result.data.changedTo
              ? `Done: your account’s email address is now ${result.data.changedTo}. Sign in with it from now on.`
              : 'Thank you: your email address is confirmed. You can now invite people to your move and sign documents.'}
          </p>
          <Button asChild>
            <a href="/app/home">Go to Homeward</a>
          </Button>
        </div>
      )}
    </AuthCardPage>
  )
}
