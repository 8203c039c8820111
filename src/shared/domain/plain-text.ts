/** Plain text of chat Markdown, for one-line previews, notification texts and emails. */

/**
 * Markdown message text as plain text for a one-line preview: emphasis markers, headings, list
 * bullets, code ticks and link targets dropped, whitespace collapsed. '**15 days**' -> '15 days'.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|[-*+]\s+|\d+\.\s+|>\s?)/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim()
}

// Built from code points so that the source holds no control characters (eslint no-control-regex).
const range = (from: number, to: number) => `${String.fromCharCode(from)}-${String.fromCharCode(to)}`
/** C0 and C1 controls, DEL, line and paragraph separators: each becomes a space. */
const BREAKING = new RegExp(`[${range(0x00, 0x1f)}${range(0x7f, 0x9f)}${range(0x2028, 0x2029)}]`, 'g')
/** Bidi embeddings, overrides and isolates, and the BOM: dropped (they can disguise text, e.g. in a subject). */
const INVISIBLE = new RegExp(`[${range(0x202a, 0x202e)}${range(0x2066, 0x2069)}${String.fromCharCode(0xfeff)}]`, 'g')

/**
 * Text for one line: names, addresses, email subjects and headers, so no newline can add an email
 * header or a fake line to a message. Control
 * characters (newlines, tabs, NUL, C1) and line separators become a space, bidi controls are dropped,
 * runs of spaces collapse and the ends are trimmed. 'Bea\r\nBcc: x' -> 'Bea Bcc: x'.
 */
export function singleLine(text: string): string {
  return text.replace(BREAKING, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim()
}
