import type { ComponentProps, ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'
import { FieldError } from './form-field'

export interface Choice {
  value: string
  label: ReactNode
  description?: ReactNode
}

/**
 * A group of native radio buttons drawn as selectable cards, inside a fieldset whose legend names the
 * group (arrow keys move between choices; screen readers announce 'radio, 2 of 2'). Spread
 * react-hook-form's `register(name)` into `inputProps`, or control it with `value` and
 * `onValueChange`. The error shows under the group.
 */
export function ChoiceGroup({
  name,
  legend,
  choices,
  error,
  inputProps,
  columns = 2,
  className,
  value,
  onValueChange,
}: {
  name: string
  legend: ReactNode
  choices: ReadonlyArray<Choice>
  error?: string
  inputProps?: Omit<ComponentProps<'input'>, 'type' | 'value'>
  columns?: 1 | 2
  className?: string
  value?: string
  onValueChange?: (value: string) => void
}) {
  const controlled = value !== undefined || onValueChange !== undefined
  const errorId = error ? `${name}-error` : undefined
  return (
    <fieldset
      className={cn('flex flex-col gap-2', className)}
      aria-invalid={!!error || undefined}
      aria-describedby={errorId}
    >
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      <div className={cn('grid gap-2', columns === 2 && 'grid-cols-2')}>
        {choices.map((choice) => {
          const id = `${name}-${choice.value}`
          return (
            <label
              key={choice.value}
              htmlFor={id}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-md border border-input bg-background p-3 text-sm transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary-soft/50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                error && 'border-destructive',
              )}
            >
              <input
                id={id}
                type="radio"
                value={choice.value}
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
                {...inputProps}
                {...(controlled
                  ? { checked: choice.value === value, onChange: () => onValueChange?.(choice.value) }
                  : {})}
                name={inputProps?.name ?? name}
              />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="font-medium break-words">{choice.label}</span>
                {choice.description && <span className="text-muted-foreground">{choice.description}</span>}
              </span>
            </label>
          )
        })}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  )
}
