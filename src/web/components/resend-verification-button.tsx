import { Button } from './ui/button'
import { notify } from '../lib/toast'
import { useResendVerification } from '../lib/session/emailed-links'

/** 'Send a new link': emails `email` a fresh verification link and says how that went in a toast. */
export function ResendVerificationButton({ email }: { email: string }) {
  const resend = useResendVerification()
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutateAsync(email).then(
          () => notify.success('Link sent', `We emailed a new link to ${email}.`),
          (err: Error) => notify.error('Could not send the link', err.message),
        )
      }
    >
      {resend.isPending ? 'Sending…' : 'Send a new link'}
    </Button>
  )
}
