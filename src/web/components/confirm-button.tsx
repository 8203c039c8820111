import { AlertDialog as AlertDialogPrimitive } from 'radix-ui'
import { useState, type ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './ui/alert-dialog'
import { Button, buttonVariants, type ButtonVariant } from './ui/button'

/**
 * A button that asks first: a confirmation dialog whose action runs `onConfirm` (a promise; the
 * dialog stays open, buttons disabled, until it settles, and closes on success). A row of a list
 * (an invitation to withdraw) uses one each: the dialog knows its row without shared state.
 */
export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  pendingLabel = 'Signing out…',
  onConfirm,
  variant = 'outline',
  size,
  className,
  disabled,
}: {
  label: ReactNode
  title: string
  description: string
  confirmLabel: string
  /** The button that closes the dialog without acting; 'Cancel' unless given. */
  cancelLabel?: string
  /** Shown on the action while `onConfirm` runs; defaults to 'Signing out…'. */
  pendingLabel?: string
  onConfirm: () => Promise<unknown>
  variant?: ButtonVariant
  size?: 'sm' | 'default'
  className?: string
  disabled?: boolean
}) {
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  const confirm = (event: { preventDefault(): void }) => {
    event.preventDefault()
    setPending(true)
    onConfirm().then(
      () => {
        setPending(false)
        setOpen(false)
      },
      () => setPending(false),
    )
  }
  return (
    <AlertDialog open={open} onOpenChange={(o) => !pending && setOpen(o)}>
      <AlertDialogTrigger asChild>
        <Button variant={variant} size={size} className={className} disabled={disabled}>
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogPrimitive.Action
            className={buttonVariants({ variant: 'destructive' })}
            disabled={pending}
            onClick={confirm}
          >
            {pending ? pendingLabel : confirmLabel}
          </AlertDialogPrimitive.Action>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
