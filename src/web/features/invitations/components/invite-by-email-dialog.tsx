import { zodResolver } from '@hookform/resolvers/zod'
import { Mail, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { CreateInvitationInput } from '#shared/contracts/invitations.ts'
import { appointmentFor, proposalDecider, proposalMessage } from '#shared/domain/appointments.ts'
import { sideOf } from '#shared/domain/permissions.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { notify } from '#web/lib/toast.ts'
import { useCreateInvitation } from '../api'
import { INVITE_ROLE_OPTIONS } from '../messages'

type ByEmailInput = z.input<typeof CreateInvitationInput>
type ByEmailOutput = z.output<typeof CreateInvitationInput>

/**
 * 'Invite by email' on the People tab: email and role (buyer, seller, a joint buyer or seller, either
 * side's conveyancer, surveyor, broker, agent), validated with the shared contract. The person gets a single-use link
 * valid for 7 days; inviting the same email again re-sends it. Only the roles the viewer may appoint
 * are offered: their own side's, and the other principal while that seat is empty; a role their
 * client appoints (a broker choosing the buyer's conveyancer) is offered as a proposal to the client
 * (`appointmentFor`, decision 014).
 */
export function InviteByEmailDialog({
  txId,
  viewerRole,
  hasBuyer,
  hasSeller,
}: {
  txId: string
  viewerRole: string | null | undefined
  hasBuyer: boolean
  hasSeller: boolean
}) {
  // Only what the viewer may appoint, or propose to the client (decision 014): the server is the gate.
  const roleOptions = INVITE_ROLE_OPTIONS.flatMap((o) => {
    const way = appointmentFor(viewerRole, o.value)
    const seatTaken = (o.value === 'buyer' && hasBuyer) || (o.value === 'seller' && hasSeller)
    // A joint buyer (seller) joins beside the buyer (seller): offered once that seat is filled (decision 070).
    const noLead = (o.value === 'co_buyer' && !hasBuyer) || (o.value === 'co_seller' && !hasSeller)
    if (way === 'refuse' || seatTaken || noLead) return []
    return [{ ...o, label: way === 'propose' ? `${o.label} (proposed to ${proposalDecider(o.value)})` : o.label }]
  })
  const proposes = roleOptions.some((o) => appointmentFor(viewerRole, o.value) === 'propose')
  const otherSide = viewerRole && sideOf(viewerRole) === 'seller' ? 'buyer' : 'seller'
  const [open, setOpen] = useState(false)
  const create = useCreateInvitation()
  const form = useForm<ByEmailInput, unknown, ByEmailOutput>({
    resolver: zodResolver(CreateInvitationInput),
    defaultValues: { email: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync({ txId, input: { email: values.email, role: values.role } }).then(
      (invitation) => {
        if (invitation.status === 'proposed') notify.success('Proposal sent', proposalMessage(invitation.role))
        else
          notify.success(
            invitation.send_count > 1 ? 'Invitation sent again' : 'Invitation sent',
            `We've emailed ${invitation.email} a link to join this move. It works for 7 days.`,
          )
        form.reset()
        setOpen(false)
      },
      (err: Error) => {
        if (!applyServerFieldErrors(err, form.setError, ['email', 'role']))
          notify.error('Could not send the invitation', err.message)
      },
    ),
  )

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return
        if (!next) form.reset()
        setOpen(next)
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Invite by email
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <div className="pr-8">
          <DialogTitle>Invite someone to this move</DialogTitle>
          <DialogDescription className="mt-1">
            They get an email with a link that works once, for 7 days, for this email address only.
          </DialogDescription>
        </div>
        <form noValidate onSubmit={onSubmit} aria-label="Invite by email">
          <fieldset disabled={create.isPending} className="flex flex-col gap-4">
            <FormField id="invite-email" label="Email address" error={errors.email?.message}>
              {(f) => <Input {...f} type="email" autoComplete="off" {...form.register('email')} />}
            </FormField>
            <FormField
              id="invite-role"
              label="Their role on this move"
              hint={`The ${otherSide}'s side invites its own ${otherSide === 'seller' ? 'conveyancer and estate agent' : 'conveyancer, surveyor and broker'}.${proposes ? ` A role marked "proposed" is appointed by your client: they accept your proposal before anyone is emailed.` : ''}`}
              error={errors.role?.message}
            >
              {(f) => (
                <NativeSelect
                  {...f}
                  defaultValue=""
                  {...form.register('role', { setValueAs: (v: string) => v || undefined })}
                >
                  <option value="" disabled>
                    Choose a role
                  </option>
                  {roleOptions.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit">
                <Mail aria-hidden="true" />
                {create.isPending ? 'Sending…' : 'Send invitation'}
              </Button>
            </div>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  )
}
