/**
 * The memorandum of sale: a one-page A4 PDF drawn with pdf-lib (as the enquiry replies and signing
 * certificates are) from the transaction's data (property, tenure, agreed price, seller, buyer, their
 * conveyancers, broker and agent), saved as a new version of "Memorandum of sale.pdf" in the Contracts
 * folder, and emailed to both sides and their conveyancers with the PDF attached and a link to it. Generating it ticks the
 * standard timeline's memorandum-of-sale task (when still open) with an audit entry, in the same
 * database transaction as the document. The sale's estate agent only (403 for others on it, 404 for
 * anyone not on it).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { MemorandumResponse } from '#shared/contracts/portfolio.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import { transactionPath } from '#shared/paths.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { Int8, oneRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { filePdf, storePdf, type StoredPdf } from '#server/core/documents/save-generated-pdf.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { touchTransaction } from '#server/core/timeline/touch-transaction.ts'
import type { WeeklyUpdateDelivery } from './weekly-update'

export const MEMORANDUM_FILENAME = 'Memorandum of sale.pdf'
const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 })

const Party = z.object({ role: z.string(), name: z.string(), email: z.string(), firm: z.string().nullable() })
type Party = z.infer<typeof Party>

export interface MemorandumData {
  address: string[]
  postcode: string
  tenure: string | null
  titleNumber: string | null
  pricePence: number | null
  parties: Party[]
}

/** The standard fonts encode WinAnsi only: typographic quotes become plain ones, anything else '?'. */
const winAnsi = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')

/** The PDF bytes of the memorandum: A4, one section per party, UK date and GBP. */
export async function renderMemorandumPdf(data: MemorandumData, generatedAt: Date): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  pdf.setTitle('Memorandum of sale')
  pdf.setProducer('Homeward')
  pdf.setCreationDate(generatedAt)
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const [W, H, M] = [595.28, 841.89, 56]
  const page = pdf.addPage([W, H])
  let y = H - M
  const line = (text: string, font = regular, size = 10, indent = 0) => {
    page.drawText(winAnsi(text), { x: M + indent, y, size, font, color: rgb(0.1, 0.1, 0.12) })
    y -= size * 1.5
  }
  line('Memorandum of sale', bold, 20)
  line(`Issued ${ukDate(generatedAt)} by the estate agent through Homeward`, regular, 9)
  y -= 8
  line('Property', bold, 12)
  for (const l of [...data.address, data.postcode]) line(l, regular, 10, 12)
  line(
    `Tenure: ${data.tenure ? data.tenure[0].toUpperCase() + data.tenure.slice(1) : 'to be confirmed'}`,
    regular,
    10,
    12,
  )
  if (data.titleNumber) line(`Title number: ${data.titleNumber}`, regular, 10, 12)
  line(
    `Agreed price: ${data.pricePence === null ? 'to be confirmed' : GBP.format(data.pricePence / 100)}`,
    bold,
    11,
    12,
  )
  line(
    'Subject to contract. This memorandum is not a contract and creates no obligation to buy or sell.',
    regular,
    9,
    12,
  )
  for (const role of [
    'seller',
    'buyer',
    'seller_conveyancer',
    'buyer_conveyancer',
    'mortgage_broker',
    'estate_agent',
  ]) {
    const people = data.parties.filter((p) => p.role === role)
    y -= 6
    line(participantRoleLabel(role), bold, 12)
    if (people.length === 0) line('Not yet appointed on Homeward', regular, 10, 12)
    for (const p of people) line(`${p.name}${p.firm ? `, ${p.firm}` : ''} - ${p.email}`, regular, 10, 12)
  }
  return pdf.save()
}

async function readMemorandumData(tx: Tx, txId: string): Promise<MemorandumData> {
  const res = await tx.execute(sql`
    select p.address_lines, p.postcode, p.tenure, p.title_number, t.agreed_price_pence,
      coalesce((select json_agg(json_build_object('role', x.role, 'name', x.full_name, 'email', x.email, 'firm', x.firm)
        order by x.role, x.full_name) from (
          select 'seller' as role, sp.full_name, sp.email, null as firm from profiles sp where sp.id = t.seller_user_id
          union select 'buyer', bp.full_name, bp.email, null from profiles bp where bp.id = t.buyer_user_id
          union select tp.role, pp.full_name, pp.email, o.name from transaction_participants tp
            join profiles pp on pp.id = tp.user_id left join organizations o on o.id = tp.organization_id
            where tp.transaction_id = t.id) x), '[]') as parties
    from transactions t left join properties p on p.transaction_id = t.id where t.id = ${txId}`)
  const row = oneRow(
    z.object({
      address_lines: z.array(z.string()).nullable(),
      postcode: z.string().nullable(),
      tenure: z.string().nullable(),
      title_number: z.string().nullable(),
      // bigint: text from node-postgres, a number from PGlite.
      agreed_price_pence: Int8.nullable(),
      parties: z.array(Party),
    }),
    res,
  )
  return {
    address: row.address_lines ?? ['Address to be confirmed'],
    postcode: row.postcode ?? '',
    tenure: row.tenure,
    titleNumber: row.title_number,
    pricePence: row.agreed_price_pence === null ? null : Number(row.agreed_price_pence),
    parties: row.parties,
  }
}

/** Generates, stores and sends the memorandum; ticks the memorandum-of-sale task. */
export async function generateMemorandum(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  txId: string
  delivery: WeeklyUpdateDelivery
  ip: string | null
  now?: Date
}): Promise<MemorandumResponse> {
  const { database, storage, viewer, txId } = opts
  const now = opts.now ?? new Date()
  // Set inside the transaction's callback, read after it fails: a holder, as a `let` would read as never assigned.
  const stored: { pdf: StoredPdf | null } = { pdf: null }
  try {
    return await database.db.transaction(async (tx) => {
      const { role } = await lockTransactionForViewer(tx, viewer, txId)
      if (role !== 'estate_agent')
        throw new AppError('forbidden', "Only the sale's estate agent can issue its memorandum of sale.")
      const data = await readMemorandumData(tx, txId)
      const bytes = await renderMemorandumPdf(data, now)
      const pdf = await storePdf(storage, txId, bytes)
      stored.pdf = pdf
      const { id: documentId, version } = await filePdf(tx, {
        txId,
        folder: 'Contracts',
        filename: MEMORANDUM_FILENAME,
        stored: pdf,
        actorId: viewer.profileId,
        summary: 'generated the memorandum of sale',
        // The memorandum of sale goes to everyone on the move (decision 051).
        audience: 'everyone',
        ip: opts.ip,
      })
      await tickTask(tx, {
        txId,
        task: { title: TASK_TITLES.memorandumOfSale, all: true },
        status: 'completed',
        actorId: viewer.profileId,
        reason: ' by issuing the memorandum of sale',
        payload: { documentId },
        ip: opts.ip,
        notify: opts.delivery,
      })
      await touchTransaction(tx, txId)
      const recipients = data.parties.filter((p) =>
        ['seller', 'buyer', 'seller_conveyancer', 'buyer_conveyancer'].includes(p.role),
      )
      const address = [data.address[0], data.postcode].filter(Boolean).join(', ')
      const link = `${opts.delivery.publicUrl}${transactionPath(txId, { tab: 'documents' })}`
      const sentTo = [...new Set(recipients.map((r) => r.email))]
      const pdfBase64 = Buffer.from(bytes).toString('base64')
      for (const email of sentTo) {
        const person = recipients.find((r) => r.email === email)!
        await enqueueMail(
          tx,
          {
            to: email,
            subject: `Memorandum of sale: ${address}`,
            text: [
              `Hello ${person.name},`,
              '',
              `${viewer.fullName} has issued the memorandum of sale for ${address}${data.pricePence === null ? '' : ` at ${GBP.format(data.pricePence / 100)}`}, subject to contract.`,
              '',
              `The memorandum is attached, and it is in the move's documents (Contracts, "${MEMORANDUM_FILENAME}", version ${version}): ${link}`,
            ].join('\n'),
            kind: 'portfolio.memorandum',
            transactionId: txId,
            attachments: [
              { filename: MEMORANDUM_FILENAME, contentType: 'application/pdf', content: pdfBase64, encoding: 'base64' },
            ],
          },
          { deliver: opts.delivery.deliverMail },
        )
      }
      return { document_id: documentId, filename: MEMORANDUM_FILENAME, version, sent_to: sentTo }
    })
  } catch (err) {
    // The transaction and its stored bytes fail together (the callback may have stored before failing).
    await stored.pdf?.discard()
    throw err
  }
}
