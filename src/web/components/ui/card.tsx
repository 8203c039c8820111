import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/** A bordered surface grouping related content. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="card"
      className={cn('flex flex-col gap-4 rounded-xl border bg-background p-6 text-foreground shadow-sm', className)}
      {...props}
    />
  )
}

/** Title and description area at the top of a card. */
export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn('flex flex-col gap-1.5', className)} {...props} />
}

/** The card's heading; pass `as` to pick the heading level that fits the page outline. */
export function CardTitle({
  className,
  as: Heading = 'h3',
  ...props
}: ComponentProps<'h3'> & { as?: 'h2' | 'h3' | 'h4' }) {
  return <Heading data-slot="card-title" className={cn('text-lg leading-snug font-semibold', className)} {...props} />
}

/** Secondary text under the card title. */
export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="card-description" className={cn('text-sm text-muted-foreground', className)} {...props} />
}

/** Main body of a card. */
export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('flex flex-col gap-3', className)} {...props} />
}

/** Actions row at the bottom of a card. */
export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('mt-auto flex items-center gap-2', className)} {...props} />
}
