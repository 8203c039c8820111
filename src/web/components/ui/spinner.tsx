import { LoaderCircle } from 'lucide-react'
import { cn } from '#web/lib/cn.ts'

/** A loading indicator announced to screen readers as `label` (default 'Loading'). */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin motion-reduce:animate-none" />
      <span className="sr-only">{label}</span>
    </span>
  )
}
