import { MailCheck, RotateCw, X } from 'lucide-react'
import type { Invitation } from '#shared/contracts/invitations.ts'
import { canManageInvitation } from '#shared/domain/permissions.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { ConfirmButton } from '#web/components/confirm-button.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useSession } from '#web/lib/session/api.ts'
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../api'

/**
 * Pending invitations of a move: who, as what, when sent and until when, with Resend and
 * Revoke (Revoke asks first: the emailed link stops working). Resend and Revoke show only to the
 * inviter's side; the other side sees who invited whom.
 */
export function PendingInvitations({ txId, viewerRole }: { txId: string; viewerRole: string | null }) {
  const session = useSession()
  const viewerId = session.data?.profile.id ?? ''
  const mayManage = (inv: Invitation) =>
    canManageInvitation(
      { profileId: viewerId, role: viewerRole },
      { profileId: inv.invited_by?.id ?? null, role: inv.invited_by?.role },
    )
  const invitations = useInvitations(txId)
  const resend = useResendInvitation(txId)
  const revoke = useRevokeInvitation(txId)
  const pending = invitations.data?.invitations.filter((i) => i.status === 'pending') ?? []

  return (
    <section aria-labelledby="pending-invitations" className="flex flex-col gap-3">
      <h2 id="pending-invitations" className="text-lg font-semibold">
        Pending invitations
      </h2>
      {invitations.isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Loading invitations</span>
          <Skeleton className="h-16 rounded-xl" />
        </div>
      ) : invitations.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the invitations: {invitations.error.message}
        </p>
      ) : pending.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invitations waiting for an answer.</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="pending-invitations">
          {pending.map((inv) => (
            <li
              key={inv.id}
              className="flex flex-col gap-3 rounded-xl border bg-background p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 items-start gap-3">
                <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <div className="min-w-0">
                  <p className="truncate font-medium">{inv.organization?.name ?? inv.email}</p>
                  <p className="text-sm text-muted-foreground">
                    {participantRoleLabel(inv.role)}
                    {inv.organization && <> · {inv.email}</>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Sent {formatUkDate(inv.last_sent_at)}
                    {inv.send_count > 1 && <> ({inv.send_count} times)</>} · Expires {formatUkDate(inv.expires_at)}
                  </p>
                </div>
              </div>
              {!mayManage(inv) ? (
                <p className="shrink-0 text-xs text-muted-foreground">
                  Invited by {inv.invited_by?.full_name ?? 'someone who has left the move'}
                </p>
              ) : (
                <div className="flex shrink-0 gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={resend.isPending && resend.variables === inv.id}
                    onClick={() =>
                      resend.mutate(inv.id, {
                        onSuccess: (updated) =>
                          notify.success('Invitation re-sent', `We've emailed ${updated.email} again.`),
                        onError: (err) => notify.error('Could not re-send the invitation', err.message),
                      })
                    }
                  >
                    <RotateCw aria-hidden="true" />
                    Resend<span className="sr-only"> to {inv.email}</span>
                  </Button>
                  <ConfirmButton
                    size="sm"
                    className="text-destructive hover:bg-red-50"
                    label={
                      <>
                        <X aria-hidden="true" />
                        Revoke<span className="sr-only"> invitation to {inv.email}</span>
                      </>
                    }
                    title="Revoke this invitation?"
                    description={`The link emailed to ${inv.email} will stop working. You can invite them again later.`}
                    cancelLabel="Keep it"
                    confirmLabel="Revoke invitation"
                    pendingLabel="Revoking…"
                    onConfirm={() =>
                      revoke.mutateAsync(inv.id).then(
                        () => notify.success('Invitation revoked', `The link sent to ${inv.email} no longer works.`),
                        (err: Error) => notify.error('Could not revoke the invitation', err.message),
                      )
                    }
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
