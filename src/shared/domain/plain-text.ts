/** Plain text of chat Markdown, for one-line previews, notification texts and emails (issue 6). */

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
