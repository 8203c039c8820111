import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { EmailOnlyInput, SignInCodeInput } from '#shared/contracts/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { notify } from '#web/lib/toast.ts'
import { useSendSignInCode, useSignInWithCode } from '../api'
import { AUTH_TOASTS } from '../messages'

/**
 * Sign in by emailed code, the alternative to a password on the Sign In tab: first the email
 * (same answer for known and unknown addresses), then the 6-digit code, valid 10 minutes, 3 tries.
 */
export function EmailCodeForm({
  defaultEmail = '',
  onBack,
  onSignedIn,
  onTwoFactor,
}: {
  defaultEmail?: string
  onBack: () => void
  onSignedIn?: () => void
  /** Two-factor is on: the code step comes next. */
  onTwoFactor?: () => void
}) {
  const send = useSendSignInCode()
  const signIn = useSignInWithCode()
  const [email, setEmail] = useState<string | null>(null)
  const emailForm = useForm<EmailOnlyInput>({
    resolver: zodResolver(EmailOnlyInput),
    defaultValues: { email: defaultEmail },
  })
  const codeForm = useForm<SignInCodeInput>({ resolver: zodResolver(SignInCodeInput), defaultValues: { otp: '' } })

  const onSend = emailForm.handleSubmit(({ email: value }) =>
    send.mutateAsync(value).then(
      () => {
        setEmail(value)
        codeForm.reset({ email: value, otp: '' })
      },
      (err: Error) => notify.error('Could not send a code', err.message),
    ),
  )
  const onEnter = codeForm.handleSubmit((values) =>
    signIn.mutateAsync(values).then(
      (result) => {
        if (result.twoFactor) return onTwoFactor?.()
        notify.success(AUTH_TOASTS.signedIn.title, AUTH_TOASTS.signedIn.description)
        onSignedIn?.()
      },
      (err: Error) => {
        codeForm.setError('otp', { message: err.message })
        notify.error(AUTH_TOASTS.signInFailed.title, err.message)
      },
    ),
  )

  if (!email) {
    return (
      <form noValidate onSubmit={onSend} aria-label="Email me a sign-in code">
        <fieldset disabled={send.isPending} className="flex flex-col gap-4">
          <p className="text-sm text-muted-foreground">
            We will email you a 6-digit code to sign in without a password.
          </p>
          <FormField id="code-email" label="Email" error={emailForm.formState.errors.email?.message}>
            {(field) => <Input {...field} type="email" autoComplete="email" {...emailForm.register('email')} />}
          </FormField>
          <Button type="submit" size="lg" className="w-full">
            {send.isPending ? 'Sending…' : 'Email me a code'}
          </Button>
          <Button type="button" variant="link" onClick={onBack}>
            Back to sign in with a password
          </Button>
        </fieldset>
      </form>
    )
  }
  return (
    <form noValidate onSubmit={onEnter} aria-label="Enter your sign-in code">
      <fieldset disabled={signIn.isPending} className="flex flex-col gap-4">
        <p role="status" className="rounded-lg border border-primary/30 bg-primary-soft/60 p-3 text-sm">
          If an account exists for {email}, we have emailed it a 6-digit code. It works once, for 10 minutes.
        </p>
        <FormField id="code-otp" label="Sign-in code" error={codeForm.formState.errors.otp?.message}>
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...codeForm.register('otp')}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" className="w-full">
          {signIn.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
        <Button type="button" variant="link" onClick={() => setEmail(null)}>
          Send a new code
        </Button>
      </fieldset>
    </form>
  )
}
