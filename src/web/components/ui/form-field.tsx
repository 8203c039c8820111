import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'
import { Label } from './label'

/** The attributes a FormField hands its control so that label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

/**
 * A labelled form control with an optional hint and an error shown under it. The control receives
 * `id`, `aria-invalid` and `aria-describedby` (hint and error ids) through the render function, so a
 * screen reader reads the label, the hint and the message together.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string
  className?: string
  children: (control: FieldControlProps) => ReactNode
}) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={hintId} className="-mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  )
}

/** A field's validation message in destructive text; renders nothing without a message. */
export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {children}
    </p>
  )
}
