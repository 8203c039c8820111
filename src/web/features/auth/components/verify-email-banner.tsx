import { useSession } from '#web/lib/session/api.ts'
import { ResendVerificationButton } from '#web/components/resend-verification-button.tsx'

/**
 * Shown in the signed-in app while the account's email is not confirmed: until then the
 * person cannot invite others or sign documents. Re-sending is limited to 1 a minute and 5 an hour;
 * the server's 429 message says when to try again.
 */
export function VerifyEmailBanner() {
  const session = useSession()
  const user = session.data?.user
  if (!user || user.emailVerified) return null
  return (
    <div role="region" aria-label="Confirm your email" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm sm:px-6">
        <p>
          Please confirm your email address: we sent a link to{' '}
          <strong className="[overflow-wrap:anywhere]">{user.email}</strong>. Until then you cannot invite people or
          sign documents.
        </p>
        <ResendVerificationButton email={user.email} />
      </div>
    </div>
  )
}
