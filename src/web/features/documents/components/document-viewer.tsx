import { useQuery } from '@tanstack/react-query'
import { Download, FileText } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { DocumentVersion, SignedUrlResponse } from '#shared/contracts/documents.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { documentVersionsQueryOptions, fetchFileLink, useSignatureRequests } from '../api'
import { formatFileSize } from '#web/lib/uploads/file-checks.ts'
import { requestForVersion } from '../signing-state'
import { PdfPreview } from './pdf-preview'
import type { SignerChoice } from './request-signatures-dialog'
import { SignaturePanel } from './signature-panel'

/**
 * The in-app viewer, loaded on first use so the workspace never downloads
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
              ? `${version.folder} · version ${version.version} · ${version.size_bytes === null ? 'no file' : formatFileSize(version.size_bytes)} · uploaded ${formatUkDate(version.created_at)}${version.uploaded_by ? ` by ${version.uploaded_by.full_name}` : ''}`
              : 'Loading the document…'}
          </DialogDescription>
        </div>
        {versions.isError && (
          <p role="alert" className="text-sm text-destructive">
            {versions.error.message}
          </p>
        )}
        {version && (
          <div className="flex shrink-0 flex-col gap-4 lg:min-h-0 lg:flex-1 lg:shrink lg:flex-row">
            {/* Scrolls on its own, so it takes focus for keyboard scrolling. */}
            <div
              role="region"
              aria-label={`Preview of ${version.filename}, version ${version.version}`}
              tabIndex={0}
              className="h-[60dvh] min-w-0 shrink-0 overflow-y-auto rounded-lg bg-muted p-2 focus-visible:outline-2 focus-visible:outline-ring sm:p-3 lg:h-auto lg:min-h-0 lg:flex-1 lg:shrink"
            >
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
                      {versionLabel(v, i === 0)}
                    </option>
                  ))}
                </NativeSelect>
                {version.sha256 && (
                  <div>
                    <DownloadButton txId={txId} version={version} />
                  </div>
                )}
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
        {!version && !versions.isError && <Skeleton className="h-[60dvh] shrink-0 lg:h-auto lg:flex-1" />}
      </DialogContent>
    </Dialog>
  )
}

/** 'Version 3 (latest) · 23 Nov 2026', or 'Version 3 · signed · 23 Nov 2026' for a signed PDF (short enough for a phone). */
function versionLabel(v: DocumentVersion, latest: boolean): string {
  return `Version ${v.version}${v.signed_at ? ' · signed' : latest ? ' (latest)' : ''} · ${formatUkDate(v.created_at)}`
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
  const link = useFileLink(txId, version)
  // Demo documents are rows without a stored file (no SHA-256): say so rather than fail to load.
  if (!version.sha256)
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center text-sm text-muted-foreground">
        <FileText aria-hidden="true" className="size-10" />
        <p>This is a demo document: only its details are stored, not a file, so there is nothing to show.</p>
      </div>
    )
  if (!version.inline_allowed)
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center text-sm text-muted-foreground">
        <FileText aria-hidden="true" className="size-10" />
        <p>Word files cannot be previewed here. Download the file to open it.</p>
        <DownloadButton txId={txId} version={version} />
      </div>
    )
  if (link.error)
    return (
      <p role="alert" className="p-6 text-sm text-destructive">
        {link.error}
      </p>
    )
  if (!link.data) return <Skeleton className="h-full min-h-64 w-full" />
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

/**
 * A short-lived inline link for one version, fetched once per preview and kept in state, not in
 * the query cache: live updates invalidate every documents query after each view (a view is an
 * audit event), and a refetched link would be a new URL, reloading the preview in a loop.
 */
function useFileLink(txId: string, version: DocumentVersion) {
  const [link, setLink] = useState<{ data?: SignedUrlResponse; error?: string }>({})
  useEffect(() => {
    if (!version.inline_allowed || !version.sha256) return
    let live = true
    fetchFileLink(txId, version.id, 'inline').then(
      (data) => live && setLink({ data }),
      (err: unknown) =>
        live && setLink({ error: err instanceof Error ? err.message : 'The file could not be opened.' }),
    )
    return () => {
      live = false
    }
  }, [txId, version.id, version.inline_allowed, version.sha256])
  return link
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
