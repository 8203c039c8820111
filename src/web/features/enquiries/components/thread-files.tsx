import { DocumentFileButton } from '#web/components/document-file-button.tsx'

/**
 * The files of an enquiry or of one message of its thread, each a button that downloads it through
 * a short-lived file link (the server lists only those the viewer may read, decision 051).
 */
export function ThreadFiles({
  txId,
  label,
  files,
}: {
  txId: string
  label: string
  files: readonly { id: string; filename: string; version: number }[]
}) {
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs">
      <span className="text-muted-foreground">{label}:</span>
      {files.map((f) => (
        <DocumentFileButton key={f.id} txId={txId} {...f} />
      ))}
    </div>
  )
}
