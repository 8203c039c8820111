import { zodResolver } from '@hookform/resolvers/zod'
import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { AML_RETENTION_NOTICE, DELETE_CONFIRMATION_WORD, DeleteAccountInput } from '#shared/contracts/data-rights.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { notify } from '#web/lib/toast.ts'
import { useDeleteAccount } from '../data-rights-api'

/** Whether the typed text confirms deletion: the account's email (any case) or DELETE. Mirrors the server. */
export function confirms(typed: string, email: string): boolean {
  const t = typed.trim()
  return t === DELETE_CONFIRMATION_WORD || t.toLowerCase() === email.trim().toLowerCase()
}

/**
 * Danger zone: 'Delete my account' (UK GDPR art. 17). Says up front what goes and
 * what stays (documents on moves, for anti-money-laundering record keeping), then asks in a dialog
 * for the email (or DELETE) typed out and the current password before anything is deleted.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const [open, setOpen] = useState(false)
  const remove = useDeleteAccount()
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(DeleteAccountInput),
    defaultValues: { confirmation: '', password: '' },
  })
  const { errors } = form.formState
  const typed = useWatch({ control: form.control, name: 'confirmation' })

  const onSubmit = form.handleSubmit((values) =>
    remove.mutateAsync(values).catch((err: Error) => {
      if (err instanceof ApiError && err.status === 403) {
        form.setError('password', { type: 'server', message: err.message })
        // The fieldset is still disabled while the request settles; focus once it is enabled again.
        setTimeout(() => form.setFocus('password', { shouldSelect: true }), 0)
        return
      }
      if (!applyServerFieldErrors(err, form.setError, ['confirmation', 'password']))
        notify.error('Could not delete your account', err.message)
    }),
  )

  return (
    <Card role="region" aria-labelledby="delete-account-title" className="border-destructive/50">
      <CardHeader>
        <CardTitle as="h2" id="delete-account-title" className="text-destructive">
          Delete my account
        </CardTitle>
        <CardDescription>
          This removes your name, email, sign-in, sessions, notifications and settings, and signs you out. It cannot be
          undone.
        </CardDescription>
      </CardHeader>
      <div className="flex flex-col items-start gap-4 text-sm">
        <p className="flex gap-2 rounded-lg border bg-surface p-3">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <span>
            {AML_RETENTION_NOTICE} Drafts nobody else has joined are emptied of your documents and messages. Download
            your data first if you want a copy.
          </span>
        </p>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            if (remove.isPending) return
            setOpen(next)
            if (!next) form.reset()
          }}
        >
          <DialogTrigger asChild>
            <Button variant="destructive">Delete my account…</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              This cannot be undone. Other people on your moves will see ‘Former participant’ instead of your name.
            </DialogDescription>
            <form noValidate onSubmit={onSubmit} aria-label="Delete my account">
              <fieldset disabled={remove.isPending} className="flex flex-col gap-4">
                <FormField
                  id="delete-confirmation"
                  label={
                    <>
                      Type your email address <span className="font-mono break-all">{email}</span> or{' '}
                      <span className="font-mono">{DELETE_CONFIRMATION_WORD}</span>
                    </>
                  }
                  error={errors.confirmation?.message}
                >
                  {(field) => (
                    <Input {...field} autoComplete="off" spellCheck={false} {...form.register('confirmation')} />
                  )}
                </FormField>
                <FormField id="delete-password" label="Current password" error={errors.password?.message}>
                  {(field) => (
                    <Input {...field} type="password" autoComplete="current-password" {...form.register('password')} />
                  )}
                </FormField>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                    Keep my account
                  </Button>
                  <Button type="submit" variant="destructive" disabled={!confirms(typed, email) || remove.isPending}>
                    {remove.isPending ? 'Deleting…' : 'Delete my account permanently'}
                  </Button>
                </div>
              </fieldset>
            </form>
          </DialogContent>
        </Dialog>
      </div>
    </Card>
  )
}
