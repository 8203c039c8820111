import { Eye, FileText, FolderOpen, PenLine, Upload } from 'lucide-react'
import type { DocumentSummary } from '../../../../shared/contracts/transactions'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { formatUkDate } from '../../../lib/formatters'
import { notify } from '../../../lib/toast'
import { groupDocuments } from '../documents'

// Upload and secure viewing arrive with the documents issue; until then the buttons say so.
const comingSoon = (what: string) =>
  notify.info(`${what} is coming soon`, 'Secure document storage and signed links arrive in the next release.')

/**
 * Documents (spec section 2): 'Smart Contract Room', an Upload Document button, documents grouped by
 * folder in the fixed order, each row with filename, version, date, a Signed badge and View.
 */
export function DocumentsTab({ documents }: { documents: ReadonlyArray<DocumentSummary> }) {
  const groups = groupDocuments(documents)
  return (
    <section aria-labelledby="documents-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="documents-title" className="text-xl font-semibold">
            Smart Contract Room
          </h2>
          <p className="text-sm text-muted-foreground">Every document of the move, versioned, in one place.</p>
        </div>
        <Button onClick={() => comingSoon('Uploading')}>
          <Upload aria-hidden="true" />
          Upload Document
        </Button>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {groups.map(({ folder, documents: docs }) => (
          <section
            key={folder}
            aria-labelledby={`folder-${folder}`}
            className="flex min-w-0 flex-col gap-2 rounded-xl border bg-background p-4 shadow-sm"
            data-testid="document-folder"
          >
            <h3 id={`folder-${folder}`} className="flex items-center gap-2 font-semibold">
              <FolderOpen aria-hidden="true" className="size-4 text-primary" />
              {folder}
              <span className="text-sm font-normal text-muted-foreground">({docs.length})</span>
            </h3>
            {docs.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing in this folder yet.</p>
            ) : (
              <ul className="flex flex-col divide-y">
                {docs.map((doc) => (
                  <li key={doc.id} className="flex items-center gap-3 py-2.5">
                    <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium" title={doc.filename}>
                        {doc.filename}
                      </p>
                      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                        <span>Version {doc.version}</span>
                        <span aria-hidden="true">·</span>
                        <time dateTime={doc.created_at}>{formatUkDate(doc.created_at)}</time>
                        {doc.signed_at && (
                          <Badge variant="success">
                            <PenLine aria-hidden="true" />
                            Signed
                          </Badge>
                        )}
                      </p>
                    </div>
                    <Button variant="ghost" size="sm" onClick={() => comingSoon('Viewing documents')}>
                      <Eye aria-hidden="true" />
                      View<span className="sr-only"> {doc.filename}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </section>
  )
}
