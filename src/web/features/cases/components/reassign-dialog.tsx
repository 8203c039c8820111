import { useState } from 'react'
import type { BoardResponse, BoardRow } from '#shared/contracts/firms.ts'
import { memberRoleLabel } from '#shared/domain/firms.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { notify } from '#web/lib/toast.ts'
import { useReassignMatter } from '../api'

/** What the dialog needs of a matter: a board row, or the workspace's matter with the move's address. */
export type ReassignTarget = Pick<BoardRow, 'matter_id' | 'transaction_id' | 'version' | 'address' | 'fee_earner'>

/**
 * An admin hands a matter to another admin or fee earner of the firm (from the board's row or the
 * move's workspace). The server is the gate: a
 * non-member or an assistant is 422 naming the rule, a matter changed meanwhile 409 (the dialog
 * shows the message and the board reloads).
 */
export function ReassignDialog({
  row,
  members,
  onClose,
}: {
  row: ReassignTarget | null
  members: BoardResponse['fee_earners']
  onClose: () => void
}) {
  const reassign = useReassignMatter()
  const [choice, setChoice] = useState('')
  const [error, setError] = useState<string>()
  const others = members.filter((m) => m.id !== row?.fee_earner?.id)
  const close = () => {
    if (reassign.isPending) return
    setChoice('')
    setError(undefined)
    onClose()
  }
  return (
    <Dialog open={!!row} onOpenChange={(open) => !open && close()}>
      <DialogContent className="sm:max-w-md">
        {row && (
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault()
              const to = others.find((m) => m.id === (choice || others[0]?.id))
              if (!to) return setError('Choose who takes the matter')
              reassign.mutate(
                { matterId: row.matter_id, feeEarnerId: to.id, version: row.version, txId: row.transaction_id },
                {
                  onSuccess: () => {
                    notify.success('Matter reassigned', `${row.address} is now held by ${to.full_name}.`)
                    setChoice('')
                    setError(undefined)
                    onClose()
                  },
                  onError: (err) => setError(err.message),
                },
              )
            }}
          >
            <div className="pr-8">
              <DialogTitle>Reassign {row.address}</DialogTitle>
              <DialogDescription className="mt-1">
                Held by {row.fee_earner?.full_name ?? 'nobody'}. The new fee earner takes the firm&apos;s seat on the
                move, and the move&apos;s audit trail records the handover.
              </DialogDescription>
            </div>
            {others.length === 0 ? (
              <p className="text-sm">Nobody else in the firm can hold a matter. Invite a fee earner first.</p>
            ) : (
              <FormField id="reassign-to" label="New fee earner" error={error}>
                {(f) => (
                  <NativeSelect {...f} value={choice || others[0].id} onChange={(e) => setChoice(e.target.value)}>
                    {others.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.full_name} · {memberRoleLabel(m.role)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={close} disabled={reassign.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={reassign.isPending || others.length === 0}>
                {reassign.isPending ? 'Reassigning…' : 'Reassign'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
