/**
 * Exports "Replies to enquiries" as a PDF into the matter's Contracts folder: every enquiry with its
 * category, status and thread (enquiry, replies, further enquiries, who and when, UK dates), made
 * with pdf-lib (as the signing certificates are) and stored as a new version of
 * "Replies to enquiries.pdf" on each export. Conveyancers on the matter only (403 for others on it,
 * 404 for anyone not on it); the audit trail records the version with its SHA-256.
 */
import { NOT_ON_HOMEWARD } from '#shared/domain/off-platform-parties.ts'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DocumentVersion } from '#shared/contracts/documents.ts'
import { ENQUIRY_CATEGORY_LABELS, ENQUIRY_STATUS_LABELS } from '#shared/domain/enquiries.ts'
import { ukDate, ukDateTime } from '#shared/domain/uk-time.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { getDocument } from '#server/core/documents/document-rows.ts'
import { filePdf, storePdf } from '#server/core/documents/save-generated-pdf.ts'
import { lockMatter } from './enquiry-context'
import { listEnquiries } from './list-enquiries'
import type { Viewer } from '#server/auth/viewer.ts'

export const REPLIES_FILENAME = 'Replies to enquiries.pdf'

/** The standard fonts encode WinAnsi only: typographic quotes become plain ones, anything else '?'. */
function winAnsi(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e\u00a0-\u00ff\n]/g, '?')
}

/** Builds the PDF bytes: A4 pages, wrapped text, page numbers. */
export async function renderRepliesPdf(opts: {
  address: string
  generatedAt: Date
  enquiries: Awaited<ReturnType<typeof listEnquiries>>['enquiries']
}): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  pdf.setTitle('Replies to pre-contract enquiries')
  pdf.setProducer('Homeward')
  pdf.setCreationDate(opts.generatedAt)
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const [W, H, M] = [595.28, 841.89, 56]
  let page = pdf.addPage([W, H])
  let y = H - M
  const line = (text: string, font = regular, size = 10, indent = 0, color = rgb(0.1, 0.1, 0.12)) => {
    const maxWidth = W - 2 * M - indent
    for (const para of winAnsi(text).split('\n')) {
      const words = para.split(/\s+/)
      let current = ''
      const flush = () => {
        if (y < M + size) {
          page = pdf.addPage([W, H])
          y = H - M
        }
        page.drawText(current, { x: M + indent, y, size, font, color })
        y -= size * 1.4
        current = ''
      }
      for (const word of words) {
        const next = current ? `${current} ${word}` : word
        if (font.widthOfTextAtSize(next, size) > maxWidth && current) {
          flush()
          current = word
        } else current = next
      }
      flush()
    }
  }
  line('Replies to pre-contract enquiries', bold, 18)
  line(opts.address, regular, 11)
  line(`Exported ${ukDateTime(opts.generatedAt)} (UK time) from Homeward`, regular, 9, 0, rgb(0.4, 0.4, 0.45))
  y -= 10
  if (opts.enquiries.length === 0) line('No enquiries have been raised on this matter.')
  for (const e of opts.enquiries) {
    y -= 6
    line(`Enquiry ${e.number}: ${ENQUIRY_CATEGORY_LABELS[e.category]} (${ENQUIRY_STATUS_LABELS[e.status]})`, bold, 12)
    line(
      `Raised ${ukDate(new Date(e.created_at))}${e.raised_by ? ` by ${e.raised_by.full_name}` : e.received?.from ? ` by ${e.received.from}` : ''}`,
      regular,
      9,
    )
    line(e.body ?? '', regular, 10, 12)
    for (const r of e.replies) {
      line(
        `${r.kind === 'reply' ? 'Reply' : 'Further enquiry'} - ${ukDate(new Date(r.created_at))}${r.author ? `, ${r.author.full_name}` : r.author_off_platform ? `, ${r.author_off_platform} (${NOT_ON_HOMEWARD})` : ''}`,
        bold,
        9,
        12,
      )
      line(r.body, regular, 10, 24)
    }
    if (e.replies.length === 0) line('Awaiting reply.', regular, 10, 12, rgb(0.4, 0.4, 0.45))
  }
  const pages = pdf.getPages()
  pages.forEach((p, i) =>
    p.drawText(`Page ${i + 1} of ${pages.length}`, { x: W - M - 60, y: M / 2, size: 8, font: regular }),
  )
  return pdf.save()
}

/** Writes a new version of the replies PDF to the Contracts folder; returns it. */
export async function exportReplies(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  txId: string
  ip: string | null
}): Promise<DocumentVersion> {
  const { database, storage, viewer, txId } = opts
  const listed = await listEnquiries({ database, viewer, txId })
  const my_part = listed.my_part
  // The PDF is filed for both sides: a draft (a client's answer not yet sent) is never in it.
  const enquiries = listed.enquiries.map((e) => ({ ...e, replies: e.replies.filter((r) => r.state === 'sent') }))
  if (my_part === 'viewer')
    throw new AppError('forbidden', "Only the matter's conveyancers export the replies to enquiries.")
  const prop = await database.db.execute(
    sql`select address_lines, postcode from properties where transaction_id = ${txId}`,
  )
  const p = firstRow(z.object({ address_lines: z.array(z.string()), postcode: z.string() }), prop)
  const address = p ? [...p.address_lines, p.postcode].join(', ') : ''
  const bytes = await renderRepliesPdf({ address, generatedAt: new Date(), enquiries })
  const stored = await storePdf(storage, txId, bytes)
  try {
    const docId = await database.db.transaction(async (tx) => {
      await lockMatter(tx, viewer, txId)
      const doc = await filePdf(tx, {
        txId,
        folder: 'Contracts',
        filename: REPLIES_FILENAME,
        stored,
        actorId: viewer.profileId,
        summary: `exported the replies to enquiries (${enquiries.length} ${enquiries.length === 1 ? 'enquiry' : 'enquiries'})`,
        // Replies to enquiries: both clients and both conveyancers (decision 051).
        audience: 'clients_and_conveyancers',
        ip: opts.ip,
      })
      return doc.id
    })
    return await getDocument({ database, viewer, txId, docId })
  } catch (err) {
    await stored.discard()
    throw err
  }
}
