import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/** A grey placeholder block shown while content loads; hidden from assistive technology (pair with a status). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      data-slot="skeleton"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  )
}
