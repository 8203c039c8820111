/**
 * An invoice or receipt as a PDF (A4, pdf-lib's standard fonts): Homeward's details and VAT number,
 * the customer's (the firm's name, town and contact, or the mover's), the number and dates, the lines
 * before VAT, the subtotal, VAT at 20% and the total, and whether it was paid. A VAT invoice carries
 * what HMRC VAT Notice 700 section 16.3 asks for: number, dates, supplier and VAT number, customer,
 * description, net per line, rate, VAT and total.
 */
import { formatPence, VAT_RATE_PERCENT, type InvoiceLine } from '#shared/domain/billing.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import type { Supplier } from './supplier'

export interface InvoiceForPdf {
  number: string
  kind: 'subscription' | 'proration' | 'completion_fee'
  status: string
  billToName: string
  billToDetail: string
  lines: InvoiceLine[]
  subtotalPence: number
  vatPence: number
  totalPence: number
  issuedAt: Date
  paidAt: Date | null
  periodStart: Date | null
  periodEnd: Date | null
  providerLabel: string
  /** Homeward's details from configuration (supplier.ts); a sample one is printed as such. */
  supplier: Supplier
}

const ascii = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\u00a0-\u00ff\n]/g, '?')

/** The PDF's bytes. */
export async function renderInvoicePdf(inv: InvoiceForPdf): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  const title = inv.kind === 'completion_fee' ? 'Receipt' : inv.totalPence < 0 ? 'Credit note' : 'VAT invoice'
  pdf.setTitle(`${title} ${inv.number}`)
  pdf.setProducer('Homeward')
  pdf.setCreationDate(inv.issuedAt)
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const [W, H, M] = [595.28, 841.89, 56]
  const page = pdf.addPage([W, H])
  const ink = rgb(0.1, 0.1, 0.12)
  let y = H - M
  const text = (s: string, x: number, size = 10, font = regular) =>
    page.drawText(ascii(s), { x, y, size, font, color: ink })
  const right = (s: string, xRight: number, size = 10, font = regular) =>
    page.drawText(ascii(s), { x: xRight - font.widthOfTextAtSize(ascii(s), size), y, size, font, color: ink })
  const down = (h = 14) => {
    y -= h
  }

  text(`${title} ${inv.number}`, M, 18, bold)
  const supplier = inv.supplier
  right(supplier.name, W - M, 12, bold)
  down(22)
  for (const line of supplier.address) {
    right(line, W - M, 9)
    down(12)
  }
  if (supplier.companyNumber) {
    right(`Company number ${supplier.companyNumber}`, W - M, 9)
    down(12)
  }
  right(`VAT registration: ${supplier.vatNumber}`, W - M, 9, supplier.sample ? bold : regular)
  if (supplier.sample) {
    down(12)
    right('Sandbox sample VAT number: not a real registration', W - M, 9, bold)
  }
  down(24)
  text('Billed to', M, 9, bold)
  down()
  text(inv.billToName, M, 11, bold)
  down()
  for (const l of inv.billToDetail.split('\n').filter(Boolean)) {
    text(l, M)
    down()
  }
  down(8)
  text(`Date of issue (tax point): ${ukDate(inv.issuedAt)}`, M)
  down()
  if (inv.periodStart && inv.periodEnd) {
    text(`Period: ${ukDate(inv.periodStart)} to ${ukDate(inv.periodEnd)}`, M)
    down()
  }
  text(`Status: ${inv.status === 'paid' ? `Paid${inv.paidAt ? ` on ${ukDate(inv.paidAt)}` : ''}` : inv.status}`, M)
  down(28)
  const cols = { qty: W - M - 210, unit: W - M - 100, amount: W - M }
  text('Description', M, 9, bold)
  right('Qty', cols.qty, 9, bold)
  right('Unit (ex VAT)', cols.unit, 9, bold)
  right('Amount (ex VAT)', cols.amount, 9, bold)
  down(6)
  page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, thickness: 0.5, color: ink })
  down(14)
  for (const l of inv.lines) {
    let desc = ascii(l.description)
    while (regular.widthOfTextAtSize(desc, 10) > cols.qty - M - 40 && desc.length > 10) desc = `${desc.slice(0, -4)}...`
    text(desc, M)
    right(String(l.quantity), cols.qty)
    right(formatPence(l.unitPence), cols.unit)
    right(formatPence(l.amountPence), cols.amount)
    down(16)
  }
  page.drawLine({ start: { x: M, y: y + 6 }, end: { x: W - M, y: y + 6 }, thickness: 0.5, color: ink })
  down(8)
  const total = (label: string, pence: number, font = regular) => {
    right(label, cols.unit, 10, font)
    right(formatPence(pence), cols.amount, 10, font)
    down(16)
  }
  total('Subtotal (ex VAT)', inv.subtotalPence)
  total(`VAT at ${VAT_RATE_PERCENT}%`, inv.vatPence)
  total('Total', inv.totalPence, bold)
  down(20)
  text(`Amounts in pounds sterling (GBP). Processed by ${inv.providerLabel}.`, M, 9)
  if (inv.providerLabel === 'Sandbox') {
    down()
    text('Sandbox: a test invoice. No money moved.', M, 9, bold)
  }
  return pdf.save()
}
