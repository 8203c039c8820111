/**
 * A plain A4 document of wrapped text in pdf-lib's standard fonts (Helvetica and Helvetica Bold), for
 * the PDFs Homeward writes from data: a signed TA6 or TA10, a register summary, a gifted-deposit
 * declaration. `line(text, font, size, indent, colour)` wraps at the 56 pt margins, starts a new page
 * when one fills, and moves down by `leading` × the size; `gap(points = 8)` adds space. Text goes through
 * winAnsi first: the standard fonts encode WinAnsi only.
 */
import type { PDFFont, RGB } from 'pdf-lib'

/** The standard fonts encode WinAnsi only: typographic quotes become plain ones, anything else '?'. */
export function winAnsi(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\u00a0-\u00ff\n]/g, '?')
}

/** A4 in points, and the margin on every side. */
const [W, H, M] = [595.28, 841.89, 56]

/**
 * Starts a text PDF titled `title`, created at `createdAt`. `size` is the default font size and
 * `leading` the line height as a multiple of the size (1.45 for dense forms, 1.5 for a declaration).
 */
export async function createTextPdf(opts: { title: string; createdAt: Date; size: number; leading: number }) {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  pdf.setTitle(opts.title)
  pdf.setProducer('Homeward')
  pdf.setCreationDate(opts.createdAt)
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const ink = rgb(0.1, 0.1, 0.12)
  const grey = rgb(0.35, 0.35, 0.4)
  let page = pdf.addPage([W, H])
  let y = H - M
  const line = (text: string, font: PDFFont = regular, size = opts.size, indent = 0, color: RGB = ink) => {
    const maxWidth = W - 2 * M - indent
    for (const para of winAnsi(text).split('\n')) {
      let current = ''
      const flush = () => {
        if (y < M + size) {
          page = pdf.addPage([W, H])
          y = H - M
        }
        page.drawText(current, { x: M + indent, y, size, font, color })
        y -= size * opts.leading
        current = ''
      }
      for (const word of para.split(/\s+/)) {
        const next = current ? `${current} ${word}` : word
        if (font.widthOfTextAtSize(next, size) > maxWidth && current) {
          flush()
          current = word
        } else current = next
      }
      flush()
    }
  }
  const gap = (points = 8) => {
    y -= points
  }
  return { pdf, regular, bold, ink, grey, rgb, line, gap }
}
