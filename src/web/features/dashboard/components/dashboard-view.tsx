import { FileUp, Plus } from 'lucide-react'
import { useState, type ComponentType } from 'react'
import { useSearchParams } from 'react-router'
import type { MeResponse } from '#shared/contracts/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useDashboard } from '../api'
import { dashboardStats } from '../stats'
import { CreateTransactionDialog } from './create-transaction-dialog'
import { DashboardSkeleton } from './dashboard-skeleton'
import { EmptyState } from './empty-state'
import { ImportPdtfDialog } from './import-pdtf-dialog'
import { NewTransactionCard } from './new-transaction-card'
import { StatCards } from './stat-cards'
import { TransactionCard } from './transaction-card'

/** Props of the marketplace's invite dialog, opened over the dashboard by `?invite=<orgId>`. */
export interface OrganizationInviteProps {
  orgId: string
  onClose: () => void
  /** The viewer has no open move yet: close the invite and open the create flow instead. */
  onCreateTransaction: () => void
}

/**
 * 'Your Transactions' (spec: Screens and routes): the four stat cards, a card per transaction (or the empty
 * state; archived moves in a folded list of their own), the create flow opened from every create button, the import of a PDTF property pack, and, with `?invite=<orgId>` from the
 * marketplace, the dialog that invites that firm to one of the viewer's moves (`OrganizationInvite`,
 * passed in by the route: inviting belongs to the invitations feature).
 */
export function DashboardView({
  me,
  OrganizationInvite,
}: {
  me: MeResponse
  OrganizationInvite?: ComponentType<OrganizationInviteProps>
}) {
  const dashboard = useDashboard()
  const [creating, setCreating] = useState(false)
  const [importing, setImporting] = useState(false)
  const [params, setParams] = useSearchParams()
  const inviteOrgId = params.get('invite')
  const defaultRole = me.roles.includes('consumer_seller')
    ? 'seller'
    : me.roles.includes('consumer_buyer')
      ? 'buyer'
      : undefined
  const firstName = me.profile.full_name.split(/\s+/)[0] ?? ''

  const closeInvite = () =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev)
        p.delete('invite')
        return p
      },
      { replace: true },
    )

  const openCreate = () => setCreating(true)
  const list = dashboard.data?.transactions ?? []
  // Archived moves (ended, put away by a party) sit in their own list below the current ones.
  const current = list.filter((tx) => !tx.archived_at)
  const archived = list.filter((tx) => tx.archived_at)

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Your Transactions</h1>
          <p className="mt-1 text-muted-foreground">
            {firstName ? `Hello ${firstName}. ` : ''}Every move you are part of, and how far along it is.
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => setImporting(true)} className="w-full sm:w-auto">
            <FileUp aria-hidden="true" />
            Import property pack
          </Button>
          {list.length > 0 && (
            <Button onClick={openCreate} className="w-full sm:w-auto">
              <Plus aria-hidden="true" />
              New Transaction
            </Button>
          )}
        </div>
      </div>

      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border bg-background p-6">
          <h2 className="text-lg font-semibold">We could not load your transactions</h2>
          <p className="text-muted-foreground">{dashboard.error.message}</p>
          <Button variant="outline" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <StatCards stats={dashboardStats(list)} />
          {list.length === 0 ? (
            <EmptyState onCreate={openCreate} />
          ) : (
            <section aria-labelledby="moves-heading" className="flex flex-col gap-3">
              <h2 id="moves-heading" className="sr-only">
                Transactions
              </h2>
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {current.map((tx) => (
                  <TransactionCard key={tx.id} tx={tx} />
                ))}
                <NewTransactionCard onClick={openCreate} />
              </div>
              {archived.length > 0 && (
                <details className="group mt-2 rounded-xl border bg-background p-4">
                  <summary className="cursor-pointer font-semibold">Archived moves ({archived.length})</summary>
                  <p className="mt-1 text-sm text-muted-foreground">
                    Moves that ended and were archived. Everything on them is still here.
                  </p>
                  <div className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                    {archived.map((tx) => (
                      <TransactionCard key={tx.id} tx={tx} />
                    ))}
                  </div>
                </details>
              )}
            </section>
          )}
        </>
      )}

      <CreateTransactionDialog open={creating} onOpenChange={setCreating} defaultRole={defaultRole} />
      <ImportPdtfDialog open={importing} onOpenChange={setImporting} />
      {inviteOrgId && !creating && OrganizationInvite && (
        <OrganizationInvite
          orgId={inviteOrgId}
          onClose={closeInvite}
          onCreateTransaction={() => {
            closeInvite()
            openCreate()
          }}
        />
      )}
    </>
  )
}
