/**
 * GET /api/mortgages/{txId}/lender-pack?documents=id,id: the lender pack, one ZIP holding a generated
 * cover sheet (00-cover-sheet.pdf, drawn with pdf-lib: buyer, property details, the latest DIP, the
 * buyer's identity check result and the list of what is enclosed) and the chosen documents (payslips,
 * bank statements, identity documents ...) plus the latest DIP's own document, each under
 * `<folder>/v<version>-<file name>`, streamed from storage with yazl.
 *
 * Only documents the buyer shared with the broker can go in: documents on Homeward are visible per
 * move (features/documents), so 'shared with the broker' is 'a document of this move', the move the
 * viewer is the mortgage broker of (read-case.ts, sharedDocuments). Any other id refuses the whole pack
 * with 422 naming the rule, before anything is written or streamed. A file missing from storage
 * (demo rows have none) is named on the cover sheet as not enclosed. The download is recorded in the
 * move's audit trail (ids only).
 */
import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'
import { ZipFile } from 'yazl'
import { z } from 'zod'
import { LENDER_PACK_RULE, parsePackDocumentIds } from '#shared/contracts/mortgages.ts'
import { EMPLOYMENT_STATUS_LABELS, factFindSummary, londonDay, ukCalendarDate } from '#shared/domain/mortgages.ts'
import { ukDateTime } from '#shared/domain/uk-time.ts'
import { assertBrokerOnMove } from '#server/access/mortgages.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, Int8, rows, Timestamp } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { readCase } from './read-case'
import { documentAudienceFor } from '#server/access/transactions.ts'

interface PackFile {
  id: string
  folder: string
  filename: string
  version: number
  storage_key: string | null
  size_bytes: number | null
  /** Path inside the ZIP, or null when the stored file is missing. */
  path: string | null
}

/** A document asked for, as stored. */
const PackFileRow = z.object({
  id: z.string(),
  folder: z.string(),
  filename: z.string(),
  version: z.number(),
  storage_key: z.string().nullable(),
  size_bytes: Int8.nullable(),
})

/** The buyer's identity check task. */
const IdentityTask = z.object({ status: z.string(), completed_at: Timestamp.nullable() })

// The standard fonts encode WinAnsi only: anything else becomes '?' rather than failing the PDF.
const winAnsi = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')

// eslint-disable-next-line no-control-regex
const safe = (s: string) => s.replace(/[/\\:*?"<>|\u0000-\u001f\u007f]/g, '_').replace(/^\.+/, '_')

const gbp = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }).format(pence / 100)

/** `lender-pack-<surname or move>-<yyyy-mm-dd>.zip`. */
export function lenderPackFilename(buyerName: string | null, now = new Date()): string {
  const who =
    (buyerName ?? 'buyer')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'buyer'
  return `lender-pack-${who}-${londonDay(now)}.zip`
}

/** The cover sheet's text lines, grouped in sections: exported for tests. */
export function coverSheetSections(input: {
  brokerName: string
  generatedAt: Date
  c: Awaited<ReturnType<typeof readCase>>
  identity: { status: string; completed_at: Date | string | null } | null
  files: PackFile[]
}): { heading: string; lines: string[] }[] {
  const { c } = input
  const dip = c.dips[0]
  return [
    {
      heading: 'Applicant',
      lines: [
        `Buyer: ${c.buyer_name ?? 'not yet on the move'}`,
        ...(c.fact_find
          ? (() => {
              const s = factFindSummary(c.fact_find.data)
              const joint = c.fact_find.data.applicants
                .slice(1)
                .map((a) => a.name)
                .filter(Boolean)
              return [
                ...(joint.length ? [`Joint applicant${joint.length > 1 ? 's' : ''}: ${joint.join(', ')}`] : []),
                ...(s.employmentStatus ? [`Employment: ${EMPLOYMENT_STATUS_LABELS[s.employmentStatus]}`] : []),
                `Gross annual income (all applicants): ${gbp(s.grossAnnualIncomePence)}`,
                `Monthly commitments: ${gbp(s.monthlyCommitmentsPence)}`,
                `Deposit: ${gbp(s.depositPence)}`,
                ...(c.position
                  ? [
                      `Loan requested: ${gbp(c.position.mortgage_pence)}${c.position.loan_to_value_percent === null ? '' : ` (loan-to-value ${c.position.loan_to_value_percent}%)`}`,
                    ]
                  : []),
              ]
            })()
          : ['Fact find: not yet completed']),
      ],
    },
    {
      heading: 'Identity check',
      lines: [
        input.identity
          ? input.identity.status === 'completed'
            ? `Buyer ID and AML checks completed by the buyer's conveyancer${input.identity.completed_at ? ` on ${ukDateTime(new Date(input.identity.completed_at))}` : ''}`
            : "Buyer ID and AML checks not yet completed by the buyer's conveyancer"
          : 'No identity check on this move',
      ],
    },
    {
      heading: 'Property',
      lines: [
        c.property ? `${c.property.address_lines.join(', ')}, ${c.property.postcode}` : 'No property recorded',
        `Agreed price: ${c.agreed_price_pence === null ? 'not recorded' : gbp(c.agreed_price_pence)}`,
      ],
    },
    {
      heading: 'Decision in principle',
      lines: dip
        ? [
            `Lender: ${dip.lender}   Reference: ${dip.reference}`,
            `Amount: ${gbp(dip.amount_pence)} over ${Math.floor(dip.term_months / 12)} years${dip.term_months % 12 ? ` ${dip.term_months % 12} months` : ''}`,
            `Issued ${ukCalendarDate(dip.issued_on)}, expires ${ukCalendarDate(dip.expires_on)}`,
          ]
        : ['No decision in principle recorded'],
    },
    {
      heading: 'Enclosed',
      lines: input.files.length
        ? input.files.map(
            (f) =>
              `${f.path ?? `${f.folder}/${f.filename}`} (version ${f.version})${f.path ? '' : ' - NOT ENCLOSED: file not in storage'}`,
          )
        : ['No documents chosen'],
    },
  ]
}

async function coverSheetPdf(sections: { heading: string; lines: string[] }[], brokerName: string, at: Date) {
  const doc = await PDFDocument.create()
  doc.setTitle('Lender pack cover sheet')
  doc.setAuthor(winAnsi(brokerName))
  doc.setCreationDate(at)
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const ink = rgb(0.1, 0.14, 0.2)
  let page: PDFPage = doc.addPage([595, 842])
  let y = 780
  const line = (text: string, size: number, font: PDFFont) => {
    if (y < 60) {
      page = doc.addPage([595, 842])
      y = 780
    }
    let t = winAnsi(text)
    while (t.length > 4 && font.widthOfTextAtSize(t, size) > 495) t = `${t.slice(0, -4)}...`
    page.drawText(t, { x: 50, y, size, font, color: ink })
    y -= size + 6
  }
  line('Lender pack', 22, bold)
  line(`Prepared by ${brokerName} on ${ukDateTime(at)} through Homeward`, 10, regular)
  y -= 10
  for (const s of sections) {
    line(s.heading, 13, bold)
    for (const l of s.lines) line(l, 10, regular)
    y -= 8
  }
  return Buffer.from(await doc.save())
}

/**
 * Checks the request and returns the ZIP stream and its file name; throws before writing anything
 * (403/404 access, 422 a document not shared with the broker, 400 malformed ids).
 */
export async function buildLenderPack(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  txId: string
  documents: string | undefined
  now?: Date
}): Promise<{ stream: Readable; filename: string }> {
  const { database, storage, viewer, txId } = opts
  const now = opts.now ?? new Date()
  const parsed = parsePackDocumentIds(opts.documents)
  if ('error' in parsed) throw new AppError('validation_failed', parsed.error)
  const { c, files, identity } = await database.db.transaction(async (tx) => {
    await assertBrokerOnMove(tx, viewer, txId)
    const c = await readCase(tx, txId, viewer.profileId)
    const dipDocId = c.dips[0]?.document?.id
    const ids = [...new Set([...parsed.ids, ...(dipDocId ? [dipDocId] : [])])]
    const found = ids.length
      ? rows(
          PackFileRow,
          await tx.execute(sql`select id, folder, filename, version, storage_key, size_bytes from documents d
            where transaction_id = ${txId} and ${documentAudienceFor('d', viewer.profileId)} and id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) order by folder, filename, version`),
        ).map((f): PackFile => ({ ...f, size_bytes: f.size_bytes === null ? null : Number(f.size_bytes), path: null }))
      : []
    if (found.length !== ids.length) {
      const missing = ids.length - found.length
      throw new AppError(
        'unprocessable',
        `${LENDER_PACK_RULE}. ${missing === 1 ? '1 document' : `${missing} documents`} asked for ${missing === 1 ? 'is' : 'are'} not shared with you, so no pack was made.`,
      )
    }
    const idRes = await tx.execute(sql`
      select k.status, k.completed_at from tasks k join timeline_stages s on s.id = k.stage_id
      where s.transaction_id = ${txId} and k.title like 'Buyer ID and AML checks%' limit 1`)
    return { c, files: found, identity: firstRow(IdentityTask, idRes) ?? null }
  })
  const present = await Promise.all(files.map((f) => (f.storage_key ? storage.exists(f.storage_key) : false)))
  const used = new Set<string>()
  files.forEach((f, i) => {
    if (!present[i]) return
    let path = `${safe(f.folder)}/v${f.version}-${safe(f.filename)}`
    if (used.has(path)) path = `${path}-${f.id}`
    used.add(path)
    f.path = path
  })
  const brokerName = viewer.fullName
  const cover = await coverSheetPdf(
    coverSheetSections({ brokerName, generatedAt: now, c, identity, files }),
    brokerName,
    now,
  )
  await database.db.transaction(async (tx) => {
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'mortgage.lender_pack',
      summary: `downloaded a lender pack of ${files.length === 1 ? '1 document' : `${files.length} documents`}`,
      payload: { documentIds: files.map((f) => f.id) },
    })
  })

  const zip = new ZipFile()
  zip.addBuffer(cover, '00-cover-sheet.pdf', { mtime: now })
  for (const f of files) {
    if (!f.path || !f.storage_key) continue
    const key = f.storage_key
    zip.addReadStreamLazy(
      f.path,
      { mtime: now, compress: false, ...(f.size_bytes !== null ? { size: Number(f.size_bytes) } : {}) },
      (cb) => {
        storage.get(key).then(
          (o) => cb(null, o.body),
          // yazl's callback types want a stream even with an error; it reads none then.
          (err: Error) => cb(err, undefined as never),
        )
      },
    )
  }
  zip.end()
  // Typed as NodeJS.ReadableStream by @types/yazl; it is a PassThrough, so a Readable.
  const stream = zip.outputStream
  if (!(stream instanceof Readable)) throw new Error("yazl's output stream is not a Readable")
  zip.on('error', (err: Error) => stream.destroy(err))
  return { stream, filename: lenderPackFilename(c.buyer_name, now) }
}
