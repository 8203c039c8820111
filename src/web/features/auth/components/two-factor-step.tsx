import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { VerifyBackupCodeInput, VerifyTotpInput } from '#shared/contracts/two-factor.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { TotpCodeInput } from '#web/components/ui/totp-code-input.tsx'
import { notify } from '#web/lib/toast.ts'
import { useVerifySecondFactor } from '../api'
import { AUTH_TOASTS } from '../messages'

type Method = 'totp' | 'backup'

/**
 * The 'Two-factor authentication' step of a sign-in: after a password, an emailed
 * code or an OAuth provider, the 6-digit code from the authenticator app, or a backup code instead.
 * 'Welcome back!' is shown only once this step succeeds. Wrong codes, a reused code and the lock-out
 * after 10 wrong codes (with when to try again) are the server's messages, shown under the field.
 */
export function TwoFactorStep({ onBack, onSignedIn }: { onBack: () => void; onSignedIn?: () => void }) {
  const [method, setMethod] = useState<Method>('totp')
  const heading = useRef<HTMLHeadingElement>(null)
  // Focus moves to the step's heading, so a screen reader announces the new question.
  useEffect(() => heading.current?.focus(), [])
  return (
    <CodeForm
      key={method}
      method={method}
      heading={heading}
      onSwitch={() => setMethod((m) => (m === 'totp' ? 'backup' : 'totp'))}
      onBack={onBack}
      onSignedIn={onSignedIn}
    />
  )
}

function CodeForm({
  method,
  heading,
  onSwitch,
  onBack,
  onSignedIn,
}: {
  method: Method
  heading: RefObject<HTMLHeadingElement | null>
  onSwitch: () => void
  onBack: () => void
  onSignedIn?: () => void
}) {
  const verify = useVerifySecondFactor()
  const schema = method === 'totp' ? VerifyTotpInput : VerifyBackupCodeInput
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  })
  const onSubmit = form.handleSubmit(({ code }) =>
    verify.mutateAsync({ method, code }).then(
      () => {
        notify.success(AUTH_TOASTS.signedIn.title, AUTH_TOASTS.signedIn.description)
        onSignedIn?.()
      },
      (err: Error) => {
        form.setError('code', { type: 'server', message: err.message }, { shouldFocus: true })
        notify.error(AUTH_TOASTS.signInFailed.title, err.message)
      },
    ),
  )
  const error = form.formState.errors.code?.message

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="two-factor-title">
      <fieldset disabled={verify.isPending} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="two-factor-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            Two-factor authentication
          </h2>
          <p className="text-sm text-muted-foreground">
            {method === 'totp'
              ? 'Enter the 6-digit code from your authenticator app.'
              : 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.'}
          </p>
        </div>
        {method === 'totp' ? (
          <FormField id="two-factor-code" label="Authentication code" error={error}>
            {(field) => <TotpCodeInput {...field} placeholder="123456" {...form.register('code')} />}
          </FormField>
        ) : (
          <FormField id="two-factor-backup-code" label="Backup code" error={error}>
            {(field) => (
              <Input
                {...field}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={12}
                placeholder="abcde-12345"
                {...form.register('code')}
              />
            )}
          </FormField>
        )}
        <Button type="submit" size="lg" className="w-full">
          {verify.isPending ? 'Checking…' : 'Verify and sign in'}
        </Button>
        <div className="flex flex-wrap justify-between gap-2">
          <Button type="button" variant="link" onClick={onSwitch}>
            {method === 'totp' ? 'Use a backup code instead' : 'Use your authenticator app instead'}
          </Button>
          <Button type="button" variant="link" onClick={onBack}>
            Back to sign in
          </Button>
        </div>
      </fieldset>
    </form>
  )
}
