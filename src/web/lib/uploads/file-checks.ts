import { DOCUMENT_TYPES } from '#shared/contracts/documents.ts'

/** The server's default upload limit (DOCUMENT_MAX_BYTES, 50 MB binary); the server's answer wins. */
export const CLIENT_MAX_BYTES = 50 * 1024 * 1024

/** Names of the accepted types, for messages: 'PDF, JPEG, PNG, HEIC or Word (.docx)'. */
export const ALLOWED_TYPES_TEXT = (() => {
  const labels = Object.values(DOCUMENT_TYPES)
  return `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`
})()

/** The file input's `accept` list: extensions and MIME types of the accepted types. */
export const ACCEPT_ATTRIBUTE = [
  '.pdf',
  '.jpg',
  '.jpeg',
  '.png',
  '.heic',
  '.heif',
  '.docx',
  ...Object.keys(DOCUMENT_TYPES),
].join(',')

const EXTENSIONS = /\.(pdf|jpe?g|png|hei[cf]|docx)$/i

/**
 * A fast message before uploading, or null when the file looks acceptable: empty, larger than
 * `maxBytes`, or a name and browser type that match none of the accepted types. Only a hint: the
 * server decides by the file's magic bytes.
 */
export function precheckFile(file: Pick<File, 'name' | 'size' | 'type'>, maxBytes = CLIENT_MAX_BYTES): string | null {
  if (file.size === 0) return `"${file.name}" is empty (0 bytes).`
  if (file.size > maxBytes)
    return `"${file.name}" is ${formatFileSize(file.size)}; the limit is ${formatFileSize(maxBytes)}.`
  const knownType = file.type in DOCUMENT_TYPES || file.type === 'image/heif'
  if (!knownType && !EXTENSIONS.test(file.name))
    return `"${file.name}" is not a file type we accept. Upload a ${ALLOWED_TYPES_TEXT} file.`
  return null
}

/** A byte count for people: '512 bytes', '84 KB', '3.2 MB' (binary units, as the server's limit). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  const mb = bytes / (1024 * 1024)
  return `${mb >= 10 ? Math.round(mb) : mb.toFixed(1)} MB`
}
