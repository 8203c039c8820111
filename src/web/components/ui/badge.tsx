import { clsx } from 'clsx'
import type { ComponentProps } from 'react'

/** Badge colours. The tier variants follow spec: States and transitions: platinum purple, gold accent, others muted. */
export type BadgeVariant = 'default' | 'soft' | 'muted' | 'outline' | 'platinum' | 'gold' | 'success' | 'destructive'

/** Badge classes; base styles live in styles.css (@layer components), so `className` utilities win. */
export function badgeVariants({ variant = 'default' }: { variant?: BadgeVariant | null } = {}): string {
  return clsx('ui-badge', `ui-badge-${variant ?? 'default'}`)
}

/** A short status or category label. */
export function Badge({ className, variant, ...props }: ComponentProps<'span'> & { variant?: BadgeVariant | null }) {
  return <span data-slot="badge" className={clsx(badgeVariants({ variant }), className)} {...props} />
}
