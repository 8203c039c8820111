import { Monitor, Smartphone } from 'lucide-react'
import type { ReactNode } from 'react'
import type { AccountSession } from '#shared/contracts/account.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useSignOut } from '#web/lib/session/use-sign-out.ts'
import { useAccountSessions, useRevokeOtherSessions, useRevokeSession } from '../api'
import { ConfirmButton } from '#web/components/confirm-button.tsx'

const PHONE = /iPhone|Android|iPad/

/**
 * Active sessions: device, IP (there is no location database, so no place name),
 * when it began and was last active, 'This device' marked. Sign out one, all others, or all (the
 * spec's local / others / global scopes), each after a confirmation.
 */
export function SessionsCard() {
  const sessions = useAccountSessions()
  const revokeOne = useRevokeSession()
  const revokeOthers = useRevokeOtherSessions()
  const signOutHere = useSignOut()
  const signOutEverywhere = useSignOut({ everywhere: true })
  const list = sessions.data?.sessions ?? []
  const others = list.filter((s) => !s.current).length

  const failed = (title: string) => (err: Error) => {
    notify.error(title, err.message)
    throw err
  }

  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle as="h2" id="sessions-title">
          Where you’re signed in
        </CardTitle>
        <CardDescription>
          Places are shown by IP address only: approximate location unavailable. Last active updates about once a day.
        </CardDescription>
      </CardHeader>
      {sessions.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading sessions">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : sessions.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>{sessions.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label="Active sessions">
          {list.map((s) => (
            <SessionRow
              key={s.id}
              session={s}
              action={
                s.current ? (
                  <ConfirmButton
                    label="Sign out"
                    size="sm"
                    title="Sign out on this device?"
                    description="You will need to sign in again here. Your other sessions stay signed in."
                    confirmLabel="Sign out"
                    onConfirm={() => signOutHere.mutateAsync()}
                  />
                ) : (
                  <ConfirmButton
                    label={
                      <>
                        Sign out<span className="sr-only"> {s.device}</span>
                      </>
                    }
                    size="sm"
                    title={`Sign out ${s.device}?`}
                    description={`${s.device}, signed in ${formatUkDateTime(s.createdAt)} from IP ${s.ip ?? 'unknown'}, will need to sign in again on its next visit.`}
                    confirmLabel="Sign out"
                    onConfirm={() =>
                      revokeOne
                        .mutateAsync(s.id)
                        .then(
                          () => notify.success('Session signed out', `${s.device} has been signed out.`),
                          failed('Could not sign out that session'),
                        )
                    }
                  />
                )
              }
            />
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <ConfirmButton
          label="Sign out all other sessions"
          title="Sign out all other sessions?"
          description={`Every other device (${others}) will need to sign in again. You stay signed in here.`}
          confirmLabel="Sign out others"
          disabled={!sessions.data || others === 0}
          onConfirm={() =>
            revokeOthers
              .mutateAsync()
              .then(
                () => notify.success('Other sessions signed out', 'Only this device is signed in now.'),
                failed('Could not sign out other sessions'),
              )
          }
        />
        <ConfirmButton
          label="Sign out everywhere"
          variant="destructive"
          title="Sign out everywhere?"
          description="Every device, this one included, will need to sign in again."
          confirmLabel="Sign out everywhere"
          onConfirm={() => signOutEverywhere.mutateAsync()}
        />
      </div>
    </Card>
  )
}

function SessionRow({ session, action }: { session: AccountSession; action: ReactNode }) {
  const Icon = PHONE.test(session.device) ? Smartphone : Monitor
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      aria-current={session.current || undefined}
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {session.device}
            {session.current && <Badge variant="success">This device</Badge>}
          </p>
          <p className="text-sm break-words text-muted-foreground">
            IP {session.ip ?? 'unknown'} · approximate location unavailable
          </p>
          <p className="text-sm text-muted-foreground">
            Signed in {formatUkDateTime(session.createdAt)} · Last active {formatUkDateTime(session.lastActiveAt)}
          </p>
        </div>
      </div>
      <div className="shrink-0 sm:pl-4">{action}</div>
    </li>
  )
}
