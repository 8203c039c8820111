/**
 * Rules for uploaded files that both sides share: display-name sanitising and which types may show
 * inline: only PDFs and images, the rest download as attachments (OWASP ASVS 5.2.x, 5.3.2, 5.4.x).
 */

/** Longest display name kept, in characters (the documents.filename column allows 255). */
export const MAX_DISPLAY_NAME = 200

/** File extension for each accepted content type. */
export const EXTENSION_FOR_TYPE: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/heic': '.heic',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
}

const EXTENSION_ALIASES: Record<string, string[]> = { '.jpg': ['.jpg', '.jpeg'], '.heic': ['.heic', '.heif'] }

/** PDFs and images may show inline in the viewer; everything else is served as an attachment. */
export function isInlineAllowed(contentType: string): boolean {
  return contentType === 'application/pdf' || contentType.startsWith('image/')
}

/**
 * A name safe to show and to put in a Content-Disposition header: the last path segment only (no
 * `../`, `/` or `\`), Unicode NFC, control and bidi-override characters removed, whitespace
 * collapsed, no leading dots, at most MAX_DISPLAY_NAME characters keeping the extension, and ending
 * in the extension of the detected type (appended when missing or different). Never a storage key.
 */
export function sanitiseDisplayName(raw: string, contentType?: string): string {
  let name = raw.normalize('NFC')
  name = name.split(/[/\\]/).pop() ?? ''
  name = name.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
  name = name.replace(/\s+/g, ' ').trim()
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '')
  if (!name) name = 'document'
  const wanted = contentType ? EXTENSION_FOR_TYPE[contentType] : undefined
  if (wanted) {
    const lower = name.toLowerCase()
    if (!(EXTENSION_ALIASES[wanted] ?? [wanted]).some((ext) => lower.endsWith(ext))) name += wanted
  }
  const chars = Array.from(name)
  if (chars.length > MAX_DISPLAY_NAME) {
    const dot = name.lastIndexOf('.')
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : ''
    name =
      chars
        .slice(0, MAX_DISPLAY_NAME - Array.from(ext).length)
        .join('')
        .trimEnd() + ext
  }
  return name
}
