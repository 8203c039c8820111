import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { MailCheck } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { SignUpInput } from '#shared/contracts/auth.ts'
import { GIFTOR_SIGNUP, type SignupRole } from '#shared/domain/roles.ts'
import { Button } from '#web/components/ui/button.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FieldError, FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { notify } from '#web/lib/toast.ts'
import { useSignUp } from '../api'
import { AUTH_TOASTS } from '../messages'
import { RolePicker } from './role-picker'

type SignUpValues = z.input<typeof SignUpInput>

/**
 * Sign Up (spec: Screens and routes): full name, email, password and the 'I am a...' picker (none for a
 * giftor signing up from their invitation: `defaultRole` 'giftor', decision 069). Without a role
 * the toast 'Role required' appears (spec: Validation rules; Error catalogue). Disabled while submitting; success toasts
 * 'Account created!' and shows 'Check your email' in place of the form: the server answers a new and a
 * known address alike and signs nobody in; the emailed link does, and goes on to `next`.
 */
export function SignUpForm({
  defaultEmail = '',
  defaultRole,
  next,
  onSignIn,
  footer,
}: {
  defaultEmail?: string
  defaultRole?: SignupRole
  /** Where the emailed link continues to after confirming (a same-origin path, e.g. an invitation). */
  next?: string
  /** 'Sign in instead' on the 'Check your email' panel, with the email typed. */
  onSignIn?: (email: string) => void
  /** Below the form (the provider buttons): gets a function that returns the chosen role, or null after saying one is needed. */
  footer?: (chooseRole: () => Promise<SignupRole | null>) => ReactNode
}) {
  const signUp = useSignUp()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm<SignUpValues, unknown, SignUpInput>({
    resolver: zodResolver(SignUpInput),
    defaultValues: { name: '', email: defaultEmail, password: '', role: defaultRole },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(
    (values) =>
      signUp.mutateAsync(next ? { ...values, next } : values).then(
        (result) => {
          notify.success(AUTH_TOASTS.signedUp.title, AUTH_TOASTS.signedUp.description)
          setSentTo(result.email)
        },
        (err: Error) => {
          applyServerFieldErrors(err, form.setError, ['name', 'email', 'password'])
          notify.error(AUTH_TOASTS.signUpFailed.title, err.message)
        },
      ),
    (invalid) => {
      if (invalid.role) notify.error(AUTH_TOASTS.roleRequired.title, AUTH_TOASTS.roleRequired.description)
    },
  )

  if (sentTo) {
    return (
      <CheckYourEmail
        email={sentTo}
        onSignIn={onSignIn ? () => onSignIn(sentTo) : undefined}
        onAnotherEmail={() => {
          form.reset({ ...form.getValues(), email: '', password: '' })
          setSentTo(null)
        }}
      />
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Sign up">
      <fieldset disabled={signUp.isPending} className="flex flex-col gap-4">
        <FormField id="sign-up-name" label="Full name" error={errors.name?.message}>
          {(field) => <Input {...field} autoComplete="name" {...form.register('name')} />}
        </FormField>
        <FormField id="sign-up-email" label="Email" error={errors.email?.message}>
          {(field) => <Input {...field} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
        <FormField
          id="sign-up-password"
          label="Password"
          hint="At least 8 characters."
          error={errors.password?.message}
        >
          {(field) => <Input {...field} type="password" autoComplete="new-password" {...form.register('password')} />}
        </FormField>
        {defaultRole === GIFTOR_SIGNUP ? (
          <p className="text-sm text-muted-foreground">
            You are signing up to confirm a gift towards someone's deposit: your account shows only your gift.
          </p>
        ) : (
          <Controller
            control={form.control}
            name="role"
            render={({ field, fieldState }) => (
              <div className="flex flex-col gap-1">
                <RolePicker
                  value={field.value === GIFTOR_SIGNUP ? undefined : field.value}
                  onChange={field.onChange}
                  invalid={!!fieldState.error}
                />
                <FieldError>{fieldState.error ? AUTH_TOASTS.roleRequired.description : undefined}</FieldError>
              </div>
            )}
          />
        )}
        <Button type="submit" size="lg" className="mt-2 w-full">
          {signUp.isPending ? 'Creating your account…' : 'Create Account'}
        </Button>
      </fieldset>
      {/* Sign-up by a provider needs the role too (docs/decisions/010-oauth.md): the footer asks for it. */}
      {footer && (
        <div className="mt-4">
          {footer(async () => {
            if (await form.trigger('role')) return form.getValues('role') ?? null
            notify.error(AUTH_TOASTS.roleRequired.title, AUTH_TOASTS.roleRequired.description)
            return null
          })}
        </div>
      )}
    </form>
  )
}

/**
 * After sign-up, whatever the address: the same words whether it is new or already has an account (the
 * email to it says which), so the screen tells nobody else which addresses have accounts.
 */
function CheckYourEmail({
  email,
  onSignIn,
  onAnotherEmail,
}: {
  email: string
  onSignIn?: () => void
  onAnotherEmail: () => void
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The form the focus was on is gone: move it to the news.
  useEffect(() => heading.current?.focus(), [])
  return (
    <section aria-labelledby="check-email-title" className="flex flex-col gap-4" role="status">
      <div className="flex items-center gap-3">
        <MailCheck aria-hidden="true" className="size-8 shrink-0 text-primary" />
        <h2 id="check-email-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          Check your email
        </h2>
      </div>
      <p className="text-sm break-words">
        We sent an email to <strong>{email}</strong>. Open the link in it to confirm your address: it signs you in. The
        link works for 1 hour.
      </p>
      <p className="text-sm text-muted-foreground">
        If this address already has a Homeward account, the email says so and how to sign in instead. Nothing arrived?
        Check your spam folder, or sign in and ask for a new link.
      </p>
      <div className="flex flex-wrap gap-2">
        {onSignIn && (
          <Button type="button" onClick={onSignIn}>
            Go to Sign In
          </Button>
        )}
        <Button type="button" variant="outline" onClick={onAnotherEmail}>
          Use another email
        </Button>
      </div>
    </section>
  )
}
