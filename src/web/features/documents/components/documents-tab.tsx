import { ChevronDown, Eye, FileText, FolderOpen, PenLine, Upload } from 'lucide-react'
import { lazy, Suspense, useRef, useState, type DragEvent, type ReactNode } from 'react'
import type { DocumentListItem } from '#shared/contracts/documents.ts'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import {
  AUDIENCE_INFO,
  audiencesFor,
  type DocumentAudience,
  WITHHELD_FROM_BUYER_SIDE,
  WITHHELD_FROM_SELLER_SIDE,
} from '#shared/domain/document-audiences.ts'
import { sideOf } from '#shared/domain/permissions.ts'
import { DOCUMENT_FOLDERS, type DocumentFolder } from '#shared/domain/statuses.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatUkDate } from '#web/lib/formatters.ts'
import { useChangeAudience, useDocuments, useSignatureRequests } from '../api'
import { AwaitingSignature } from './awaiting-signature'
import { UploadDialog } from './upload-dialog'
import { UploadProgressList } from './upload-progress-list'
import { VersionHistory } from './version-history'
import { signerChoices } from '../signer-choices'
import { awaitingSignature } from '../signing-state'
import { useUploads } from '../use-uploads'
import { useSession } from '#web/lib/session/api.ts'
import { notify } from '#web/lib/toast.ts'
import { groupDocuments, type DocumentFolderGroup } from '../group-documents'

// The viewer brings pdf.js: loaded on the first View, never with the workspace.
const DocumentViewer = lazy(() => import('./document-viewer').then((m) => ({ default: m.DocumentViewer })))

const isFolder = (value: string | undefined): value is DocumentFolder =>
  (DOCUMENT_FOLDERS as ReadonlyArray<string>).includes(value ?? '')

/** What the other side's private papers are, in words, for someone on `role`'s side (decision 051); null for no side. */
function withheldNote(role: string | null): string | null {
  const side = role ? sideOf(role) : null
  if (side === 'seller') return WITHHELD_FROM_SELLER_SIDE
  if (side === 'buyer') return WITHHELD_FROM_BUYER_SIDE
  return null
}

/** Whether a drag carries files (not text or a link being dragged about the page). */
const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files')

/**
 * Documents (spec: Screens and routes): 'Smart Contract Room'. Upload Document (or drop files on a
 * folder, or anywhere on the tab to choose one) with progress and cancel; documents by folder in
 * the fixed order, each row the latest version with its earlier versions on demand, a Signed or
 * 'Awaiting signatures' badge and View (the lazily loaded viewer, where signing happens); what
 * waits for the viewer's signature. The move's Activity trail is a view of its own beside it
 * (ActivityTrail, decision 063).
 */
export function DocumentsTab({ detail }: { detail: TransactionDetail }) {
  const txId = detail.id
  const session = useSession()
  const me = session.data ? { id: session.data.profile.id, name: session.data.profile.full_name } : undefined
  const documents = useDocuments(txId)
  const requests = useSignatureRequests(txId)
  const uploads = useUploads(txId)
  const [dialog, setDialog] = useState<{ files?: File[]; folder?: DocumentFolder } | null>(null)
  const [viewing, setViewing] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const [openHistory, setOpenHistory] = useState<string | null>(null)
  const uploadButton = useRef<HTMLButtonElement>(null)
  // The viewer unmounts on close, so focus goes back by hand to what opened it.
  const opener = useRef<HTMLElement | null>(null)
  const openViewer = (versionId: string) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setViewing(versionId)
  }
  const closeViewer = () => {
    setViewing(null)
    requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus())
  }

  const docs = documents.data?.documents ?? []
  const allRequests = requests.data?.requests ?? []
  const pendingFor = new Set(allRequests.filter((r) => r.status === 'pending').map((r) => r.document_id))
  const waiting = awaitingSignature(allRequests, me?.id)
  const filenameOf = (id: string) => docs.find((d) => d.id === id)?.filename

  const onDrop = (e: DragEvent<HTMLElement>) => {
    if (!carriesFiles(e)) return
    e.preventDefault()
    setDragging(false)
    const files = Array.from(e.dataTransfer.files)
    if (!files.length) return
    const folder = (e.target as HTMLElement).closest<HTMLElement>('[data-folder]')?.dataset.folder
    if (isFolder(folder)) uploads.start(files, folder)
    else setDialog({ files })
  }

  return (
    <section
      aria-labelledby="documents-title"
      className="relative flex flex-col gap-5"
      data-testid="documents-tab"
      onDragEnter={(e) => carriesFiles(e) && setDragging(true)}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return
        e.preventDefault()
        e.dataTransfer.dropEffect = 'copy'
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false)
      }}
      onDrop={onDrop}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="documents-title" className="text-xl font-semibold">
            Smart Contract Room
          </h2>
          <p className="text-sm text-muted-foreground">
            Every document of the move you may see, versioned, in one place. Drop files on a folder to upload them
            there.
          </p>
          {withheldNote(detail.viewer_role) && (
            <p className="mt-1 text-sm text-muted-foreground" data-testid="documents-withheld">
              {withheldNote(detail.viewer_role)}
            </p>
          )}
        </div>
        <Button ref={uploadButton} onClick={() => setDialog({})}>
          <Upload aria-hidden="true" />
          Upload Document
        </Button>
      </div>
      {dragging && (
        <p className="rounded-lg border-2 border-dashed border-primary bg-primary-soft/50 p-3 text-center text-sm font-medium text-primary-soft-foreground">
          Drop on a folder to upload into it, or anywhere else to choose the folder.
        </p>
      )}
      <UploadProgressList
        items={uploads.items}
        onCancel={uploads.cancel}
        onRetry={uploads.retry}
        onDismiss={uploads.dismiss}
      />
      <AwaitingSignature requests={waiting} filenameOf={filenameOf} onReview={(r) => openViewer(r.document_id)} />
      {documents.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {documents.error.message}
        </p>
      ) : documents.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
          {DOCUMENT_FOLDERS.map((f) => (
            <Skeleton key={f} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : (
        <DocumentFolders
          groups={groupDocuments(docs)}
          dragging={dragging}
          onUploadTo={(folder) => setDialog({ folder })}
          renderDocument={(doc) => (
            <DocumentRow
              key={doc.id}
              txId={txId}
              doc={doc}
              awaiting={pendingFor.has(doc.id)}
              historyOpen={openHistory === doc.id}
              onToggleHistory={() => setOpenHistory((id) => (id === doc.id ? null : doc.id))}
              onView={openViewer}
              viewerRole={detail.viewer_role}
            />
          )}
        />
      )}
      <UploadDialog
        open={!!dialog}
        onOpenChange={(open) => !open && setDialog(null)}
        initialFiles={dialog?.files}
        initialFolder={dialog?.folder}
        onUpload={uploads.start}
        existing={docs}
        viewerRole={detail.viewer_role}
        returnFocusTo={uploadButton}
      />
      {viewing && (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 grid place-items-center bg-slate-950/50">
              <p role="status" className="rounded-md bg-background px-4 py-2 text-sm shadow">
                Opening the viewer…
              </p>
            </div>
          }
        >
          <DocumentViewer
            txId={txId}
            docId={viewing}
            me={me}
            people={signerChoices(detail.transaction_participants)}
            onClose={closeViewer}
          />
        </Suspense>
      )}
    </section>
  )
}

/** One document: the latest version's name, version, date and badges, View, and its earlier versions. */
function DocumentRow({
  txId,
  doc,
  awaiting,
  historyOpen,
  onToggleHistory,
  onView,
  viewerRole,
}: {
  txId: string
  doc: DocumentListItem
  awaiting: boolean
  historyOpen: boolean
  onToggleHistory: () => void
  onView: (versionId: string) => void
  viewerRole: string | null
}) {
  const historyId = `history-${doc.id}`
  const changeAudience = useChangeAudience(txId)
  return (
    <li className="py-2.5" data-testid="document-row">
      <div className="flex items-center gap-3">
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
            {!doc.signed_at && awaiting && <Badge variant="soft">Awaiting signatures</Badge>}
            {doc.corrects_error && <Badge variant="outline">Corrects an error in version {doc.version - 1}</Badge>}
            <Badge variant="outline" title={AUDIENCE_INFO[doc.audience].who} data-testid="audience-badge">
              <span className="sr-only">Who can see it: </span>
              {AUDIENCE_INFO[doc.audience].label}
            </Badge>
          </p>
          {doc.can_change_audience && (
            // Its own line under the name: beside it, the select squeezed the name out of a half-width folder card.
            <div className="mt-1.5 w-full max-w-64">
              <NativeSelect
                aria-label={`Who can see ${doc.filename}`}
                className="h-8 py-1 text-xs md:text-xs"
                value={doc.audience}
                disabled={changeAudience.isPending}
                onChange={(e) =>
                  changeAudience.mutate(
                    { docId: doc.id, audience: e.target.value as DocumentAudience },
                    { onError: (err) => notify.error('Could not change who can see it', err.message) },
                  )
                }
              >
                {audiencesFor(viewerRole).map((a) => (
                  <option key={a} value={a}>
                    {AUDIENCE_INFO[a].label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
        </div>
        <Button variant="ghost" size="sm" onClick={() => onView(doc.id)}>
          <Eye aria-hidden="true" />
          View<span className="sr-only"> {doc.filename}</span>
        </Button>
      </div>
      {doc.version_count > 1 && (
        <>
          <Button
            variant="link"
            size="sm"
            className="ml-8 h-auto px-0 py-1 text-xs"
            aria-expanded={historyOpen}
            aria-controls={historyOpen ? historyId : undefined}
            onClick={onToggleHistory}
          >
            <ChevronDown
              aria-hidden="true"
              className={cn('size-3.5 transition-transform', historyOpen && 'rotate-180')}
            />
            {historyOpen ? 'Hide' : 'Show'} {doc.version_count - 1} earlier version{doc.version_count === 2 ? '' : 's'}
            <span className="sr-only"> of {doc.filename}</span>
          </Button>
          {historyOpen && <VersionHistory txId={txId} latestId={doc.id} id={historyId} onView={onView} />}
        </>
      )}
    </li>
  )
}

/**
 * The folders in their fixed order (spec: Screens and routes): folders holding documents as cards, empty ones
 * collapsed into one row of small drop targets below them so that they never push real documents
 * down. Each empty folder is still a drop target (`data-folder`) and a button
 * that opens the upload dialog with that folder chosen.
 */
function DocumentFolders({
  groups,
  dragging,
  onUploadTo,
  renderDocument,
}: {
  groups: DocumentFolderGroup<DocumentListItem>[]
  dragging: boolean
  onUploadTo: (folder: DocumentFolder) => void
  renderDocument: (doc: DocumentListItem) => ReactNode
}) {
  const filled = groups.filter((g) => g.documents.length > 0)
  const empty = groups.filter((g) => g.documents.length === 0)
  return (
    <div className="flex flex-col gap-4">
      {filled.length === 0 && (
        <p className="rounded-xl border border-dashed bg-background p-6 text-center text-sm text-muted-foreground">
          No documents on this move yet. Upload the first one, or drop a file on a folder below.
        </p>
      )}
      {filled.length > 0 && (
        <div className="grid gap-4 md:grid-cols-2">
          {filled.map(({ folder, documents: inFolder }) => (
            <section
              key={folder}
              aria-labelledby={`folder-${folder}`}
              className={cn(
                'flex min-w-0 flex-col gap-2 rounded-xl border bg-background p-4 shadow-sm',
                dragging && isFolder(folder) && 'border-dashed border-primary',
              )}
              data-testid="document-folder"
              data-folder={folder}
            >
              <h3 id={`folder-${folder}`} className="flex items-center gap-2 font-semibold">
                <FolderOpen aria-hidden="true" className="size-4 text-primary" />
                {folder}
                <span className="text-sm font-normal text-muted-foreground">({inFolder.length})</span>
              </h3>
              <ul className="flex flex-col divide-y">{inFolder.map(renderDocument)}</ul>
            </section>
          ))}
        </div>
      )}
      {empty.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-muted-foreground" id="empty-folders-title">
            Empty folders
          </p>
          <ul className="flex flex-wrap gap-2" aria-labelledby="empty-folders-title">
            {empty.map(({ folder }) => (
              <li key={folder}>
                <section
                  aria-labelledby={`folder-${folder}`}
                  data-testid="document-folder"
                  data-folder={folder}
                  className={cn(
                    'flex items-center gap-2 rounded-lg border bg-background py-1 pr-1 pl-3 text-sm shadow-sm',
                    dragging && 'border-dashed border-primary',
                  )}
                >
                  <FolderOpen aria-hidden="true" className="size-4 text-muted-foreground" />
                  <h3 id={`folder-${folder}`} className="font-medium">
                    {folder} <span className="font-normal text-muted-foreground">(0)</span>
                  </h3>
                  <span className="sr-only">Nothing in this folder yet.</span>
                  {isFolder(folder) && (
                    <Button variant="ghost" size="sm" className="h-7 px-2" onClick={() => onUploadTo(folder)}>
                      <Upload aria-hidden="true" />
                      <span className="sr-only">Upload to {folder}</span>
                    </Button>
                  )}
                </section>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
