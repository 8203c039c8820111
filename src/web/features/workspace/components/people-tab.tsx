import { Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { canInvite } from '#shared/domain/permissions.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { Button } from '#web/components/ui/button.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { ParticipantAvatar } from './participant-avatar'

/**
 * People (spec: Screens and routes): a card per participant with initials, role (no pro/consumer prefix),
 * organisation, invited date; a link to /marketplace; for those who may invite, `inviteButton` (by
 * email) and `pendingInvitations`, both from the invitations feature; `feeEarner` (the cases feature:
 * the firm's fee earner on the matter and, for admins, Reassign) above the people; `partyBadges` adds
 * a person's identity, CDD and funds badges to their card; `recordOffPlatform` and `offPlatformParties`
 * (the off-platform parties feature) record and list the professionals who are not on Homeward.
 */
export function PeopleTab({
  detail,
  feeEarner,
  inviteButton,
  pendingInvitations,
  partyBadges,
  recordOffPlatform,
  offPlatformParties,
}: {
  detail: TransactionDetail
  feeEarner?: ReactNode
  inviteButton?: ReactNode
  pendingInvitations?: ReactNode
  /** A person's verification badges, shown on their card (verification feature). */
  partyBadges?: (profileId: string) => ReactNode
  /** Recording a professional who is not on Homeward (off-platform parties feature), beside the invite button. */
  recordOffPlatform?: ReactNode
  /** The professionals recorded as not on Homeward, under the people (off-platform parties feature). */
  offPlatformParties?: ReactNode
}) {
  const mayInvite = canInvite(detail.viewer_role)
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="people-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="people-title" className="text-xl font-semibold">
              People on this move
            </h2>
            <p className="text-sm text-muted-foreground">
              Everyone here sees the same timeline. Each document says who can see it.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="/marketplace">
                <Search aria-hidden="true" />
                Find a professional
              </Link>
            </Button>
            {recordOffPlatform}
            {mayInvite && inviteButton}
          </div>
        </div>
        {feeEarner}
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {detail.transaction_participants.map((p) => (
            <li
              key={p.id}
              className="flex min-w-0 items-start gap-3 rounded-xl border bg-background p-4 shadow-sm"
              data-testid="participant-card"
            >
              <ParticipantAvatar name={p.profile.full_name} className="size-12 text-base" />
              <div className="min-w-0">
                <p className="truncate font-semibold">{p.profile.full_name}</p>
                <p className="text-sm font-medium text-primary">{participantRoleLabel(p.role)}</p>
                {p.organization && <p className="truncate text-sm text-muted-foreground">{p.organization.name}</p>}
                <p className="mt-1 text-xs text-muted-foreground">
                  {p.invited_by ? 'Invited' : 'On the move since'}{' '}
                  <time dateTime={p.created_at}>{formatUkDate(p.created_at)}</time>
                </p>
                {partyBadges?.(p.user_id)}
              </div>
            </li>
          ))}
        </ul>
        {offPlatformParties}
      </section>
      {mayInvite && pendingInvitations}
    </div>
  )
}
