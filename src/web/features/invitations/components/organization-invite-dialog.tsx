import { Send } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import type { OrganizationProfile } from '#shared/contracts/directory.ts'
import type { DashboardResponse } from '#shared/contracts/transactions.ts'
import { proposalMessage } from '#shared/domain/appointments.ts'
import { organizationTypeLabel } from '#shared/domain/organizations.ts'
import { isActiveMove } from '#shared/domain/statuses.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { notify } from '#web/lib/toast.ts'
import { addressOneLine } from '#web/lib/address.ts'
import { useCreateInvitation } from '../api'
import { PAGE_PATHS, transactionPath } from '#shared/paths.ts'

/** What the dialog reads of a query: its data once loaded, and whether it is loading or failed. */
export interface QueryState<T> {
  data: T | undefined
  isPending: boolean
  isError: boolean
}

/**
 * The marketplace's Invite, signed in (/app/home?invite=<orgId>): pick one of your open moves and
 * invite the firm by its contact email; its role follows from its type and your side. Then opens
 * that move's People tab, where the pending invitation shows. The firm (`org`, from the marketplace)
 * and the viewer's moves (`moves`, from the dashboard) are loaded by the caller and passed in.
 */
export function OrganizationInviteDialog({
  orgId,
  org,
  moves,
  onClose,
  onCreateTransaction,
}: {
  orgId: string
  /** The firm's public profile as it loads: GET /api/organizations/{orgId}. */
  org: QueryState<OrganizationProfile>
  /** The viewer's transactions as they load: GET /api/transactions. */
  moves: QueryState<DashboardResponse>
  onClose: () => void
  onCreateTransaction: () => void
}) {
  const create = useCreateInvitation()
  const navigate = useNavigate()
  const [txId, setTxId] = useState<string>()
  const [error, setError] = useState<string>()
  const open = (moves.data?.transactions ?? []).filter((t) => isActiveMove(t.status) || t.status === 'exchange')
  const chosen = txId ?? (open.length === 1 ? open[0]!.id : undefined)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!chosen) {
      setError('Choose the move to invite them to')
      return
    }
    setError(undefined)
    create.mutate(
      { txId: chosen, input: { organization_id: orgId } },
      {
        onSuccess: (invitation) => {
          // A broker, surveyor or agent choosing the client's conveyancer only proposes it (decision 014).
          if (invitation.status === 'proposed') notify.success('Proposal sent', proposalMessage(invitation.role))
          else
            notify.success('Invitation sent', `We've emailed ${org.data?.name ?? 'the firm'} at ${invitation.email}.`)
          navigate(transactionPath(chosen, { tab: 'people' }))
        },
        onError: (err) => notify.error('Could not send the invitation', err.message),
      },
    )
  }

  const name = org.data?.name ?? 'this professional'
  return (
    <Dialog open onOpenChange={(o) => !o && !create.isPending && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <div className="pr-8">
          <DialogTitle>{org.isError ? 'Professional not found' : `Invite ${name}`}</DialogTitle>
          <DialogDescription className="mt-1">
            {org.isError
              ? 'This firm is no longer in the marketplace. Pick another one.'
              : org.data
                ? `${organizationTypeLabel(org.data.type)}${org.data.town ? ` in ${org.data.town}` : ''}. We email them a link to join the move you choose.`
                : 'Loading the firm…'}
          </DialogDescription>
        </div>
        {org.isError ? (
          <div className="flex justify-end">
            <Button onClick={() => navigate(PAGE_PATHS.marketplace)}>Back to the marketplace</Button>
          </div>
        ) : moves.isPending || org.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading your transactions</span>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : open.length === 0 ? (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground">
              You have no open moves yet. Create a transaction first, then invite {name} to it.
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={onCreateTransaction}>Create Transaction</Button>
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} aria-label={`Invite ${name}`}>
            <fieldset disabled={create.isPending} className="flex flex-col gap-4">
              <ChoiceGroup
                name="invite-transaction"
                legend="Which move?"
                columns={1}
                error={error}
                choices={open.map((t) => ({ value: t.id, label: addressOneLine(t.property) }))}
                value={chosen ?? ''}
                onValueChange={setTxId}
              />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button type="button" variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit">
                  <Send aria-hidden="true" />
                  {create.isPending ? 'Sending…' : 'Send invitation'}
                </Button>
              </div>
            </fieldset>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
