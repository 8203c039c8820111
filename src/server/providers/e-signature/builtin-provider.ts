/**
 * The built-in e-signature provider: a simple electronic signature (UK eIDAS / Electronic
 * Communications Act 2000 s.7) applied with pdf-lib. Not HM Land Registry's PG82 witnessed process,
 * which deeds such as the TR1 need (../shared/domain/conveyancing.md); the certificate says so.
 */
import { createHash } from 'node:crypto'
import { EncryptedPDFError, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'
import { NotSignableError, type CompletedSignature, type ESignatureProvider } from './e-signature-provider'

const UK_TIME = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'long',
  timeZone: 'Europe/London',
})

/** "21 November 2026 at 14:03:07 GMT (2026-11-21T14:03:07.000Z UTC)". */
export function ukAndUtc(d: Date): string {
  return `${UK_TIME.format(d)} (${d.toISOString()} UTC)`
}

/** The standard fonts encode WinAnsi only: anything else prints as '?', never a crash. */
function winAnsi(text: string): string {
  return text.normalize('NFC').replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')
}

const BOX_W = 170
const BOX_H = 60

function drawSignatureBox(
  page: PDFPage,
  s: CompletedSignature,
  x: number,
  y: number,
  fonts: { regular: PDFFont; italic: PDFFont },
  png: Awaited<ReturnType<PDFDocument['embedPng']>> | null,
) {
  page.drawRectangle({ x, y, width: BOX_W, height: BOX_H, borderColor: rgb(0.4, 0.4, 0.5), borderWidth: 0.6 })
  if (png) {
    const scale = Math.min((BOX_W - 10) / png.width, (BOX_H - 22) / png.height, 1)
    page.drawImage(png, { x: x + 5, y: y + 16, width: png.width * scale, height: png.height * scale })
  } else {
    page.drawText(winAnsi(s.typedName ?? s.fullName), { x: x + 6, y: y + 30, size: 16, font: fonts.italic })
  }
  page.drawText(winAnsi(`Signed electronically by ${s.fullName}`).slice(0, 48), {
    x: x + 4,
    y: y + 9,
    size: 6,
    font: fonts.regular,
  })
  page.drawText(s.signedAt.toISOString(), { x: x + 4, y: y + 2, size: 5.5, font: fonts.regular })
}

/** Creates the built-in provider. */
export function createBuiltinESignatureProvider(): ESignatureProvider {
  return {
    name: 'builtin',
    async inspect(pdf) {
      let pageCount: number
      try {
        const doc = await PDFDocument.load(pdf, { throwOnInvalidObject: true, updateMetadata: false })
        pageCount = doc.getPageCount()
        // Reading each page's size walks the page tree: a broken tree fails here, not while signing.
        for (const page of doc.getPages()) page.getSize()
      } catch (err) {
        if (err instanceof EncryptedPDFError || (err instanceof Error && /encrypt/i.test(err.message)))
          throw new NotSignableError(
            'This PDF is encrypted or password-protected, so it cannot be signed. Upload a copy without a password.',
          )
        throw new NotSignableError('This PDF is damaged and cannot be read, so it cannot be signed. Upload it again.')
      }
      if (pageCount < 1) throw new NotSignableError('This PDF has no pages, so it cannot be signed.')
      return { pageCount }
    },

    async render(input) {
      const doc = await PDFDocument.load(input.original, { updateMetadata: false })
      const regular = await doc.embedFont(StandardFonts.Helvetica)
      const bold = await doc.embedFont(StandardFonts.HelveticaBold)
      const italic = await doc.embedFont(StandardFonts.HelveticaOblique)
      const pngs = await Promise.all(
        input.signatures.map((s) => (s.signaturePng ? doc.embedPng(s.signaturePng) : null)),
      )

      if (input.page !== null) {
        const page = doc.getPage(Math.min(input.page, doc.getPageCount()) - 1)
        const { width } = page.getSize()
        const perRow = Math.max(1, Math.floor((width - 40) / (BOX_W + 10)))
        input.signatures.forEach((s, i) =>
          drawSignatureBox(
            page,
            s,
            20 + (i % perRow) * (BOX_W + 10),
            20 + Math.floor(i / perRow) * (BOX_H + 10),
            { regular, italic },
            pngs[i],
          ),
        )
      } else {
        const page = doc.addPage([595.28, 841.89])
        page.drawText('Signatures', { x: 50, y: 780, size: 18, font: bold })
        page.drawText(winAnsi(input.documentName).slice(0, 90), { x: 50, y: 760, size: 10, font: regular })
        input.signatures.forEach((s, i) => {
          const y = 680 - i * (BOX_H + 30)
          page.drawText(winAnsi(`${s.fullName} <${s.email}>`), { x: 50, y: y + BOX_H + 6, size: 10, font: regular })
          drawSignatureBox(page, s, 50, y, { regular, italic }, pngs[i])
        })
      }

      // The hash of the signed content is taken before the certificate page that prints it.
      const signedContent = Buffer.from(await doc.save({ useObjectStreams: false }))
      const signedContentSha256 = createHash('sha256').update(signedContent).digest('hex')
      const final = await PDFDocument.load(signedContent, { updateMetadata: false })
      const f = {
        regular: await final.embedFont(StandardFonts.Helvetica),
        bold: await final.embedFont(StandardFonts.HelveticaBold),
        mono: await final.embedFont(StandardFonts.Courier),
      }
      const cert = final.addPage([595.28, 841.89])
      let y = 790
      const line = (text: string, opts: { size?: number; font?: PDFFont; gap?: number } = {}) => {
        cert.drawText(winAnsi(text), { x: 50, y, size: opts.size ?? 9, font: opts.font ?? f.regular })
        y -= opts.gap ?? (opts.size ?? 9) + 5
      }
      line('Certificate of completion', { size: 18, font: f.bold, gap: 28 })
      line(`Document: ${input.documentName}`.slice(0, 110))
      line(`Signature request: ${input.requestId}`)
      line(`Completed: ${ukAndUtc(input.completedAt)}`)
      line('SHA-256 of the original document:', { font: f.bold })
      line(input.originalSha256, { font: f.mono, size: 8 })
      line('SHA-256 of the signed document (all pages before this certificate):', { font: f.bold })
      line(signedContentSha256, { font: f.mono, size: 8, gap: 22 })
      input.signatures.forEach((s, i) => {
        if (y < 120) return
        line(`${i + 1}. ${s.fullName} <${s.email}>`, { font: f.bold, size: 10 })
        line(`Method: ${s.method === 'typed' ? `typed name "${s.typedName ?? ''}"` : 'drawn signature'}`)
        line(`Consented to sign electronically: ${ukAndUtc(s.consentedAt)}`)
        line(`Signed: ${ukAndUtc(s.signedAt)}`)
        line(`IP address: ${s.ip ?? 'not recorded'}`, { gap: 18 })
      })
      y = Math.min(y, 90)
      line('A simple electronic signature made on Homeward. Deeds such as the TR1 need HM Land Registry', { size: 7 })
      line("practice guide 82's witnessed process, which this is not. Verify on Homeward: Documents > Verify.", {
        size: 7,
      })
      return { pdf: Buffer.from(await final.save({ useObjectStreams: false })), signedContentSha256 }
    },
  }
}
