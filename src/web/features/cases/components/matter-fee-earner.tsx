import { useState } from 'react'
import { canBeFeeEarner, canManageFirm, matterSideLabel, memberRoleLabel } from '#shared/domain/firms.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useTransactionMatter } from '../api'
import { ReassignDialog } from './reassign-dialog'

/**
 * The workspace's fee earner of the viewer's firm's matter on this move (People tab), and for the
 * firm's admins a Reassign button with the board's dialog (the same use case: 422 for a non-member
 * or an assistant, 409 when the matter changed meanwhile). Nothing when the viewer's firm has no
 * matter on the move.
 */
export function MatterFeeEarner({ txId, address }: { txId: string; address: string }) {
  const matter = useTransactionMatter(txId)
  const [open, setOpen] = useState(false)
  if (matter.isPending) return <Skeleton aria-label="Loading the fee earner" className="h-20 w-full" />
  if (matter.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 rounded-lg border p-4 text-sm">
        <p>We could not load this matter&apos;s fee earner: {matter.error.message}</p>
        <Button size="sm" variant="outline" onClick={() => void matter.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  const m = matter.data.matter
  if (!m) return null
  const admin = canManageFirm(m.viewer_role)
  return (
    <section
      aria-labelledby="fee-earner-title"
      className="flex flex-col gap-3 rounded-xl border bg-background p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h2 id="fee-earner-title" className="text-base font-semibold">
          Your firm&apos;s fee earner
        </h2>
        <p className="text-sm" data-testid="matter-fee-earner">
          {m.fee_earner ? m.fee_earner.full_name : 'Nobody holds this matter'}
          <span className="text-muted-foreground"> · {matterSideLabel(m.side)} matter</span>
        </p>
        {!admin && (
          <p className="text-xs text-muted-foreground">
            You are {memberRoleLabel(m.viewer_role).toLowerCase()}; an admin of the firm reassigns matters.
          </p>
        )}
      </div>
      {admin && (
        <Button variant="outline" onClick={() => setOpen(true)}>
          Reassign
        </Button>
      )}
      {admin && (
        <ReassignDialog
          row={
            open
              ? { matter_id: m.matter_id, transaction_id: txId, version: m.version, address, fee_earner: m.fee_earner }
              : null
          }
          members={m.fee_earners.filter((f) => canBeFeeEarner(f.role))}
          onClose={() => setOpen(false)}
        />
      )}
    </section>
  )
}
