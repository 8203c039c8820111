import { useState } from 'react'
import type { FirmMember, MyFirmResponse } from '#shared/contracts/firms.ts'
import { canManageFirm, MEMBER_ROLES, memberRoleLabel, type MemberRole } from '#shared/domain/firms.ts'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx'
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { formatUkDate, pluralise } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useChangeMemberRole, useRemoveMember } from '../api'

const ROLE_VARIANT: Record<MemberRole, BadgeVariant> = { admin: 'default', fee_earner: 'soft', assistant: 'muted' }

const ROLE_HINTS: Record<MemberRole, string> = {
  admin: 'Manages members and invitations, opens and reassigns any matter',
  fee_earner: 'Opens matters and holds them as fee earner',
  assistant: "Works on the firm's matters, never holds one",
}

/**
 * The firm's members with their roles and the live matters each holds. Admins change a role (a
 * dialog of the three roles) and remove a member (after a confirmation); the firm's only admin can
 * be neither, which the page says before the server would refuse it (409).
 */
export function MembersSection({ firm }: { firm: MyFirmResponse }) {
  const admin = canManageFirm(firm.my_role)
  const admins = firm.members.filter((m) => m.role === 'admin').length
  const [changing, setChanging] = useState<FirmMember | null>(null)
  const [removing, setRemoving] = useState<FirmMember | null>(null)
  const firmName = firm.firm?.name ?? 'the firm'

  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="members-heading" className="text-lg font-semibold">
          Members
        </h2>
        <p className="text-sm text-muted-foreground">
          {pluralise(firm.members.length, 'person', 'people')} at {firmName}.
          {admin ? '' : ' Only an admin changes roles or removes members.'}
        </p>
      </div>
      <ul className="flex flex-col divide-y rounded-lg border bg-background" aria-label="Members">
        {firm.members.map((m) => {
          const onlyAdmin = m.role === 'admin' && admins <= 1
          return (
            <li
              key={m.profile_id}
              data-testid="member-row"
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{m.full_name}</span>
                  <Badge variant={ROLE_VARIANT[m.role]}>{memberRoleLabel(m.role)}</Badge>
                </div>
                <div className="text-sm break-all text-muted-foreground">{m.email}</div>
                <div className="text-xs text-muted-foreground">
                  Joined {formatUkDate(m.joined_at)}
                  {m.matters_count ? ` · fee earner of ${pluralise(m.matters_count, 'live matter')}` : ''}
                  {onlyAdmin ? ' · the only admin' : ''}
                </div>
              </div>
              {admin && (
                <div className="flex shrink-0 gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Change role of ${m.full_name}`}
                    onClick={() => setChanging(m)}
                  >
                    Change role
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Remove ${m.full_name}`}
                    disabled={onlyAdmin}
                    title={onlyAdmin ? `${firmName} needs at least one admin` : undefined}
                    onClick={() => setRemoving(m)}
                  >
                    Remove
                  </Button>
                </div>
              )}
            </li>
          )
        })}
      </ul>
      {admins <= 1 && admin && (
        <p className="text-xs text-muted-foreground">
          A firm keeps at least one admin: make someone else an admin before the only admin changes role or leaves.
        </p>
      )}
      <ChangeRoleDialog member={changing} onlyAdmin={admins <= 1} onClose={() => setChanging(null)} />
      <RemoveMemberDialog member={removing} firmName={firmName} onClose={() => setRemoving(null)} />
    </section>
  )
}

function ChangeRoleDialog({
  member,
  onlyAdmin,
  onClose,
}: {
  member: FirmMember | null
  onlyAdmin: boolean
  onClose: () => void
}) {
  const change = useChangeMemberRole()
  const [role, setRole] = useState<string>('')
  const current = member?.role ?? ''
  const chosen = role || current
  const lockedAdmin = member?.role === 'admin' && onlyAdmin
  return (
    <Dialog
      open={!!member}
      onOpenChange={(open) => {
        if (!open && !change.isPending) {
          setRole('')
          onClose()
        }
      }}
    >
      <DialogContent className="sm:max-w-lg">
        {member && (
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault()
              if (chosen === current) return onClose()
              change.mutate(
                { profileId: member.profile_id, role: chosen as MemberRole },
                {
                  onSuccess: () => {
                    notify.success(
                      'Role changed',
                      `${member.full_name} is now ${memberRoleLabel(chosen).toLowerCase()}.`,
                    )
                    setRole('')
                    onClose()
                  },
                  onError: (err) => notify.error('Could not change the role', err.message),
                },
              )
            }}
          >
            <div className="pr-8">
              <DialogTitle>Change {member.full_name}&apos;s role</DialogTitle>
              <DialogDescription className="mt-1">
                {lockedAdmin
                  ? 'They are the only admin. Make someone else an admin first.'
                  : 'The change applies at once, on every matter of the firm.'}
              </DialogDescription>
            </div>
            <ChoiceGroup
              name="member-role"
              legend="Role"
              columns={1}
              value={chosen}
              onValueChange={setRole}
              choices={MEMBER_ROLES.map((r) => ({
                value: r,
                label: memberRoleLabel(r),
                description: ROLE_HINTS[r],
              }))}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={onClose} disabled={change.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={change.isPending || (lockedAdmin && chosen !== 'admin')}>
                {change.isPending ? 'Saving…' : 'Save role'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}

function RemoveMemberDialog({
  member,
  firmName,
  onClose,
}: {
  member: FirmMember | null
  firmName: string
  onClose: () => void
}) {
  const remove = useRemoveMember()
  return (
    <AlertDialog open={!!member} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>
          Remove {member?.full_name} from {firmName}?
        </AlertDialogTitle>
        <AlertDialogDescription>
          {member?.matters_count
            ? `They hold ${pluralise(member.matters_count, 'live matter')}: reassign ${member.matters_count === 1 ? 'it' : 'them'} on the cases board first.`
            : 'They lose access to every matter of the firm at once. You can invite them again later.'}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep them</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              member &&
              remove.mutate(member.profile_id, {
                onSuccess: () => {
                  notify.success('Member removed', `${member.full_name} is no longer a member of ${firmName}.`)
                  onClose()
                },
                onError: (err) => notify.error('Could not remove the member', err.message),
              })
            }
          >
            {remove.isPending ? 'Removing…' : 'Remove'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
