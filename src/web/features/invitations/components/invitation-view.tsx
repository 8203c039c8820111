import { AlertCircle, CalendarClock, Home, LogIn, MailOpen, UserPlus } from 'lucide-react'
import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { participantRoleLabel, signupChoiceForParticipantRole } from '#shared/domain/roles.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useSession } from '#web/lib/session/api.ts'
import { signInHref } from '#web/lib/session/next-path.ts'
import { useSignOut } from '#web/lib/session/use-sign-out.ts'
import { addressOneLine } from '#web/lib/address.ts'
import { useAcceptInvitation, useInvitationPreview } from '../api'
import { invitationUnavailableMessage } from '../messages'
import { invitationPath, PAGE_PATHS, giftorGiftPath, transactionPath } from '#shared/paths.ts'

/**
 * /invite/{token}: what the invitation is for, then accepting it. Signed out, it offers Sign in and
 * Create an account, both coming back here; signed in, an Accept button. Expired, used, withdrawn and
 * re-sent links, and a link meant for another email, each say why and what to do. Create an account
 * arrives with the role filled in (the address is shown masked only: the preview is public), and coming back here from sign-up or sign-in
 * (`?join=1`) accepts at once; the server still checks that the email matches.
 */
export function InvitationView({ token }: { token: string }) {
  const preview = useInvitationPreview(token)
  const session = useSession()
  const accept = useAcceptInvitation(token)
  const navigate = useNavigate()
  const here = invitationPath(token)
  const switchAccount = useSignOut({ redirectTo: signInHref(here) })
  const [params, setParams] = useSearchParams()
  const joinOnArrival = params.get('join') === '1'
  const autoAccepted = useRef(false)

  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: ({ transaction_id, gift_id }) => {
        // A giftor sees only their gift (decision 037), never the move.
        if (gift_id) {
          if (!reopening) notify.success('Invitation accepted', 'Verify your identity and sign the declaration.')
          navigate(giftorGiftPath(gift_id))
          return
        }
        notify.success("You've joined the move", addressOneLine(preview.data?.property ?? null))
        navigate(transactionPath(transaction_id))
      },
      onError: (err) => {
        notify.error('Could not accept the invitation', err.message)
        if (err instanceof ApiError && err.status === 410) void preview.refetch()
      },
    })
  // A giftor's link once accepted: it opens their gift again (decision 069).
  const reopening = preview.data?.role === 'giftor' && preview.data.status === 'accepted'
  const acceptOnArrival = useEffectEvent(onAccept)
  const canJoin = !!preview.data && !invitationUnavailableMessage(preview.data) && !!session.data
  // Back from signing up or in through this invitation: accept once, without a second press.
  useEffect(() => {
    if (!joinOnArrival || !canJoin || autoAccepted.current) return
    autoAccepted.current = true
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev)
        p.delete('join')
        return p
      },
      { replace: true },
    )
    acceptOnArrival()
  }, [joinOnArrival, canJoin, setParams])

  if (preview.isPending || session.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">Loading your invitation</span>
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="mt-4 h-11 w-40" />
      </div>
    )
  }

  if (preview.isError) {
    const notFound = preview.error instanceof ApiError && preview.error.status === 404
    return (
      <Problem
        title={notFound ? 'This invitation link is not valid' : 'We could not open this invitation'}
        body={
          notFound
            ? 'Check that you copied the whole link from the email, or ask the person who invited you to send it again.'
            : preview.error.message
        }
        action={
          <Button asChild variant="outline">
            <Link to="/">Go to Homeward</Link>
          </Button>
        }
      />
    )
  }

  const inv = preview.data
  const unavailable = invitationUnavailableMessage(inv)
  const acceptError = accept.error instanceof ApiError ? accept.error : null

  const back = `${here}?join=1`
  const signUpParams: Record<string, string> = { tab: 'sign-up' }
  const choice = signupChoiceForParticipantRole(inv.role)
  if (choice) signUpParams.role = choice

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <MailOpen aria-hidden="true" className="size-6" />
        </span>
        {inv.role === 'giftor' ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Confirm your gift towards a deposit</h1>
            <p className="text-muted-foreground">
              {inv.invited_by_name ?? 'Someone'} recorded a gift from{' '}
              <strong className="text-foreground">{inv.email}</strong>.{' '}
              {reopening
                ? 'You accepted this invitation: this link always opens your gift, where you can carry on.'
                : 'Accept to verify your identity and sign the gifted-deposit declaration. You will see only your gift, not the move.'}
            </p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">You're invited to a move</h1>
            <p className="text-muted-foreground">
              {inv.invited_by_name ?? 'Someone'} invited <strong className="text-foreground">{inv.email}</strong> to
              join as <strong className="text-foreground">{participantRoleLabel(inv.role)}</strong>.
            </p>
          </>
        )}
      </div>
      <dl className="flex flex-col gap-3 rounded-xl border bg-surface p-4 text-sm">
        <div className="flex items-start gap-3">
          <dt className="mt-0.5">
            <Home aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="sr-only">Property</span>
          </dt>
          <dd className="font-medium">{addressOneLine(inv.property)}</dd>
        </div>
        {!reopening && (
          <div className="flex items-start gap-3">
            <dt className="mt-0.5">
              <CalendarClock aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="sr-only">Expires</span>
            </dt>
            <dd>Link valid until {formatUkDate(inv.expires_at)}</dd>
          </div>
        )}
      </dl>

      {unavailable ? (
        <Problem
          title={unavailable.title}
          body={unavailable.body}
          action={
            <Button asChild variant="outline">
              <Link to={session.data ? PAGE_PATHS.home : signInHref(PAGE_PATHS.home)}>
                {session.data ? 'Go to your transactions' : 'Sign in'}
              </Link>
            </Button>
          }
        />
      ) : session.data ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted-foreground">
            Signed in as <strong className="text-foreground">{session.data.user.email}</strong>.
          </p>
          {acceptError && (
            <div
              role="alert"
              className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
            >
              <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p>{acceptError.message}</p>
            </div>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {acceptError?.status === 403 ? (
              // Meant for another email: accepting again cannot work, switching account can.
              <Button size="lg" onClick={() => switchAccount.mutate()} disabled={switchAccount.isPending}>
                Sign out and use another account
              </Button>
            ) : (
              <Button size="lg" onClick={onAccept} disabled={accept.isPending}>
                {reopening ? 'Open your gift' : accept.isPending ? 'Joining…' : 'Accept invitation'}
              </Button>
            )}
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">
            {reopening
              ? 'Sign in with the invited email address to open your gift.'
              : 'Sign in with the invited email address, or create a free account with it, to accept.'}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button asChild size="lg">
              <Link to={signInHref(back)}>
                <LogIn aria-hidden="true" />
                {reopening ? 'Sign in to open your gift' : 'Sign in to accept'}
              </Link>
            </Button>
            {!reopening && (
              <Button asChild size="lg" variant="outline">
                <Link to={signInHref(back, signUpParams)}>
                  <UserPlus aria-hidden="true" />
                  Create an account
                </Link>
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  )
}

function Problem({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-accent/60 p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-accent-foreground">
        <AlertCircle aria-hidden="true" className="size-5" />
        {title}
      </h2>
      <p className="text-sm text-accent-foreground">{body}</p>
      {action && <div>{action}</div>}
    </div>
  )
}
