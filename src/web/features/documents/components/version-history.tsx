import { useQuery } from '@tanstack/react-query'
import { Eye } from 'lucide-react'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { documentVersionsQueryOptions } from '../api'

/** The earlier versions of a document (the row shows the latest), each with View. Loaded when opened. */
export function VersionHistory({
  txId,
  latestId,
  id,
  onView,
}: {
  txId: string
  latestId: string
  id: string
  onView: (versionId: string) => void
}) {
  const versions = useQuery(documentVersionsQueryOptions(txId, latestId))
  const earlier = (versions.data?.versions ?? []).filter((v) => v.id !== latestId)
  return (
    <div id={id} className="mt-2 ml-8 rounded-md bg-muted/60 p-2">
      {versions.isPending ? (
        <p className="text-xs text-muted-foreground">Loading earlier versions…</p>
      ) : versions.isError ? (
        <p role="alert" className="text-xs text-destructive">
          {versions.error.message}
        </p>
      ) : (
        <ul className="flex flex-col" aria-label="Earlier versions">
          {earlier.map((v) => (
            <li key={v.id} className="flex items-center gap-2 py-1 text-xs">
              <span className="flex-1">
                Version {v.version} · <time dateTime={v.created_at}>{formatUkDate(v.created_at)}</time>
                {v.uploaded_by && ` · ${v.uploaded_by.full_name}`}
              </span>
              {v.corrects_error && <Badge variant="outline">Corrects an error</Badge>}
              {v.signed_at && <Badge variant="success">Signed</Badge>}
              <Button variant="ghost" size="sm" onClick={() => onView(v.id)}>
                <Eye aria-hidden="true" />
                View<span className="sr-only"> version {v.version}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
