import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { EmailOnlyInput } from '#shared/contracts/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { notify } from '#web/lib/toast.ts'
import { useRequestPasswordReset } from '#web/lib/session/emailed-links.ts'

/**
 * 'Forgot password?' on the Sign In tab: asks for the email and always answers the same way, whether
 * or not it has an account (checklist 6.3.8). The emailed link works once, for 1 hour.
 */
export function ForgotPasswordForm({ defaultEmail = '', onBack }: { defaultEmail?: string; onBack: () => void }) {
  const request = useRequestPasswordReset()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm<EmailOnlyInput>({
    resolver: zodResolver(EmailOnlyInput),
    defaultValues: { email: defaultEmail },
  })
  const onSubmit = form.handleSubmit(({ email }) =>
    request.mutateAsync(email).then(
      () => setSentTo(email),
      (err: Error) => notify.error('Could not send the link', err.message),
    ),
  )

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-lg border border-primary/30 bg-primary-soft/60 p-3 text-sm">
          If an account exists for {sentTo}, we have emailed it a link to choose a new password. The link works once,
          for 1 hour.
        </p>
        <Button type="button" variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    )
  }
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Reset your password">
      <fieldset disabled={request.isPending} className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          Enter the email you signed up with and we will email you a link to choose a new password.
        </p>
        <FormField id="forgot-email" label="Email" error={form.formState.errors.email?.message}>
          {(field) => <Input {...field} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
        <Button type="submit" size="lg" className="w-full">
          {request.isPending ? 'Sending…' : 'Email me a reset link'}
        </Button>
        <Button type="button" variant="link" onClick={onBack}>
          Back to sign in with a password
        </Button>
      </fieldset>
    </form>
  )
}
