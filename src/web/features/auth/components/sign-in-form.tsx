import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { SignInInput } from '#shared/contracts/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { notify } from '#web/lib/toast.ts'
import { useSignIn } from '../api'
import { AUTH_TOASTS } from '../messages'

/**
 * Sign In (spec: Screens and routes): email and password, both required (spec: Validation rules). The whole form is
 * disabled while submitting. Success toasts 'Welcome back!' and calls `onSignedIn`; failure toasts
 * 'Error signing in' with the server's message in the destructive style (spec: Error catalogue). With two-factor
 * on, `onTwoFactor` is called instead and the toast waits for the code.
 */
export function SignInForm({
  defaultEmail = '',
  onSignedIn,
  onTwoFactor,
}: {
  defaultEmail?: string
  onSignedIn?: () => void
  onTwoFactor?: () => void
}) {
  const signIn = useSignIn()
  const form = useForm<SignInInput>({
    resolver: zodResolver(SignInInput),
    defaultValues: { email: defaultEmail, password: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutateAsync(values).then(
      (result) => {
        if (result.twoFactor) return onTwoFactor?.()
        notify.success(AUTH_TOASTS.signedIn.title, AUTH_TOASTS.signedIn.description)
        onSignedIn?.()
      },
      (err: Error) => {
        applyServerFieldErrors(err, form.setError, ['email', 'password'])
        notify.error(AUTH_TOASTS.signInFailed.title, err.message)
      },
    ),
  )

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Sign in">
      <fieldset disabled={signIn.isPending} className="flex flex-col gap-4">
        <FormField id="sign-in-email" label="Email" error={errors.email?.message}>
          {(field) => <Input {...field} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
        <FormField id="sign-in-password" label="Password" error={errors.password?.message}>
          {(field) => (
            <Input {...field} type="password" autoComplete="current-password" {...form.register('password')} />
          )}
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full">
          {signIn.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
      </fieldset>
    </form>
  )
}
