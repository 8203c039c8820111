import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { InviteMemberInput, type FirmInvitation, type MyFirmResponse } from '#shared/contracts/firms.ts'
import { canManageFirm, MEMBER_ROLES, memberRoleLabel } from '#shared/domain/firms.ts'
import { ConfirmButton } from '#web/components/confirm-button.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useInviteMember, useRevokeInvitation } from '../api'

type FormInput = z.input<typeof InviteMemberInput>

/**
 * Admins invite a colleague by email in a member role (the email carries a link to join, valid 7
 * days, for that address only) and see the pending invitations, each of which they can withdraw
 * after a confirmation. Inviting a pending email again sends a new link. Others read why not.
 */
export function InvitationsSection({ firm }: { firm: MyFirmResponse }) {
  if (!canManageFirm(firm.my_role)) {
    return (
      <section aria-labelledby="invitations-heading" className="rounded-lg border bg-background p-4">
        <h2 id="invitations-heading" className="text-lg font-semibold">
          Invitations
        </h2>
        <p className="text-sm text-muted-foreground">
          Only an admin of {firm.firm?.name ?? 'the firm'} invites colleagues. Ask one of them to invite yours.
        </p>
      </section>
    )
  }
  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-4">
      <h2 id="invitations-heading" className="text-lg font-semibold">
        Invitations
      </h2>
      <InviteForm firmName={firm.firm?.name ?? 'the firm'} />
      <PendingInvitations invitations={firm.invitations} />
    </section>
  )
}

function InviteForm({ firmName }: { firmName: string }) {
  const invite = useInviteMember()
  const form = useForm<FormInput>({
    resolver: zodResolver(InviteMemberInput),
    defaultValues: { email: '', role: 'fee_earner' },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit((values) =>
    invite.mutateAsync(values).then(
      () => {
        notify.success('Invitation sent', `We emailed ${values.email} a link to join ${firmName}.`)
        form.reset({ email: '', role: values.role })
      },
      (err: Error) => {
        if (!applyServerFieldErrors(err, form.setError, ['email', 'role']))
          notify.error('Could not send the invitation', err.message)
      },
    ),
  )
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Invite a colleague"
      className="rounded-lg border bg-background p-4"
    >
      <fieldset disabled={invite.isPending} className="flex flex-col gap-3">
        <legend className="mb-2 font-medium">Invite a colleague</legend>
        <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
          <FormField id="invite-email" label="Email address" error={errors.email?.message}>
            {(f) => <Input {...f} type="email" autoComplete="off" {...form.register('email')} />}
          </FormField>
          <FormField id="invite-role" label="Role" error={errors.role?.message}>
            {(f) => (
              <NativeSelect {...f} {...form.register('role')}>
                {MEMBER_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {memberRoleLabel(r)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <Button type="submit" className="sm:mt-6">
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">The link works once, only for that email address, for 7 days.</p>
      </fieldset>
    </form>
  )
}

function PendingInvitations({ invitations }: { invitations: FirmInvitation[] }) {
  const revoke = useRevokeInvitation()
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium">Pending invitations</h3>
      {invitations.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          No pending invitations. Invitations you send show here until they are accepted.
        </p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border bg-background" aria-label="Pending invitations">
          {invitations.map((i) => (
            <li
              key={i.id}
              data-testid="invitation-row"
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <div className="font-medium break-all">{i.email}</div>
                <div className="text-xs text-muted-foreground">
                  {memberRoleLabel(i.role)} · sent {formatUkDate(i.created_at)} · expires {formatUkDate(i.expires_at)}
                </div>
              </div>
              <ConfirmButton
                size="sm"
                label={
                  <>
                    Withdraw<span className="sr-only"> the invitation to {i.email}</span>
                  </>
                }
                title={`Withdraw the invitation to ${i.email}?`}
                description="Its link stops working at once. You can invite them again later."
                cancelLabel="Keep it"
                confirmLabel="Withdraw"
                pendingLabel="Withdrawing…"
                onConfirm={() =>
                  revoke.mutateAsync(i.id).then(
                    () => notify.success('Invitation withdrawn', `The link sent to ${i.email} no longer works.`),
                    (err: Error) => notify.error('Could not withdraw the invitation', err.message),
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
