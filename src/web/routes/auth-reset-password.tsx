import { useSearchParams } from 'react-router'
import { AuthCardPage } from '../features/auth/components/auth-card-page'
import { ResetPasswordForm } from '../features/auth/components/reset-password-form'
import { PageTitle } from '../lib/page-meta'

/** /reset-password?token=: the page the emailed reset link opens. */
export function Component() {
  const pageMeta = { title: 'Choose a new password', description: 'Choose a new password for your Homeward account.' }
  const token = useSearchParams()[0].get('token')
  return (
    <>
      <PageTitle {...pageMeta} />
      <AuthCardPage title="Choose a new password">
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <p role="alert" className="text-sm">
            This link is incomplete. Open the link from the email again, or{' '}
            <a className="underline" href="/auth">
              ask for a new one
            </a>
            .
          </p>
        )}
      </AuthCardPage>
    </>
  )
}
