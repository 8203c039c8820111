import type { DocumentSummary } from '#shared/contracts/transactions.ts'
import { DOCUMENT_FOLDERS } from '#shared/domain/statuses.ts'

export interface DocumentFolderGroup<T extends DocumentSummary = DocumentSummary> {
  folder: string
  documents: T[]
}

/**
 * Documents grouped by folder in the fixed order Identity, Property, Searches, Mortgage, Contracts,
 * Fixtures (spec: Screens and routes; Business constants and limits); every folder appears, empty or not. Within a folder, newest
 * first. Documents in any other folder come last under 'Other'.
 */
export function groupDocuments<T extends DocumentSummary>(documents: ReadonlyArray<T>): DocumentFolderGroup<T>[] {
  const byNewest = [...documents].sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime())
  const known = new Set<string>(DOCUMENT_FOLDERS)
  const groups: DocumentFolderGroup<T>[] = DOCUMENT_FOLDERS.map((folder) => ({
    folder,
    documents: byNewest.filter((d) => d.folder === folder),
  }))
  const other = byNewest.filter((d) => !known.has(d.folder))
  return other.length ? [...groups, { folder: 'Other', documents: other }] : groups
}
