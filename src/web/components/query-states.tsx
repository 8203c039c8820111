import { cn } from '#web/lib/cn.ts'
import { Button } from './ui/button'
import { Skeleton } from './ui/skeleton'

/** A section's loading state: `rows` grey bars of `rowClassName` (height), announced as busy with `label`. */
export function LoadingRows({ label, rows, rowClassName }: { label: string; rows: number; rowClassName: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="flex flex-col gap-2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={cn('w-full', rowClassName)} />
      ))}
    </div>
  )
}

/**
 * A section's failed load: "We could not load {what}: {message}" as an alert, with Try again
 * (`onRetry`, e.g. the query's refetch).
 */
export function LoadFailed({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2">
      <p>
        We could not load {what}: {error.message}
      </p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
