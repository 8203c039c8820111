import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import type { ReactNode } from 'react'
import type { z } from 'zod'
import { SignUpInput } from '../../../../shared/contracts/auth'
import type { SignupRoleChoice } from '../../../../shared/domain/roles'
import { Button } from '../../../components/ui/button'
import { applyServerFieldErrors } from '../../../components/ui/form-errors'
import { FieldError, FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { notify } from '../../../lib/toast'
import { useSignUp } from '../api'
import { AUTH_TOASTS } from '../messages'
import { RolePicker } from './role-picker'

type SignUpValues = z.input<typeof SignUpInput>

/**
 * Sign Up (spec section 2): full name, email, password and the 'I am a...' picker. Without a role
 * the toast 'Role required' appears (section 5 and 8). Disabled while submitting; success toasts
 * 'Account created!' and calls `onSignedUp` (the server signs the new person in).
 */
export function SignUpForm({
  defaultEmail = '',
  defaultRole,
  onSignedUp,
  footer,
}: {
  defaultEmail?: string
  defaultRole?: SignupRoleChoice
  onSignedUp?: () => void
  /** Below the form (the provider buttons): gets a function that returns the chosen role, or null after saying one is needed. */
  footer?: (chooseRole: () => Promise<SignupRoleChoice | null>) => ReactNode
}) {
  const signUp = useSignUp()
  const form = useForm<SignUpValues, unknown, SignUpInput>({
    resolver: zodResolver(SignUpInput),
    defaultValues: { name: '', email: defaultEmail, password: '', role: defaultRole },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(
    (values) =>
      signUp.mutateAsync(values).then(
        () => {
          notify.success(AUTH_TOASTS.signedUp.title, AUTH_TOASTS.signedUp.description)
          onSignedUp?.()
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
        <Controller
          control={form.control}
          name="role"
          render={({ field, fieldState }) => (
            <div className="flex flex-col gap-1">
              <RolePicker value={field.value} onChange={field.onChange} invalid={!!fieldState.error} />
              <FieldError>{fieldState.error ? AUTH_TOASTS.roleRequired.description : undefined}</FieldError>
            </div>
          )}
        />
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
