import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ChangePasswordInput } from '#shared/contracts/account.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { notify } from '#web/lib/toast.ts'
import { signInHref } from '#web/lib/session/next-path.ts'
import { useSignOut } from '#web/lib/session/use-sign-out.ts'
import { useChangePassword } from '../api'
import { PAGE_PATHS } from '#shared/paths.ts'

/**
 * Change password: current and new (8 to 128 characters). Every other session is signed out. A
 * session older than a day is asked to sign in again first (ASVS 7.5.1): known up front from the
 * sessions list, and again from the server's 403 should the day pass while the page is open.
 */
export function PasswordCard({ signedInRecently }: { signedInRecently: boolean | undefined }) {
  const change = useChangePassword()
  const [stale, setStale] = useState(false)
  const reauthenticate = useSignOut({ redirectTo: signInHref(PAGE_PATHS.settings) })
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '' },
  })
  const { errors } = form.formState
  const mustSignInAgain = stale || signedInRecently === false

  const onSubmit = form.handleSubmit((values) =>
    change.mutateAsync(values).then(
      () => {
        form.reset()
        notify.success('Password changed', 'Your other sessions have been signed out.')
      },
      (err: Error) => {
        if (err instanceof ApiError && err.status === 403) {
          setStale(true)
          return
        }
        if (err instanceof ApiError && err.status === 400 && !err.fields) {
          form.setError('currentPassword', { type: 'server', message: err.message }, { shouldFocus: true })
          return
        }
        if (!applyServerFieldErrors(err, form.setError, ['currentPassword', 'newPassword']))
          notify.error('Could not change your password', err.message)
      },
    ),
  )

  return (
    <Card aria-labelledby="password-title">
      <CardHeader>
        <CardTitle as="h2" id="password-title">
          Password
        </CardTitle>
        <CardDescription>Changing it signs out every other device.</CardDescription>
      </CardHeader>
      {mustSignInAgain ? (
        <div role="status" className="flex flex-col items-start gap-3 rounded-lg border bg-surface p-4 text-sm">
          <p>For your security, sign in again before changing your password: you signed in more than a day ago.</p>
          <Button variant="outline" onClick={() => reauthenticate.mutate()} disabled={reauthenticate.isPending}>
            Sign in again
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} aria-label="Change password">
          <fieldset disabled={change.isPending} className="flex flex-col gap-4">
            <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
              {(field) => (
                <Input
                  {...field}
                  type="password"
                  autoComplete="current-password"
                  {...form.register('currentPassword')}
                />
              )}
            </FormField>
            <FormField
              id="new-password"
              label="New password"
              hint="8 to 128 characters. A long phrase is easier to remember and harder to guess."
              error={errors.newPassword?.message}
            >
              {(field) => (
                <Input {...field} type="password" autoComplete="new-password" {...form.register('newPassword')} />
              )}
            </FormField>
            <div>
              <Button type="submit">{change.isPending ? 'Changing…' : 'Change password'}</Button>
            </div>
          </fieldset>
        </form>
      )}
    </Card>
  )
}
