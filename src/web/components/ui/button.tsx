import { clsx } from 'clsx'
import { Slot } from 'radix-ui'
import type { ComponentProps } from 'react'

export type ButtonVariant =
  'default' | 'secondary' | 'outline' | 'outline-inverse' | 'ghost' | 'link' | 'destructive' | 'inverse'
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon'

/**
 * Button classes, also for links styled as buttons. Base styles live in styles.css
 * (@layer components), so utilities passed in `className` always override them.
 */
export function buttonVariants({
  variant = 'default',
  size = 'default',
  className,
}: { variant?: ButtonVariant | null; size?: ButtonSize | null; className?: string } = {}): string {
  return clsx('ui-button', `ui-button-${variant ?? 'default'}`, `ui-button-size-${size ?? 'default'}`, className)
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant | null
  size?: ButtonSize | null
  asChild?: boolean
}

/** A button; with `asChild` it styles its single child (a router Link or an anchor) instead. */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button'
  return (
    <Comp
      data-slot="button"
      className={buttonVariants({ variant, size, className })}
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  )
}
