import { useQuery } from '@tanstack/react-query'
import { Download, FileText } from 'lucide-react'
import { useState } from 'react'
import type { DocumentVersion } from '../../../../shared/contracts/documents'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog'
import { Label } from '../../../components/ui/label'
import { NativeSelect } from '../../../components/ui/native-select'
import { Skeleton } from '../../../components/ui/skeleton'
import { formatUkDate } from '../../../lib/formatters'
import { notify } from '../../../lib/toast'
import { documentsKey, documentVersionsQueryOptions, fetchFileLink, useSignatureRequests } from '../api'
import { formatFileSize } from '../file-checks'
import { requestForVersion } from '../signing-state'
import { PdfPreview } from './pdf-preview'
import type { SignerChoice } from './request-signatures-dialog'
import { SignaturePanel } from './signature-panel'

/** A link lives 5 minutes; fetch a new one after 4 so a preview never starts with an expired one. */
const LINK_STALE_MS = 4 * 60 * 1000

/**
 * The in-app viewer (issue 5, part 5), loaded on first use so the workspace never downloads
 * pdf.js: the chosen version previewed (PDF pages through pdf.js, images inline, other types offer
 * the download), a version switch, Download, and the version's signature status with signing,
 * cancelling and verifying. Opens on `docId`, any version of the document.
 */
export function DocumentViewer({
  txId,
  docId,
  me,
  people,
  onClose,
}: {
  txId: string
  docId: string
  me: { id: string; name: string } | undefined
  people: ReadonlyArray<SignerChoice>
  onClose: () => void
}) {
  const versions = useQuery(documentVersionsQueryOptions(txId, docId))
  const requests = useSignatureRequests(txId)
  const [selectedId, setSelectedId] = useState(docId)
  const [pageCount, setPageCount] = useState<number>()
  const list = versions.data?.versions ?? []
  const version = list.find((v) => v.id === selectedId) ?? list[0]

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel="Close the viewer"
        className="flex h-[92dvh] max-w-6xl flex-col gap-3 overflow-y-auto p-4 sm:p-6 lg:overflow-hidden"
        data-testid="document-viewer"
      >
        <div className="flex flex-col gap-1 pr-8">
          <DialogTitle className="truncate">{version?.filename ?? 'Document'}</DialogTitle>
          <DialogDescription>
            {version
              ? `${version.folder} · version ${version.version} · ${formatFileSize(version.size_bytes)} · uploaded ${formatUkDate(version.created_at)}${version.uploaded_by ? ` by ${version.uploaded_by.full_name}` : ''}`
              : 'Loading the document…'}
          </DialogDescription>
        </div>
        {versions.isError && (
          <p role="alert" className="text-sm text-destructive">
            {versions.error.message}
          </p>
        )}
        {version && (
          <div className="flex min-h-0 flex-1 flex-col gap-4 lg:flex-row">
            <div className="min-h-[50dvh] min-w-0 flex-1 rounded-lg bg-muted p-2 sm:p-3 lg:min-h-0 lg:overflow-y-auto">
              <Preview key={version.id} txId={txId} version={version} onPageCount={setPageCount} />
            </div>
            <aside
              className="flex w-full shrink-0 flex-col gap-5 lg:w-80 lg:overflow-y-auto"
              aria-label="Document details"
            >
              <div className="flex flex-col gap-2">
                <Label htmlFor="viewer-version">Version</Label>
                <NativeSelect id="viewer-version" value={version.id} onChange={(e) => setSelectedId(e.target.value)}>
                  {list.map((v, i) => (
                    <option key={v.id} value={v.id}>
                      {`Version ${v.version}${i === 0 ? ' (latest)' : ''} · ${formatUkDate(v.created_at)}${v.signed_at ? ' · Signed' : ''}`}
                    </option>
                  ))}
                </NativeSelect>
                <div className="flex flex-wrap items-center gap-2">
                  {version.signed_at && <Badge variant="success">Signed</Badge>}
                  <DownloadButton txId={txId} version={version} />
                </div>
              </div>
              <SignaturePanel
                txId={txId}
                version={version}
                request={requestForVersion(requests.data?.requests ?? [], version.id)}
                me={me}
                people={people}
                pageCount={version.id === selectedId ? pageCount : undefined}
              />
              <details className="text-xs text-muted-foreground">
                <summary className="cursor-pointer">File fingerprint (SHA-256)</summary>
                <code className="mt-1 block break-all">{version.sha256}</code>
              </details>
            </aside>
          </div>
        )}
        {!version && !versions.isError && <Skeleton className="min-h-[50dvh] flex-1" />}
      </DialogContent>
    </Dialog>
  )
}

/** The preview of one version through a short-lived inline link. */
function Preview({
  txId,
  version,
  onPageCount,
}: {
  txId: string
  version: DocumentVersion
  onPageCount: (pages: number) => void
}) {
  const link = useQuery({
    queryKey: [...documentsKey(txId), 'link', version.id],
    queryFn: () => fetchFileLink(txId, version.id, 'inline'),
    enabled: version.inline_allowed,
    staleTime: LINK_STALE_MS,
    gcTime: LINK_STALE_MS,
  })
  if (!version.inline_allowed)
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center text-sm text-muted-foreground">
        <FileText aria-hidden="true" className="size-10" />
        <p>Word files cannot be previewed here. Download the file to open it.</p>
        <DownloadButton txId={txId} version={version} />
      </div>
    )
  if (link.isError)
    return (
      <p role="alert" className="p-6 text-sm text-destructive">
        {link.error.message}
      </p>
    )
  if (!link.data) return <Skeleton className="h-full min-h-[50dvh] w-full" />
  if (version.content_type === 'application/pdf')
    return <PdfPreview url={link.data.url} title={version.filename} onPageCount={onPageCount} />
  return (
    <img
      src={link.data.url}
      alt={`${version.filename}, version ${version.version}`}
      className="mx-auto max-h-full max-w-full rounded-md bg-white object-contain shadow-sm"
    />
  )
}

/** Download: fetches a fresh attachment link (5 minutes, this viewer only) and follows it. */
function DownloadButton({ txId, version }: { txId: string; version: DocumentVersion }) {
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      const { url } = await fetchFileLink(txId, version.id, 'attachment')
      const a = document.createElement('a')
      a.href = url
      a.download = version.filename
      document.body.append(a)
      a.click()
      a.remove()
    } catch (err) {
      notify.error('Could not download the file', err instanceof Error ? err.message : undefined)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={() => void download()} disabled={busy}>
      <Download aria-hidden="true" />
      Download<span className="sr-only"> version {version.version}</span>
    </Button>
  )
}
