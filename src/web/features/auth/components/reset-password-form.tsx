import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { NewPasswordForm } from '#shared/contracts/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { useResetPassword } from '../api'
import { ApiError } from '#web/lib/api-error.ts'

/**
 * The new-password form of /reset-password: same 8-128 rule as sign-up, typed twice. On success the
 * account's sessions have all ended (Better Auth's revokeSessionsOnPasswordReset); it says so.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword()
  const [done, setDone] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordForm),
    defaultValues: { password: '', confirm: '' },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutateAsync({ token, newPassword: password }).then(
      () => setDone(true),
      (err: Error) => {
        // A password the server refuses (e.g. one of the 1,000 most common) is the field's problem, not the link's.
        const problem = err instanceof ApiError ? err.fields?.newPassword?.[0] : undefined
        if (problem) form.setError('password', { type: 'server', message: problem }, { shouldFocus: true })
        else setFailure(err.message)
      },
    ),
  )

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-lg border border-primary/30 bg-primary-soft/60 p-3 text-sm">
          Your password has been changed, and you have been signed out everywhere. Sign in with your new password.
        </p>
        <Button asChild size="lg">
          <a href="/auth">Sign in</a>
        </Button>
      </div>
    )
  }
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Choose a new password">
      <fieldset disabled={reset.isPending} className="flex flex-col gap-4">
        {failure && (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
            {failure}{' '}
            <a className="underline" href="/auth">
              Ask for a new link
            </a>
          </p>
        )}
        <FormField id="new-password" label="New password" error={errors.password?.message}>
          {(field) => <Input {...field} type="password" autoComplete="new-password" {...form.register('password')} />}
        </FormField>
        <FormField id="confirm-password" label="Type it again" error={errors.confirm?.message}>
          {(field) => <Input {...field} type="password" autoComplete="new-password" {...form.register('confirm')} />}
        </FormField>
        <Button type="submit" size="lg" className="w-full">
          {reset.isPending ? 'Saving…' : 'Set new password'}
        </Button>
      </fieldset>
    </form>
  )
}
