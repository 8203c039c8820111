import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ChangeEmailInput } from '#shared/contracts/account.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { notify } from '#web/lib/toast.ts'
import { signInHref } from '#web/lib/session/next-path.ts'
import { useSignOut } from '#web/lib/session/use-sign-out.ts'
import { useChangeEmail } from '../api'
import { PAGE_PATHS } from '#shared/paths.ts'

/**
 * Email address: the address you sign in with, and a form to change it. A link goes
 * to the new address and the change happens when it is opened; the old address is told. A session
 * older than a day is asked to sign in again first (ASVS 7.5.1), as for the password.
 */
export function EmailCard({ email, signedInRecently }: { email: string; signedInRecently: boolean | undefined }) {
  const change = useChangeEmail()
  const [stale, setStale] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const reauthenticate = useSignOut({ redirectTo: signInHref(PAGE_PATHS.settings) })
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(ChangeEmailInput), defaultValues: { newEmail: '' } })
  const mustSignInAgain = stale || signedInRecently === false

  const onSubmit = form.handleSubmit((values) =>
    change.mutateAsync(values).then(
      () => {
        setSentTo(values.newEmail.trim().toLowerCase())
        form.reset()
      },
      (err: Error) => {
        if (err instanceof ApiError && err.status === 403) {
          setStale(true)
          return
        }
        if (!applyServerFieldErrors(err, form.setError, ['newEmail']))
          notify.error('Could not change your email', err.message)
      },
    ),
  )

  return (
    <Card aria-labelledby="email-title">
      <CardHeader>
        <CardTitle as="h2" id="email-title">
          Email address
        </CardTitle>
        <CardDescription>
          You sign in with <span className="font-medium break-all text-foreground">{email}</span>. We write to this
          address too.
        </CardDescription>
      </CardHeader>
      {mustSignInAgain ? (
        <div role="status" className="flex flex-col items-start gap-3 rounded-lg border bg-surface p-4 text-sm">
          <p>For your security, sign in again before changing your email address: you signed in more than a day ago.</p>
          <Button variant="outline" onClick={() => reauthenticate.mutate()} disabled={reauthenticate.isPending}>
            Sign in again
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {sentTo && (
            <p role="status" className="rounded-lg border bg-surface p-4 text-sm break-words">
              We sent a link to <span className="font-medium">{sentTo}</span>. Open it within 1 hour to finish the
              change. Until then you keep signing in with {email}. No email? Check the address and spam folder, then
              send it again.
            </p>
          )}
          <form noValidate onSubmit={onSubmit} aria-label="Change email address">
            <fieldset disabled={change.isPending} className="flex flex-col gap-4">
              <FormField
                id="new-email"
                label="New email address"
                hint="We send a link to it: the change happens when you open it."
                error={form.formState.errors.newEmail?.message}
              >
                {(field) => <Input {...field} type="email" autoComplete="email" {...form.register('newEmail')} />}
              </FormField>
              <div>
                <Button type="submit">{change.isPending ? 'Sending…' : 'Send confirmation link'}</Button>
              </div>
            </fieldset>
          </form>
        </div>
      )}
    </Card>
  )
}
