import type { DocumentSummary } from '#shared/contracts/transactions.ts'

/**
 * How many documents a transaction has: each file (folder and name) once, however many versions it
 * has, since a new version replaces the row rather than adding a document ('Versions').
 */
export function countDocuments(documents: ReadonlyArray<Pick<DocumentSummary, 'folder' | 'filename'>>): number {
  return new Set(documents.map((d) => `${d.folder}/${d.filename}`)).size
}
