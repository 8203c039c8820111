import { KeyRound, Link2 } from 'lucide-react'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { type LinkedIdentity, oauthErrorMessage } from '#shared/contracts/identities.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { ConfirmButton } from '#web/components/confirm-button.tsx'
import { useLinkedIdentities, useLinkIdentity, useUnlinkIdentity } from '../api'

/**
 * 'Linked sign-in methods' in /app/settings: each linked provider with the email it
 * gave and when it was linked, 'Link <provider>' for the configured ones not linked yet, and 'Unlink'
 * after a confirmation. The server refuses to unlink the last way to sign in and says why; the card
 * says so up front too. Hidden when no provider is configured and none is linked.
 */
export function LinkedIdentitiesCard() {
  const identities = useLinkedIdentities()
  const link = useLinkIdentity()
  const unlink = useUnlinkIdentity()
  const [params, setParams] = useSearchParams()
  const linked = params.get('linked')
  const error = params.get('error')
  const providers = identities.data?.providers ?? []
  const providerName = (id: string | null) => providers.find((p) => p.id === id)?.name ?? id ?? 'the provider'

  // Back from the provider: say what happened once, then tidy the address bar.
  useEffect(() => {
    if (!identities.data || (!linked && !error)) return
    if (linked) notify.success(`${providerName(linked)} linked`, `You can now sign in with ${providerName(linked)}.`)
    if (!error)
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev)
          p.delete('linked')
          return p
        },
        { replace: true },
      )
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [identities.data, linked])

  if (identities.isPending) {
    return <Skeleton className="h-40 w-full" aria-label="Loading linked sign-in methods" />
  }
  if (identities.isError) {
    return (
      <Card role="region" aria-labelledby="identities-title">
        <CardTitle as="h2" id="identities-title">
          Linked sign-in methods
        </CardTitle>
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>{identities.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void identities.refetch()}>
            Try again
          </Button>
        </div>
      </Card>
    )
  }
  const { identities: list, hasPassword } = identities.data
  if (!providers.length && !list.length) return null
  const unlinked = providers.filter((p) => !list.some((i) => i.providerId === p.id))
  const onlyWay = !hasPassword && list.length === 1

  return (
    <Card role="region" aria-labelledby="identities-title">
      <CardHeader>
        <CardTitle as="h2" id="identities-title">
          Linked sign-in methods
        </CardTitle>
        <CardDescription>
          Sign in with your work or personal account as well as, or instead of, a password.
        </CardDescription>
      </CardHeader>
      {error && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {oauthErrorMessage(error, providerName(params.get('provider')))}
        </p>
      )}
      <ul className="flex flex-col divide-y rounded-lg border" aria-label="Sign-in methods">
        <li className="flex items-start gap-3 p-4">
          <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="flex flex-col gap-1">
            <p className="font-medium">Password</p>
            <p className="text-sm text-muted-foreground">
              {hasPassword ? 'Set' : "Not set. To set one, sign out and use 'Forgot password?' on the sign-in page."}
            </p>
          </div>
        </li>
        {list.map((identity) => (
          <IdentityRow
            key={identity.id}
            identity={identity}
            onlyWay={onlyWay}
            onUnlink={() =>
              unlink.mutateAsync(identity.id).then(
                () =>
                  notify.success(
                    `${identity.providerName} unlinked`,
                    `You can no longer sign in with ${identity.providerName}.`,
                  ),
                (err: Error) => {
                  notify.error(`Could not unlink ${identity.providerName}`, err.message)
                  throw err
                },
              )
            }
          />
        ))}
      </ul>
      {unlinked.length > 0 && (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {unlinked.map((p) => (
            <Button
              key={p.id}
              variant="outline"
              disabled={link.isPending}
              onClick={() =>
                link
                  .mutateAsync({ provider: p.id })
                  .catch((err: Error) => notify.error(`Could not link ${p.name}`, err.message))
              }
            >
              <Link2 aria-hidden="true" />
              Link {p.name}
            </Button>
          ))}
        </div>
      )}
    </Card>
  )
}

function IdentityRow({
  identity,
  onlyWay,
  onUnlink,
}: {
  identity: LinkedIdentity
  onlyWay: boolean
  onUnlink: () => Promise<unknown>
}) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Link2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-medium">{identity.providerName}</p>
          <p className="text-sm break-words text-muted-foreground">
            {identity.email ?? `Account ${identity.accountId}`}
          </p>
          <p className="text-sm text-muted-foreground">Linked {formatUkDate(identity.linkedAt)}</p>
          {onlyWay && (
            <p className="text-sm text-muted-foreground">
              This is your only way to sign in, so it can’t be unlinked until you link another or set a password.
            </p>
          )}
        </div>
      </div>
      <div className="shrink-0 sm:pl-4">
        <ConfirmButton
          label={
            <>
              Unlink<span className="sr-only"> {identity.providerName}</span>
            </>
          }
          size="sm"
          title={`Unlink ${identity.providerName}?`}
          description={`You will no longer be able to sign in with ${identity.providerName} (${identity.email ?? identity.accountId}). You can link it again later.`}
          confirmLabel="Unlink"
          pendingLabel="Unlinking…"
          onConfirm={onUnlink}
        />
      </div>
    </li>
  )
}
