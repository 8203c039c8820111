import { Skeleton } from '#web/components/ui/skeleton.tsx'

/** Placeholder of the workspace header, tabs and first cards while the detail loads. */
export function WorkspaceSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">Loading the transaction</span>
      <Skeleton className="h-4 w-36" />
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="h-5 w-1/2 max-w-sm" />
      <div className="flex gap-4">
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-5 w-28" />
      </div>
      <Skeleton className="h-10 w-full max-w-lg rounded-lg" />
      <Skeleton className="h-48 w-full rounded-xl" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
    </div>
  )
}
