import { useId, useState } from 'react'
import type { SurveyBooking } from '#shared/contracts/surveys.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useRescheduleBooking, useSlots } from '../api'

/**
 * Moving a booked survey to another free slot of the same surveyor and product (UK time), at least
 * the firm's notice ahead. The server checks the firm's rules again (notice, hours, days off, overlap) and its message is shown
 * as it is; both people get an updated calendar invite.
 */
export function RescheduleDialog({
  txId,
  booking: b,
  open,
  onOpenChange,
}: {
  txId: string
  booking: SurveyBooking
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const slots = useSlots(txId, open ? b.product.id : null)
  const move = useRescheduleBooking(txId)
  const [slot, setSlot] = useState('')
  const [error, setError] = useState<string | null>(null)
  const slotId = useId()
  const errorId = useId()
  // The firm's notice rule holds for the new time as well (moveTargetProblem): later slots only.
  const [openedAt] = useState(() => Date.now())
  const mine = (slots.data?.slots ?? []).filter(
    (s) => s.surveyor_id === b.surveyor.id && Date.parse(s.starts_at) - openedAt >= b.notice_hours * 3_600_000,
  )
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (move.isPending) return
        if (!next) {
          setSlot('')
          setError(null)
        }
        onOpenChange(next)
      }}
    >
      <DialogContent>
        <DialogTitle>Move the {b.product.label}</DialogTitle>
        <DialogDescription>
          Now {formatUkDateTime(b.starts_at)} with {b.surveyor.full_name}. Choose a new time: you and the surveyor each
          get an updated calendar invite.
        </DialogDescription>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            setError(null)
            if (!slot) return setError('Choose a new time slot.')
            move.mutate(
              { bookingId: b.id, startsAt: slot },
              {
                onSuccess: (moved) => {
                  onOpenChange(false)
                  setSlot('')
                  notify.success(
                    'Survey moved',
                    `Now ${formatUkDateTime(moved.starts_at)}. Updated invites are on their way.`,
                  )
                },
                onError: (err) => setError(err.message),
              },
            )
          }}
        >
          <div className="flex flex-col gap-2">
            <label htmlFor={slotId} className="text-sm font-medium">
              New time slot (UK time)
            </label>
            {slots.isPending ? (
              <Skeleton className="h-10 w-full" />
            ) : slots.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Slots could not be loaded: {slots.error.message}
              </p>
            ) : mine.length === 0 ? (
              <p className="text-sm">
                {b.surveyor.full_name} has no other free slot {b.notice_hours} hours or more ahead in the next three
                weeks.
              </p>
            ) : (
              <NativeSelect
                id={slotId}
                value={slot}
                aria-invalid={!!error}
                aria-describedby={error ? errorId : undefined}
                onChange={(e) => setSlot(e.target.value)}
              >
                <option value="">Choose a slot</option>
                {mine.map((s) => (
                  <option key={s.starts_at} value={s.starts_at}>
                    {formatUkDateTime(s.starts_at)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </div>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" disabled={move.isPending} onClick={() => onOpenChange(false)}>
              Keep the time
            </Button>
            <Button type="submit" disabled={move.isPending || mine.length === 0}>
              {move.isPending ? 'Moving…' : 'Move survey'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
