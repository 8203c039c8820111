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
/**
 * Invisible characters that can disguise text, dropped: bidi embeddings, overrides and isolates
 * (U+202A-202E, U+2066-2069), the deprecated format characters (U+206A-206F), interlinear annotation
 * marks (U+FFF9-FFFB) and the BOM (U+FEFF). Kept on purpose: zero-width joiner and non-joiner
 * (U+200C-200D: needed in Persian, Indic scripts and emoji sequences), the bidi marks LRM, RLM and
 * ALM (U+200E-200F, U+061C: they order punctuation in Arabic and Hebrew text and cannot reverse a
 * run), zero-width space, word joiner and soft hyphen (line-breaking hints).
 */
const INVISIBLE = new RegExp(
  `[${range(0x202a, 0x202e)}${range(0x2066, 0x206f)}${range(0xfff9, 0xfffb)}${String.fromCharCode(0xfeff)}]`,
  'g',
)
/** Controls a multi-line text may not keep: C0 except tab and line feed, DEL, C1. Each becomes a space. */
const CONTROL_IN_TEXT = new RegExp(`[${range(0x00, 0x08)}${range(0x0b, 0x1f)}${range(0x7f, 0x9f)}]`, 'g')
const LINE_BREAK = new RegExp(`\r\n?|[${range(0x2028, 0x2029)}]`, 'g')

/**
 * Text for one line: names, addresses, email subjects and headers, so no newline can add an email
 * header or a fake line to a message. Control
 * characters (newlines, tabs, NUL, C1) and line separators become a space, bidi controls are dropped,
 * runs of spaces collapse and the ends are trimmed. 'Bea\r\nBcc: x' -> 'Bea Bcc: x'.
 */
export function singleLine(text: string): string {
  return text.replace(BREAKING, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim()
}

/**
 * Text of several lines a person typed (chat messages, enquiries, notes, reviews): the same rule as
 * singleLine except that line breaks and tabs stay. CR LF, a lone CR and the line and paragraph
 * separators become LF; every other C0 or C1 control and DEL becomes a space (so an ESC or OSC-8
 * sequence is left as visible, inert text); the invisible characters singleLine drops are dropped.
 * Spaces are not collapsed (Markdown indentation) and the ends are not trimmed: a schema that wants
 * that says `.trim()`. 'a\r\nb\u001b[31m\u202e' -> 'a\nb [31m'.
 */
export function multiLine(text: string): string {
  return text.replace(LINE_BREAK, '\n').replace(CONTROL_IN_TEXT, ' ').replace(INVISIBLE, '')
}

/**
 * A JSON value with multiLine applied to every string in it, keys included (structured free text such
 * as a property form's answers). Other values are returned as they are; the input is not changed.
 */
export function cleanJsonText<T>(value: T): T {
  if (typeof value === 'string') return multiLine(value) as T
  if (Array.isArray(value)) return value.map((v: unknown) => cleanJsonText(v)) as T
  if (value !== null && typeof value === 'object') {
    // fromEntries defines own properties, so a '__proto__' key stays a key (no prototype change).
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [multiLine(k), cleanJsonText(v)])) as T
  }
  return value
}
