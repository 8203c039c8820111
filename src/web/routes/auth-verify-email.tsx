import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Button } from '../components/ui/button'
import { Spinner } from '../components/ui/spinner'
import { verifyEmail } from '../features/auth/api'
import { AuthCardPage } from '../features/auth/components/auth-card-page'
import { SESSION_QUERY_KEY } from '../lib/session/api'
import { DEFAULT_SIGNED_IN_PATH, safeNextPath, signInHref } from '../lib/session/next-path'
import { PageTitle } from '../lib/page-meta'

/**
 * /verify-email?token=: the page the emailed verification link opens. It confirms the email
 * once and says so, or says why not (expired, not valid or already used) and how to get a new link. The
 * first use of a sign-up's link also signs the person in; `next` (an invitation) is where it goes on to.
 */
export function Component() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  // Sign-up from an invitation: the link goes on there (signed in by the link, server auth/auth.ts).
  const next = safeNextPath(params.get('next'))
  const queryClient = useQueryClient()
  const result = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const { email, twoFactorRedirect } = await verifyEmail(token)
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
      return { changedTo: email ?? null, twoFactor: twoFactorRedirect === true }
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  })
  // Once confirmed the page says so in its heading too, not "Confirm your email".
  const title = result.isSuccess
    ? result.data.changedTo
      ? 'Email address changed'
      : 'Email confirmed'
    : result.isError || token === ''
      ? 'Email not confirmed'
      : 'Confirm your email'
  const pageMeta = { title, description: 'Confirm the email address of your Homeward account.' }

  return (
    <>
      <PageTitle {...pageMeta} />
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
                : next
                  ? 'Thank you: your email address is confirmed. Continue to where you were going.'
                  : 'Thank you: your email address is confirmed. You can now invite people to your move and sign documents.'}
            </p>
            <Button asChild>
              {result.data.twoFactor ? (
                <a href={signInHref(next ?? DEFAULT_SIGNED_IN_PATH, { step: 'two-factor' })}>
                  Enter your two-factor code
                </a>
              ) : (
                <a href={next ?? DEFAULT_SIGNED_IN_PATH}>{next ? 'Continue' : 'Go to Homeward'}</a>
              )}
            </Button>
          </div>
        )}
      </AuthCardPage>
    </>
  )
}
