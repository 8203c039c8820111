import { Check, UserCheck, X } from 'lucide-react'
import type { Invitation } from '#shared/contracts/invitations.ts'
import { canDecideProposal, proposalDecider } from '#shared/domain/appointments.ts'
import { canManageInvitation } from '#shared/domain/permissions.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { Button } from '#web/components/ui/button.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useSession } from '#web/lib/session/api.ts'
import { useDecideProposal, useInvitations, useRevokeInvitation } from '../api'

/**
 * Proposed appointments on the People tab (decision 014): someone on a side (a broker, surveyor or
 * estate agent) proposed a person for a role that side's client appoints. The client (or, for the
 * roles their conveyancer appoints, the conveyancer) sees Accept and Decline; accepting emails the
 * invitation. Everyone else sees who proposed whom and that the client has not answered; the
 * proposer's side may withdraw it. Nothing shows when there is no open proposal.
 */
export function ProposedAppointments({ txId, viewerRole }: { txId: string; viewerRole: string | null }) {
  const session = useSession()
  const viewerId = session.data?.profile.id ?? ''
  const invitations = useInvitations(txId)
  const decide = useDecideProposal(txId)
  const revoke = useRevokeInvitation(txId)
  const proposals = invitations.data?.invitations.filter((i) => i.status === 'proposed') ?? []
  if (proposals.length === 0) return null
  const mayWithdraw = (inv: Invitation) =>
    canManageInvitation(
      { profileId: viewerId, role: viewerRole },
      { profileId: inv.invited_by?.id ?? null, role: inv.invited_by?.role },
    )
  const answer = (inv: Invitation, decision: 'accept' | 'decline') =>
    decide.mutate(
      { invitationId: inv.id, decision },
      {
        onSuccess: () =>
          decision === 'accept'
            ? notify.success('Proposal accepted', `We've emailed ${inv.email} an invitation to join this move.`)
            : notify.success('Proposal declined', `${inv.email} was not invited.`),
        onError: (err) => notify.error('Could not answer the proposal', err.message),
      },
    )

  return (
    <section aria-labelledby="proposed-appointments" className="flex flex-col gap-3">
      <h2 id="proposed-appointments" className="text-lg font-semibold">
        Proposed appointments
      </h2>
      <ul className="flex flex-col gap-2" data-testid="proposed-appointments">
        {proposals.map((inv) => {
          const mayDecide = canDecideProposal(viewerRole, inv.role)
          const busy = decide.isPending && decide.variables?.invitationId === inv.id
          const role = participantRoleLabel(inv.role)
          return (
            <li
              key={inv.id}
              className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 items-start gap-3">
                <UserCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
                <div className="min-w-0">
                  <p className="truncate font-medium">{inv.organization?.name ?? inv.email}</p>
                  <p className="text-sm text-muted-foreground">
                    Proposed as {role} by {inv.invited_by?.full_name ?? 'someone who has left the move'} on{' '}
                    {formatUkDate(inv.created_at)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {mayDecide
                      ? 'They join only if you accept. Accepting emails them an invitation.'
                      : `Waiting for ${proposalDecider(inv.role)} to accept or decline.`}
                  </p>
                </div>
              </div>
              {mayDecide ? (
                <div className="flex shrink-0 gap-2">
                  <Button size="sm" disabled={busy} onClick={() => answer(inv, 'accept')}>
                    <Check aria-hidden="true" />
                    Accept
                    <span className="sr-only">
                      {' '}
                      {inv.email} as {role}
                    </span>
                  </Button>
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => answer(inv, 'decline')}>
                    <X aria-hidden="true" />
                    Decline
                    <span className="sr-only">
                      {' '}
                      {inv.email} as {role}
                    </span>
                  </Button>
                </div>
              ) : (
                mayWithdraw(inv) && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={revoke.isPending && revoke.variables === inv.id}
                    onClick={() =>
                      revoke.mutate(inv.id, {
                        onSuccess: () => notify.success('Proposal withdrawn', `${inv.email} will not be asked.`),
                        onError: (err) => notify.error('Could not withdraw the proposal', err.message),
                      })
                    }
                  >
                    <X aria-hidden="true" />
                    Withdraw<span className="sr-only"> the proposal of {inv.email}</span>
                  </Button>
                )
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
