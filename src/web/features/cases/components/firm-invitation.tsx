import { Building2, CalendarClock, UserRound } from 'lucide-react'
import type { FirmInvitationPreview } from '#shared/contracts/firms.ts'
import { memberRoleLabel } from '#shared/domain/firms.ts'
import { organizationTypeLabel, type OrganizationType } from '#shared/domain/organizations.ts'
import type { SignupRoleChoice } from '#shared/domain/roles.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useAcceptFirmInvitation, useFirmInvitationPreview } from '../api'

/** The sign-up choice ('I am a...') that matches the inviting firm's trade. */
export const SIGNUP_CHOICE_BY_FIRM_TYPE: Record<OrganizationType, SignupRoleChoice> = {
  law: 'conveyancer',
  survey: 'surveyor',
  broker: 'broker',
  agent: 'agent',
}

/** "Priya Shah invited you to join Shah Mercer Property Lawyers as Fee earner." */
export function firmInvitationSentence(p: FirmInvitationPreview): string {
  return `${p.invited_by_name ?? 'A colleague'} invited you to join ${p.firm_name} as ${memberRoleLabel(p.role).toLowerCase()}.`
}

/** Why a firm invitation cannot be used any more, or null while it can. */
export function firmInvitationUnavailable(p: FirmInvitationPreview): string | null {
  switch (p.status) {
    case 'accepted':
      return `This invitation to ${p.firm_name} has already been used. Sign in to see your firm's work.`
    case 'revoked':
      return `${p.firm_name} withdrew this invitation. Ask the firm's admin to invite you again.`
    case 'expired':
      return `This invitation to ${p.firm_name} expired on ${formatUkDate(p.expires_at)}. Ask the firm's admin to invite you again.`
    default:
      return null
  }
}

/** The firm, its trade, who invited and until when, as a short list. */
export function FirmInvitationFacts({ preview }: { preview: FirmInvitationPreview }) {
  return (
    <dl className="flex flex-col gap-3 rounded-xl border bg-surface p-4 text-sm">
      <div className="flex items-start gap-3">
        <dt className="mt-0.5">
          <Building2 aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="sr-only">Firm</span>
        </dt>
        <dd>
          <span className="font-medium">{preview.firm_name}</span>{' '}
          <span className="text-muted-foreground">· {organizationTypeLabel(preview.firm_type)}</span>
        </dd>
      </div>
      <div className="flex items-start gap-3">
        <dt className="mt-0.5">
          <UserRound aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="sr-only">Invited by</span>
        </dt>
        <dd>
          Invited by {preview.invited_by_name ?? 'a colleague'}, as {memberRoleLabel(preview.role).toLowerCase()}, for{' '}
          {preview.email}
        </dd>
      </div>
      <div className="flex items-start gap-3">
        <dt className="mt-0.5">
          <CalendarClock aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="sr-only">Expires</span>
        </dt>
        <dd>Link valid until {formatUkDate(preview.expires_at)}</dd>
      </div>
    </dl>
  )
}

/**
 * The offer to a signed-in person holding a firm invitation link: it names the firm and who invited,
 * and its one action is "Join <firm>" (never "Create your firm" beside it). Used by the joining page
 * (/join/{token}) and the cases board (links of the form /app/cases?join={token}).
 */
export function FirmInvitationOffer({
  token,
  onJoined,
  compact = false,
}: {
  token: string
  /** After joining: the firm's name and the role joined in. */
  onJoined: (firmName: string) => void
  /** A banner (the cases board) rather than the page's card. */
  compact?: boolean
}) {
  const preview = useFirmInvitationPreview(token)
  const accept = useAcceptFirmInvitation()
  if (preview.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Loading your invitation</span>
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-5 w-full" />
      </div>
    )
  }
  if (preview.isError) {
    const notFound = preview.error instanceof ApiError && preview.error.status === 404
    return (
      <p role="alert" className="rounded-lg border border-destructive/40 p-4 text-sm">
        {notFound
          ? 'This invitation link is not valid. Check that you used the whole link from the email, or ask the firm to send it again.'
          : preview.error.message}
      </p>
    )
  }
  const p = preview.data
  const unavailable = firmInvitationUnavailable(p)
  const join = () =>
    accept.mutate(token, {
      onSuccess: (joined) => {
        notify.success(`Welcome to ${p.firm_name}`, `You joined as ${memberRoleLabel(joined.role).toLowerCase()}.`)
        onJoined(p.firm_name)
      },
    })
  const button = !unavailable && (
    <Button onClick={join} disabled={accept.isPending} className="self-start">
      Join {p.firm_name}
    </Button>
  )
  const error = accept.isError && (
    <p role="alert" className="text-sm text-destructive">
      {accept.error.message}
    </p>
  )
  if (compact) {
    return (
      <section
        aria-label={`Invitation to join ${p.firm_name}`}
        className="flex flex-wrap items-center gap-3 rounded-lg border bg-background p-4"
      >
        <p className="flex-1">{unavailable ?? firmInvitationSentence(p)}</p>
        {error}
        {button}
      </section>
    )
  }
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Join {p.firm_name}</h1>
        <p className="text-muted-foreground">{unavailable ?? firmInvitationSentence(p)}</p>
      </div>
      <FirmInvitationFacts preview={p} />
      {!unavailable && (
        <p className="text-sm text-muted-foreground">
          You will see {p.firm_name}&rsquo;s work on Homeward and work on it with your colleagues.
        </p>
      )}
      {error}
      {button}
    </div>
  )
}
