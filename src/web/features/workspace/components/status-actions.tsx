import { Ban, CheckCheck, Handshake, MoreHorizontal, PlayCircle } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { StatusChangeInput, type TransactionDetail } from '#shared/contracts/transactions.ts'
import { exchangeReadiness, type ExchangeReadiness } from '#shared/domain/exchange-readiness.ts'
import { allowedStatusActions, type StatusAction } from '#shared/domain/permissions.ts'
import { completionRefusal, exchangeRefusal } from '#shared/domain/preconditions.ts'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useChangeStatus } from '../api'
import { focusFirstField } from '../focus-first-field'
import { todayInLondon } from '../labels'

const BUTTONS: Record<StatusAction, { label: string; Icon: typeof Ban; variant: 'default' | 'outline' }> = {
  activate: { label: 'Activate move', Icon: PlayCircle, variant: 'default' },
  exchange: { label: 'Record exchange', Icon: Handshake, variant: 'default' },
  complete: { label: 'Record completion', Icon: CheckCheck, variant: 'default' },
  cancel: { label: 'Cancel move', Icon: Ban, variant: 'outline' },
}

/**
 * The status actions open to the viewer now (allowedStatusActions: a conveyancer activates, records
 * exchange and completion; a party or their conveyancer cancels before exchange; only a conveyancer
 * after it). Each opens a confirmation dialog: exchange asks both dates, cancel asks a reason. The
 * main actions are buttons; 'Cancel move', destructive and rare, sits in a 'More actions' menu so it
 * is never beside the main action.
 */
export function StatusActions({ detail }: { detail: TransactionDetail }) {
  const [open, setOpen] = useState<StatusAction | null>(null)
  const actions = allowedStatusActions(detail.viewer_role, detail.status)
  if (actions.length === 0) return null
  const main = actions.filter((a) => a !== 'cancel')
  const canCancel = actions.includes('cancel')
  return (
    <div className="flex flex-wrap gap-2">
      {main.map((action) => {
        const { label, Icon, variant } = BUTTONS[action]
        return (
          <Button key={action} variant={variant} onClick={() => setOpen(action)}>
            <Icon aria-hidden="true" />
            {label}
          </Button>
        )
      })}
      {canCancel && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="icon" aria-label="More actions">
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => setOpen('cancel')}>
              <Ban aria-hidden="true" />
              {BUTTONS.cancel.label}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      {open && <StatusDialog key={open} action={open} detail={detail} onClose={() => setOpen(null)} />}
    </div>
  )
}

type Fields = { exchange_date: string; completion_date: string; reason: string; confirm: boolean }

const COPY: Record<StatusAction, { title: string; confirm: string; pending: string; done: string }> = {
  activate: { title: 'Activate this move?', confirm: 'Activate', pending: 'Activating…', done: 'Move activated' },
  exchange: {
    title: 'Record exchange of contracts',
    confirm: 'Record exchange',
    pending: 'Recording…',
    done: 'Exchange recorded',
  },
  complete: {
    title: 'Record completion',
    confirm: 'Record completion',
    pending: 'Recording…',
    done: 'Completion recorded',
  },
  cancel: { title: 'Cancel this move?', confirm: 'Cancel move', pending: 'Cancelling…', done: 'Move cancelled' },
}

function describe(action: StatusAction, status: string): string {
  switch (action) {
    case 'activate':
      return 'Everyone on the move will see it as Active and can start working the timeline.'
    case 'exchange':
      return 'From exchange both sides are legally bound. Check what is still open, enter the date contracts were exchanged and the agreed completion date, and confirm.'
    case 'complete':
      return 'Record that funds have been sent and the keys released. The move will show as Completed and its status can no longer change.'
    case 'cancel':
      return status === 'exchange'
        ? 'Contracts have been exchanged, so cancelling rescinds the contract. Say why; everyone on the move will see it. This cannot be undone.'
        : 'Say why the move is being cancelled; everyone on the move will see it. This cannot be undone.'
  }
}

// The field that takes focus when a dialog opens (AlertDialog would otherwise focus Cancel).
const FIRST_FIELD: Record<StatusAction, string | null> = {
  activate: null,
  exchange: 'exchange_date',
  complete: 'completion_date',
  cancel: 'cancel_reason',
}

/** The confirmation dialog of one status action, validated with the shared StatusChangeInput schema. */
function StatusDialog({
  action,
  detail,
  onClose,
}: {
  action: StatusAction
  detail: TransactionDetail
  onClose: () => void
}) {
  const change = useChangeStatus(detail.id)
  const today = todayInLondon()
  const [fields, setFields] = useState<Fields>({
    exchange_date: today,
    // Exchange offers the target completion date (the chain's, once agreed); completion the agreed one.
    completion_date:
      action === 'complete'
        ? (detail.completion_date ?? today)
        : action === 'exchange'
          ? (detail.completion_date ?? '')
          : '',
    reason: '',
    confirm: false,
  })
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({})
  const copy = COPY[action]
  const readiness = action === 'exchange' ? exchangeReadiness(detail) : null
  const blocked = (readiness?.blockedStages.length ?? 0) > 0

  const body = (): unknown => {
    const base = { action, version: detail.version }
    if (action === 'exchange')
      return {
        ...base,
        exchange_date: fields.exchange_date,
        completion_date: fields.completion_date,
        confirm: fields.confirm,
      }
    if (action === 'complete') return { ...base, completion_date: fields.completion_date || undefined }
    if (action === 'cancel') return { ...base, reason: fields.reason }
    return base
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = StatusChangeInput.safeParse(body())
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields
        next[key] ??= issue.message
      }
      setErrors(next)
      return
    }
    // The preconditions the server holds (decision 061), checked first so the dialog says the same.
    const data = parsed.data
    const refused =
      data.action === 'exchange'
        ? exchangeRefusal({ exchangeDate: data.exchange_date, completionDate: data.completion_date, today })
        : data.action === 'complete'
          ? completionRefusal({
              entered: data.completion_date,
              agreed: detail.completion_date,
              exchangeDate: detail.exchange_date,
              today,
            })
          : null
    if (refused?.field) {
      setErrors({ [refused.field]: refused.message })
      return
    }
    setErrors({})
    change.mutate(parsed.data, {
      onSuccess: (updated) => {
        const description =
          action === 'exchange' && updated.completion_date
            ? `Completion is set for ${formatUkDate(updated.completion_date)}.`
            : action === 'complete'
              ? 'Congratulations: the move is complete.'
              : undefined
        notify.success(copy.done, description)
        onClose()
      },
      onError: (err) => {
        const fieldErrors = err instanceof ApiError ? err.fields : undefined
        if (fieldErrors) {
          setErrors(
            Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0]])) as Partial<
              Record<keyof Fields, string>
            >,
          )
        }
        notify.error(`Could not ${copy.confirm.toLowerCase()}`, err.message)
        if (!fieldErrors) onClose()
      },
    })
  }

  const set = (key: Exclude<keyof Fields, 'confirm'>) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }))

  return (
    <AlertDialog open onOpenChange={(o) => !o && !change.isPending && onClose()}>
      <AlertDialogContent onOpenAutoFocus={focusFirstField(FIRST_FIELD[action])}>
        <AlertDialogTitle>{copy.title}</AlertDialogTitle>
        <AlertDialogDescription>{describe(action, detail.status)}</AlertDialogDescription>
        <form noValidate onSubmit={onSubmit} aria-label={copy.title}>
          <fieldset disabled={change.isPending} className="flex flex-col gap-4">
            {action === 'exchange' && (
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField id="exchange_date" label="Exchange date" error={errors.exchange_date}>
                  {(f) => (
                    <Input
                      {...f}
                      type="date"
                      max={today}
                      value={fields.exchange_date}
                      onChange={set('exchange_date')}
                    />
                  )}
                </FormField>
                <FormField id="completion_date" label="Completion date" error={errors.completion_date}>
                  {(f) => (
                    <Input
                      {...f}
                      type="date"
                      min={fields.exchange_date || undefined}
                      value={fields.completion_date}
                      onChange={set('completion_date')}
                    />
                  )}
                </FormField>
              </div>
            )}
            {readiness && <ExchangeChecklist readiness={readiness} />}
            {action === 'exchange' && (
              <div className="flex flex-col gap-1">
                <label className="flex items-start gap-2 text-sm font-medium">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-5 shrink-0 accent-primary"
                    checked={fields.confirm}
                    disabled={blocked}
                    aria-invalid={!!errors.confirm}
                    aria-describedby={errors.confirm ? 'exchange-confirm-error' : undefined}
                    onChange={(e) => setFields((f) => ({ ...f, confirm: e.target.checked }))}
                  />
                  I confirm contracts have been exchanged
                </label>
                {errors.confirm && (
                  <p id="exchange-confirm-error" className="text-sm text-destructive">
                    {errors.confirm}
                  </p>
                )}
              </div>
            )}
            {action === 'complete' && (
              <FormField
                id="completion_date"
                label="Completion date"
                hint={
                  detail.completion_date && detail.completion_date > today
                    ? `Completion was agreed for ${formatUkDate(detail.completion_date)}. Record it on the day it happens.`
                    : undefined
                }
                error={errors.completion_date}
              >
                {(f) => (
                  <Input
                    {...f}
                    type="date"
                    max={today}
                    value={fields.completion_date}
                    onChange={set('completion_date')}
                  />
                )}
              </FormField>
            )}
            {action === 'cancel' && (
              <FormField id="cancel_reason" label="Reason for cancelling" error={errors.reason}>
                {(f) => <Textarea {...f} value={fields.reason} onChange={set('reason')} maxLength={2000} />}
              </FormField>
            )}
            <AlertDialogFooter>
              <AlertDialogCancel>{action === 'cancel' ? 'Keep the move' : 'Cancel'}</AlertDialogCancel>
              <Button type="submit" variant={action === 'cancel' ? 'destructive' : 'default'} disabled={blocked}>
                {change.isPending ? copy.pending : copy.confirm}
              </Button>
            </AlertDialogFooter>
          </fieldset>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  )
}

/**
 * What is still open before exchange (exchangeReadiness): blocked stages (exchange is refused until
 * they are cleared), tasks due before exchange not done, and whether a contract is signed.
 */
function ExchangeChecklist({ readiness }: { readiness: ExchangeReadiness }) {
  const { blockedStages, openTasks, contractSigned } = readiness
  if (blockedStages.length === 0 && openTasks.length === 0 && contractSigned) {
    return (
      <p className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
        Every task due before exchange is done and a signed contract is in the Contracts folder.
      </p>
    )
  }
  return (
    <section
      aria-labelledby="exchange-open-title"
      data-testid="exchange-open-items"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h3 id="exchange-open-title" className="font-semibold">
        Still open before exchange
      </h3>
      {blockedStages.length > 0 && (
        <div role="alert" className="text-red-900">
          <p className="font-medium">Clear the block first: exchange cannot be recorded while a stage is blocked.</p>
          <ul className="list-disc pl-5">
            {blockedStages.map((s) => (
              <li key={s.stage_name}>
                {s.stage_name} is blocked{s.blocked_reason ? `: ${s.blocked_reason}` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!contractSigned && <p>No signed contract in the Contracts folder yet.</p>}
      {openTasks.length > 0 && (
        <div>
          <p>{openTasks.length === 1 ? '1 task' : `${openTasks.length} tasks`} due before exchange not done:</p>
          {/* Scrolls on its own, so it takes focus for keyboard scrolling. */}
          <div role="region" aria-label="Tasks not done" tabIndex={0} className="max-h-40 overflow-y-auto">
            <ul className="list-disc pl-5">
              {openTasks.map((k) => (
                <li key={`${k.stage_name}/${k.title}`}>
                  {k.title} <span className="text-amber-800">({k.stage_name})</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  )
}
