import { Building2, Mail, Pencil, Phone, Send, Trash2 } from 'lucide-react'
import type { OffPlatformParty } from '#shared/contracts/off-platform-parties.ts'
import { appointmentForRecorded, proposalDecider } from '#shared/domain/appointments.ts'
import {
  mayRecordOffPlatform,
  NOT_ON_HOMEWARD,
  OFF_PLATFORM_ROLES,
  type OffPlatformRole,
} from '#shared/domain/off-platform-parties.ts'
import { isConveyancer, sideOf } from '#shared/domain/permissions.ts'
import { REGULATOR_SHORT } from '#shared/domain/regulators.ts'
import { INVITABLE_ROLES, participantRoleLabel, type ParticipantRole } from '#shared/domain/roles.ts'
import { ConfirmButton } from '#web/components/confirm-button.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { notify } from '#web/lib/toast.ts'
import { useInviteOffPlatformParty, useOffPlatformParties, useRemoveOffPlatformParty } from '../api'
import { RecordPartyDialog } from './record-party-dialog'

const mayRecord = (viewerRole: string | null | undefined, seat: OffPlatformRole) =>
  mayRecordOffPlatform(viewerRole as ParticipantRole | null | undefined, seat)

/** The small "not on Homeward" badge beside a recorded party, wherever a participant appears. */
export function NotOnHomewardBadge() {
  return (
    <Badge variant="outline" className="shrink-0">
      {NOT_ON_HOMEWARD}
    </Badge>
  )
}

/** The seats the viewer may record that nobody holds: no participant in the role, no open record. */
function emptySeats(viewerRole: string | null | undefined, heldRoles: readonly string[], parties: OffPlatformParty[]) {
  return OFF_PLATFORM_ROLES.filter(
    (seat) => mayRecord(viewerRole, seat) && !heldRoles.includes(seat) && !parties.some((p) => p.role === seat),
  )
}

/** The words of the record button: the other side's firm for a conveyancer, else "your estate agent" etc. */
function recordLabel(viewerRole: string | null | undefined, seats: readonly OffPlatformRole[]): string {
  const side = viewerRole ? sideOf(viewerRole) : null
  const otherFirm = side === 'buyer' ? 'seller_conveyancer' : 'buyer_conveyancer'
  if (isConveyancer(viewerRole) && seats.includes(otherFirm)) return "Record the other side's firm"
  const own = seats.filter((s) => s !== otherFirm && sideOf(s) === side)
  const words = own.map((s) =>
    s === `${side}_conveyancer`
      ? 'conveyancer'
      : s === 'mortgage_broker'
        ? 'broker'
        : participantRoleLabel(s).toLowerCase().replace("buyer's ", ''),
  )
  if (words.length === 0) return 'Record a firm not on Homeward'
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`
  return `Record your ${list}`
}

/**
 * People tab: the button that records a professional who is not on Homeward, for those who may
 * record an empty seat (mayRecordOffPlatform): "Record the other side's firm" for a conveyancer,
 * "Record your estate agent" (and so on) for a client. `heldRoles`: roles of the move's participants.
 */
export function RecordOffPlatformButton({
  txId,
  viewerRole,
  heldRoles,
}: {
  txId: string
  viewerRole: string | null | undefined
  heldRoles: readonly string[]
}) {
  const parties = useOffPlatformParties(txId)
  if (!parties.data) return null
  const seats = emptySeats(viewerRole, heldRoles, parties.data.parties)
  if (seats.length === 0) return null
  const label = recordLabel(viewerRole, seats)
  // A conveyancer's button starts on the other side's firm.
  const otherFirm: OffPlatformRole =
    viewerRole && sideOf(viewerRole) === 'buyer' ? 'seller_conveyancer' : 'buyer_conveyancer'
  const ordered =
    isConveyancer(viewerRole) && seats.includes(otherFirm)
      ? [otherFirm, ...seats.filter((x) => x !== otherFirm)]
      : seats
  return (
    <RecordPartyDialog
      txId={txId}
      seats={ordered}
      title={label}
      trigger={
        <Button variant="outline">
          <Building2 aria-hidden="true" />
          {label}
        </Button>
      }
    />
  )
}

/**
 * People tab: a card per professional recorded as not on Homeward, with the badge "not on Homeward",
 * firm, person, email, phone and regulator number; for those who may record the seat, Edit, Remove
 * (after a confirmation) and Invite to Homeward (an invitation at the recorded email, or a proposal
 * to the seat's client when the viewer may not appoint it: decision 014). Nothing while there are none.
 */
export function OffPlatformPartyCards({ txId, viewerRole }: { txId: string; viewerRole: string | null | undefined }) {
  const parties = useOffPlatformParties(txId)
  if (parties.isError)
    return <p className="text-sm text-destructive">Could not load the firms recorded as not on Homeward.</p>
  const list = parties.data?.parties ?? []
  if (list.length === 0) return null
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Recorded, not on Homeward">
      {list.map((p) => (
        <PartyCard key={p.id} txId={txId} party={p} viewerRole={viewerRole} />
      ))}
    </ul>
  )
}

function PartyCard({
  txId,
  party,
  viewerRole,
}: {
  txId: string
  party: OffPlatformParty
  viewerRole: string | null | undefined
}) {
  const remove = useRemoveOffPlatformParty(txId)
  const invite = useInviteOffPlatformParty(txId)
  const canChange = mayRecord(viewerRole, party.role)
  const way = appointmentForRecorded(viewerRole, party.role)
  const invitable = (INVITABLE_ROLES as readonly string[]).includes(party.role) && way !== 'refuse'
  const label = participantRoleLabel(party.role)
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-dashed bg-background p-4 shadow-sm"
      data-testid="off-platform-card"
    >
      <div className="flex min-w-0 items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground"
        >
          <Building2 className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="min-w-0 font-semibold break-words">{party.firm_name}</p>
            <NotOnHomewardBadge />
          </div>
          <p className="text-sm font-medium text-primary">{label}</p>
          {party.person_name && <p className="truncate text-sm text-muted-foreground">{party.person_name}</p>}
          <p className="flex min-w-0 items-center gap-1.5 text-sm">
            <Mail aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
            <a className="truncate text-primary hover:underline" href={`mailto:${party.email}`} title={party.email}>
              {party.email}
            </a>
          </p>
          {party.phone && (
            <p className="flex items-center gap-1.5 text-sm">
              <Phone aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
              <a className="text-primary hover:underline" href={`tel:${party.phone.replace(/\s/g, '')}`}>
                {party.phone}
              </a>
            </p>
          )}
          {party.regulator && (
            <p className="text-sm text-muted-foreground">
              {REGULATOR_SHORT[party.regulator]}
              {party.regulator_number ? ` ${party.regulator_number}` : ' (number not given)'}
            </p>
          )}
        </div>
      </div>
      {canChange && (
        <div className="flex flex-wrap gap-2">
          <RecordPartyDialog
            txId={txId}
            seats={[party.role]}
            party={party}
            title={`Edit ${party.firm_name}`}
            trigger={
              <Button variant="outline" size="sm" aria-label={`Edit ${party.firm_name}`}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            }
          />
          <ConfirmButton
            size="sm"
            label={
              <>
                <Trash2 aria-hidden="true" />
                Remove
              </>
            }
            title={`Remove ${party.firm_name}?`}
            description={`The ${label} seat will read as empty again. The move's activity keeps that they were recorded.`}
            confirmLabel="Remove"
            pendingLabel="Removing…"
            onConfirm={() =>
              remove.mutateAsync(party.id).then(
                () => notify.success('Removed', `${party.firm_name} is no longer recorded on this move.`),
                (err: Error) => {
                  notify.error('Could not remove the record', err.message)
                  throw err
                },
              )
            }
          />
          {invitable && (
            <Button
              size="sm"
              variant="outline"
              disabled={invite.isPending}
              onClick={() =>
                invite.mutateAsync(party.id).then(
                  (r) => notify.success(r.outcome === 'proposed' ? 'Proposal sent' : 'Invitation sent', r.message),
                  (err: Error) => notify.error('Could not invite them', err.message),
                )
              }
            >
              <Send aria-hidden="true" />
              {way === 'propose' ? `Invite (${proposalDecider(party.role)} agrees first)` : 'Invite to Homeward'}
            </Button>
          )}
        </div>
      )}
    </li>
  )
}

/**
 * Header: one line naming the professionals recorded as not on Homeward ("Seller's Conveyancer:
 * Mercer & Co, not on Homeward"), so the move's party summary is complete. Nothing while there are none.
 */
export function OffPlatformSummary({ txId }: { txId: string }) {
  const parties = useOffPlatformParties(txId)
  const list = parties.data?.parties ?? []
  if (list.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground" aria-label="Recorded, not on Homeward">
      {list.map((p) => (
        <li key={p.id} className="flex min-w-0 flex-wrap items-center gap-1.5">
          <span>
            {participantRoleLabel(p.role)}: <span className="font-medium text-foreground">{p.firm_name}</span>
          </span>
          <NotOnHomewardBadge />
        </li>
      ))}
    </ul>
  )
}
