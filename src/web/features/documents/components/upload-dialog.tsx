import { Upload } from 'lucide-react'
import { useState, type FormEvent, type RefObject } from 'react'
import {
  AUDIENCE_INFO,
  audiencesFor,
  defaultAudienceForUploader,
  type DocumentAudience,
} from '#shared/domain/document-audiences.ts'
import { DOCUMENT_FOLDERS, type DocumentFolder } from '#shared/domain/statuses.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import {
  ACCEPT_ATTRIBUTE,
  ALLOWED_TYPES_TEXT,
  CLIENT_MAX_BYTES,
  formatFileSize,
  precheckFile,
} from '#web/lib/uploads/file-checks.ts'

/** A document already in the move, as far as the dialog needs it: where, what name, which version. */
export interface ExistingDocument {
  folder: DocumentFolder
  filename: string
  version: number
}

/**
 * 'Upload Document': choose one of the six folders and one or more files (or the files dropped on
 * the tab), then upload. The same name in the same folder becomes the next version; when a chosen
 * file replaces one already there, a tick marks the new version as correcting an error in the old
 * one (what document accuracy counts). 'Who can see it' offers the audiences that include the
 * viewer, with the document's default chosen and one line on who that is (decision 051). Pre-checks
 * give a fast message; the server decides by the file's bytes.
 */
export function UploadDialog({
  open,
  onOpenChange,
  initialFiles,
  initialFolder,
  onUpload,
  existing = [],
  viewerRole,
  returnFocusTo,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  initialFiles?: File[]
  initialFolder?: DocumentFolder
  onUpload: (
    files: File[],
    folder: DocumentFolder,
    correcting: ReadonlySet<string>,
    audience: DocumentAudience | undefined,
  ) => void
  /** The viewer's role on the move: which audiences they may choose and the default (decision 051). */
  viewerRole: string | null
  /** The move's documents (latest versions), to tell a new version from a new document. */
  existing?: ReadonlyArray<ExistingDocument>
  /** Focused when the dialog closes (it has no Radix trigger: it also opens on a drop). */
  returnFocusTo?: RefObject<HTMLElement | null>
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(e) => {
          if (!returnFocusTo?.current) return
          e.preventDefault()
          returnFocusTo.current.focus()
        }}
      >
        <DialogTitle>Upload a document</DialogTitle>
        <DialogDescription>
          {ALLOWED_TYPES_TEXT}, up to {formatFileSize(CLIENT_MAX_BYTES)}. A file with the same name in the same folder
          becomes its next version.
        </DialogDescription>
        {/* Keyed by open so that each opening starts from its own files and folder. */}
        {open && (
          <UploadForm
            initialFiles={initialFiles}
            initialFolder={initialFolder}
            existing={existing}
            viewerRole={viewerRole}
            onCancel={() => onOpenChange(false)}
            onUpload={(files, folder, correcting, audience) => {
              onUpload(files, folder, correcting, audience)
              onOpenChange(false)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function UploadForm({
  initialFiles = [],
  initialFolder,
  existing,
  viewerRole,
  onCancel,
  onUpload,
}: {
  initialFiles?: File[]
  initialFolder?: DocumentFolder
  existing: ReadonlyArray<ExistingDocument>
  viewerRole: string | null
  onCancel: () => void
  onUpload: (
    files: File[],
    folder: DocumentFolder,
    correcting: ReadonlySet<string>,
    audience: DocumentAudience | undefined,
  ) => void
}) {
  const [folder, setFolder] = useState<DocumentFolder | ''>(initialFolder ?? '')
  const [files, setFiles] = useState<File[]>(initialFiles)
  const [correctsError, setCorrectsError] = useState(false)
  // Chosen files that will become a new version of a document already in this folder.
  const replacing = files.flatMap((file) => {
    const doc = existing.find((d) => d.folder === folder && d.filename === file.name)
    return doc ? [doc] : []
  })
  const [errors, setErrors] = useState<{ folder?: string; files?: string }>({})
  // The default follows the folder and the first file's name until the person picks one themselves.
  const [chosenAudience, setChosenAudience] = useState<DocumentAudience | null>(null)
  const choices = audiencesFor(viewerRole)
  const defaultAudience =
    viewerRole && folder ? defaultAudienceForUploader(folder, files[0]?.name ?? '', viewerRole) : 'everyone'
  const audience = chosenAudience ?? defaultAudience

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const problems = files.map((f) => precheckFile(f)).filter((p): p is string => !!p)
    const next = {
      folder: folder ? undefined : 'Choose a folder',
      files: files.length === 0 ? 'Choose a file to upload' : problems[0],
    }
    setErrors(next)
    if (next.folder || next.files || !folder) return
    onUpload(files, folder, new Set(correctsError ? replacing.map((d) => d.filename) : []), chosenAudience ?? undefined)
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Upload a document" className="flex flex-col gap-4">
      <FormField id="upload-folder" label="Folder" error={errors.folder}>
        {(f) => (
          <NativeSelect {...f} value={folder} onChange={(e) => setFolder(e.target.value as DocumentFolder)}>
            <option value="" disabled>
              Choose a folder
            </option>
            {DOCUMENT_FOLDERS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id="upload-files"
        label="Files"
        hint={initialFiles.length ? 'The files you dropped are chosen; pick others if you like.' : undefined}
        error={errors.files}
      >
        {(f) => (
          <input
            {...f}
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            className="block w-full rounded-md border border-input bg-background p-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-primary-soft-foreground focus-visible:outline-2 focus-visible:outline-ring"
          />
        )}
      </FormField>
      {choices.length > 0 && (
        <FormField id="upload-audience" label="Who can see it" hint={AUDIENCE_INFO[audience].who}>
          {(f) => (
            <NativeSelect
              {...f}
              value={audience}
              onChange={(e) => setChosenAudience(e.target.value as DocumentAudience)}
            >
              {choices.map((a) => (
                <option key={a} value={a}>
                  {AUDIENCE_INFO[a].label}
                  {a === defaultAudience && !chosenAudience ? ' (default for this document)' : ''}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}
      {files.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Chosen files">
          {files.map((file) => (
            <li key={`${file.name}-${file.size}`} className="flex justify-between gap-3">
              <span className="truncate">{file.name}</span>
              <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
      {replacing.length > 0 && (
        <div className="flex flex-col gap-1 rounded-md bg-muted/60 p-3">
          <label className="flex items-start gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-primary"
              checked={correctsError}
              aria-describedby="upload-corrects-error-hint"
              onChange={(e) => setCorrectsError(e.target.checked)}
            />
            {replacing.length === 1
              ? `This corrects an error in version ${replacing[0].version} of "${replacing[0].filename}"`
              : `These correct errors in the versions they replace (${replacing.map((d) => d.filename).join(', ')})`}
          </label>
          <p id="upload-corrects-error-hint" className="ml-7 text-xs text-muted-foreground">
            Tick only when the earlier version was wrong, not merely out of date. The version history marks the
            correction, and it counts in the uploading firm&apos;s document accuracy.
          </p>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">
          <Upload aria-hidden="true" />
          Upload
        </Button>
      </div>
    </form>
  )
}
