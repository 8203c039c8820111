import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { UpdateProfileInput } from '#shared/contracts/account.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { notify } from '#web/lib/toast.ts'
import { useUpdateProfile } from '../api'

/** Profile: the full name (profile and sign-in account together) and the email it signs in with. */
export function ProfileCard({ fullName, email }: { fullName: string; email: string }) {
  const update = useUpdateProfile()
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(UpdateProfileInput),
    values: { fullName },
  })
  const { errors, isDirty } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    update.mutateAsync(values).then(
      (saved) => {
        form.reset({ fullName: saved.fullName })
        notify.success('Name saved', 'Other people on your moves now see this name.')
      },
      (err: Error) => {
        if (!applyServerFieldErrors(err, form.setError, ['fullName']))
          notify.error('Could not save your name', err.message)
      },
    ),
  )

  return (
    <Card aria-labelledby="profile-title">
      <CardHeader>
        <CardTitle as="h2" id="profile-title">
          Profile
        </CardTitle>
        <CardDescription>How you appear to the other people on your moves.</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={onSubmit} aria-label="Profile">
        <fieldset disabled={update.isPending} className="flex flex-col gap-4">
          <FormField id="profile-full-name" label="Full name" error={errors.fullName?.message}>
            {(field) => <Input {...field} autoComplete="name" {...form.register('fullName')} />}
          </FormField>
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium" id="profile-email-label">
              Email
            </span>
            <p aria-labelledby="profile-email-label" className="text-sm break-all text-muted-foreground">
              {email}
            </p>
          </div>
          <div>
            <Button type="submit" disabled={!isDirty || update.isPending}>
              {update.isPending ? 'Saving…' : 'Save name'}
            </Button>
          </div>
        </fieldset>
      </form>
    </Card>
  )
}
