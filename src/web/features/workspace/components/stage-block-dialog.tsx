import { useState, type FormEvent } from 'react'
import { type TimelineStage, UpdateStageInput } from '#shared/contracts/transactions.ts'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { notify } from '#web/lib/toast.ts'
import { useUpdateStage } from '../api'
import { focusFirstField } from '../focus-first-field'

/**
 * Conveyancers mark a stage blocked with a reason (1 to 500 characters, UpdateStageInput), or clear
 * the block. One dialog: with no block it asks the reason; with one it shows it and offers to clear.
 */
export function StageBlockDialog({
  txId,
  stage,
  open,
  onOpenChange,
}: {
  txId: string
  stage: TimelineStage
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const update = useUpdateStage(txId)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const blocked = !!stage.blocked_reason

  const close = () => {
    setReason('')
    setError(undefined)
    onOpenChange(false)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = UpdateStageInput.safeParse({ blocked_reason: blocked ? null : reason, version: stage.version })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    update.mutate(
      { stageId: stage.id, blocked_reason: parsed.data.blocked_reason, version: parsed.data.version },
      {
        onSuccess: () => {
          notify.success(
            blocked ? 'Block cleared' : 'Stage marked blocked',
            `${stage.stage_name}: everyone on the move can see this.`,
          )
          close()
        },
        onError: (err) => {
          notify.error(blocked ? 'Could not clear the block' : 'Could not block the stage', err.message)
          close()
        },
      },
    )
  }

  return (
    <AlertDialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : !update.isPending && close())}>
      <AlertDialogContent onOpenAutoFocus={focusFirstField(blocked ? null : `block-reason-${stage.id}`)}>
        <AlertDialogTitle>
          {blocked ? `Clear the block on ${stage.stage_name}?` : `Mark ${stage.stage_name} as blocked`}
        </AlertDialogTitle>
        <AlertDialogDescription>
          {blocked
            ? `It is blocked because: ${stage.blocked_reason}`
            : 'Say what is holding this stage up. Everyone on the move sees the reason until you clear it.'}
        </AlertDialogDescription>
        <form noValidate onSubmit={onSubmit} aria-label={blocked ? 'Clear block' : 'Block stage'}>
          <fieldset disabled={update.isPending} className="flex flex-col gap-4">
            {!blocked && (
              <FormField id={`block-reason-${stage.id}`} label="Reason" error={error}>
                {(f) => (
                  <Textarea
                    {...f}
                    value={reason}
                    maxLength={500}
                    placeholder="e.g. Local authority search delayed by the council (about 15 working days)"
                    onChange={(e) => setReason(e.target.value)}
                  />
                )}
              </FormField>
            )}
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <Button type="submit" variant={blocked ? 'default' : 'destructive'}>
                {update.isPending ? 'Saving…' : blocked ? 'Clear block' : 'Mark blocked'}
              </Button>
            </AlertDialogFooter>
          </fieldset>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  )
}
