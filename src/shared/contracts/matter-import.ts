/**
 * Importing matters from a CSV (issue 37 item 9): the file's columns, its limits, the template, and
 * the one parser and row check used by the web app's preview and by the server's import (POST
 * /api/matters/import), so the preview shows exactly the errors the import reports. Each row is
 * checked by OpenMatterInput, the schema of opening one matter, after forgiving spreadsheet habits:
 * "£425,000" for a price, "Buyer" for a side, 26/02/2027 for a date. Rows are numbered as a
 * spreadsheet numbers them: the heading row is row 1, the first matter row 2.
 * CSV parsing by Papa Parse (RFC 4180: quoted fields, commas and line breaks inside quotes).
 */
import Papa from 'papaparse'
import { z } from 'zod'
import { Uuid } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'
import { OpenMatterInput, type OpenMatterData } from './firms'

/** The columns of the CSV, in the template's order, with what each holds. */
export const MATTER_IMPORT_COLUMNS = [
  { key: 'reference', label: 'Your file reference (optional, up to 40 characters, unique in your firm)' },
  { key: 'address_line_1', label: 'First line of the address' },
  { key: 'address_line_2', label: 'Second line of the address (optional)' },
  { key: 'town', label: 'Town or city' },
  { key: 'postcode', label: 'UK postcode' },
  { key: 'agreed_price', label: 'Agreed price in pounds, e.g. 425000 or £425,000' },
  { key: 'tenure', label: 'freehold or leasehold' },
  { key: 'side', label: 'buyer or seller: the side your firm acts for' },
  { key: 'client_name', label: "Client's full name" },
  { key: 'client_email', label: "Client's email (they are invited to their move)" },
  { key: 'target_exchange_date', label: 'Target exchange date (optional), 2027-02-26 or 26/02/2027' },
  { key: 'target_completion_date', label: 'Target completion date (optional), 2027-03-12 or 12/03/2027' },
] as const
export type MatterImportColumn = (typeof MATTER_IMPORT_COLUMNS)[number]['key']

const REQUIRED_COLUMNS: readonly MatterImportColumn[] = [
  'address_line_1',
  'town',
  'postcode',
  'agreed_price',
  'tenure',
  'side',
  'client_name',
  'client_email',
]

/** At most this many matters in one file. */
export const MATTER_IMPORT_MAX_ROWS = 500
/** At most this many bytes of CSV (500 KB): 500 rows of generous width. */
export const MATTER_IMPORT_MAX_BYTES = 500 * 1024

/** The template the dialog offers: the headings and one example row. */
export const MATTER_IMPORT_TEMPLATE =
  MATTER_IMPORT_COLUMNS.map((c) => c.key).join(',') +
  '\r\nSMP/2026/0412,12 Clarence Road,,St Albans,AL1 4NG,425000,freehold,buyer,Helen Brooks,helen.brooks@example.com,2027-02-26,2027-03-12\r\n'

/** One row of the file as checked: its spreadsheet row number and either the input or the errors. */
export type CheckedImportRow =
  | { row: number; ok: true; input: OpenMatterData; reference: string | null; address: string }
  | { row: number; ok: false; errors: string[]; reference: string | null; address: string }

/** The whole file as checked, or why it cannot be imported at all. */
export type CheckedImport = { ok: true; rows: CheckedImportRow[] } | { ok: false; error: string }

const COLUMN_LABEL: Record<string, string> = {
  reference: 'Reference',
  address_line_1: 'Address line 1',
  address_line_2: 'Address line 2',
  town: 'Town',
  postcode: 'Postcode',
  agreed_price: 'Price',
  tenure: 'Tenure',
  side: 'Side',
  client_name: 'Client name',
  client_email: 'Client email',
  target_exchange_date: 'Target exchange',
  target_completion_date: 'Target completion',
}

/** A heading as written ("Client email", "client_email ") to its column key. */
function headingKey(heading: string): string {
  return heading
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
}

/** dd/mm/yyyy (the UK way spreadsheets write dates) to yyyy-mm-dd; anything else unchanged. */
function isoDate(value: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value)
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : value
}

/** The raw cells of one row as the fields OpenMatterInput takes. */
function rowInput(cells: Record<string, string>): Record<string, unknown> {
  const lower = (v: string | undefined) => (v ?? '').trim().toLowerCase()
  const side = lower(cells.side).replace(/[’']s?\s*(conveyancer|side)?$/, '')
  const price = (cells.agreed_price ?? '').replace(/[£,\s]/g, '')
  return {
    reference: cells.reference ?? '',
    address_line_1: cells.address_line_1 ?? '',
    address_line_2: cells.address_line_2 ?? '',
    town: cells.town ?? '',
    postcode: cells.postcode ?? '',
    agreed_price: price === '' ? undefined : price,
    tenure: lower(cells.tenure) || undefined,
    side: side || undefined,
    client_name: (cells.client_name ?? '').trim(),
    client_email: (cells.client_email ?? '').trim(),
    target_exchange_date: isoDate((cells.target_exchange_date ?? '').trim()),
    target_completion_date: isoDate((cells.target_completion_date ?? '').trim()),
  }
}

/**
 * Parses and checks a CSV of matters. The whole file is refused (ok: false, with a sentence saying
 * what to fix) when it is too large, has no matter rows or more than MATTER_IMPORT_MAX_ROWS, lacks a
 * required column, or has a column we do not know. Otherwise every row is checked on its own by
 * OpenMatterInput; a reference used twice in the file is an error on its second row. Blank lines
 * are skipped (but counted, so row numbers match the spreadsheet).
 */
export function checkMatterCsv(text: string): CheckedImport {
  if (new TextEncoder().encode(text).length > MATTER_IMPORT_MAX_BYTES) {
    return {
      ok: false,
      error: `This file is larger than 500 KB. Split it into files of at most ${MATTER_IMPORT_MAX_ROWS} matters.`,
    }
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false })
  const lines = parsed.data
  const header = (lines[0] ?? []).map(headingKey)
  if (header.length === 0 || header.every((h) => h === '')) {
    return {
      ok: false,
      error: 'This file is empty. Download the template, fill in one row per matter and choose it again.',
    }
  }
  const known = new Set<string>(MATTER_IMPORT_COLUMNS.map((c) => c.key))
  const unknown = header.filter((h) => h !== '' && !known.has(h))
  if (unknown.length) {
    return {
      ok: false,
      error: `This file has a column we do not know: ${unknown.join(', ')}. Use the headings of the template.`,
    }
  }
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c))
  if (missing.length) {
    return {
      ok: false,
      error: `This file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. Use the headings of the template.`,
    }
  }
  const body = lines
    .slice(1)
    .map((cells, i) => ({ cells, row: i + 2 }))
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''))
  if (body.length === 0) return { ok: false, error: 'This file has headings but no matters. Add one row per matter.' }
  if (body.length > MATTER_IMPORT_MAX_ROWS) {
    return {
      ok: false,
      error: `This file has ${body.length} matters; at most ${MATTER_IMPORT_MAX_ROWS} can be imported at once. Split it into smaller files.`,
    }
  }
  const seen = new Map<string, number>()
  const rows = body.map(({ cells, row }): CheckedImportRow => {
    const record: Record<string, string> = {}
    header.forEach((key, i) => {
      if (key) record[key] = cells[i] ?? ''
    })
    const reference = record.reference?.trim() || null
    const address = [record.address_line_1, record.town, record.postcode]
      .map((v) => v?.trim())
      .filter(Boolean)
      .join(', ')
    const result = OpenMatterInput.safeParse(rowInput(record))
    const errors = result.success
      ? []
      : result.error.issues.map((issue) => {
          const field = String(issue.path[0] ?? '')
          return `${COLUMN_LABEL[field] ?? field}: ${issue.message}`
        })
    if (cells.length > header.length && cells.slice(header.length).some((c) => c.trim() !== '')) {
      errors.push('This row has more cells than there are headings: check for a comma in an unquoted value.')
    }
    if (reference) {
      const key = reference.toLowerCase()
      const first = seen.get(key)
      if (first !== undefined) errors.push(`Reference: ${reference} is already used on row ${first} of this file`)
      else seen.set(key, row)
    }
    if (!result.success || errors.length) return { row, ok: false, errors, reference, address }
    return { row, ok: true, input: result.data, reference, address }
  })
  return { ok: true, rows }
}

/** POST /api/matters/import: the CSV's text; with dry_run, only checked (nothing is created). */
export const ImportMattersInput = z.object({
  csv: z
    .string({ message: 'Send the CSV as text in "csv"' })
    .min(1, 'The CSV is empty')
    .max(MATTER_IMPORT_MAX_BYTES, 'This file is larger than 500 KB'),
  dry_run: z.boolean().default(false),
})
export type ImportMattersInput = z.input<typeof ImportMattersInput>

/** One row's outcome: created (with its ids), valid (a dry run), or refused with its errors. */
export const ImportedRow = z.object({
  row: z.number().int(),
  status: z.enum(['created', 'valid', 'error']),
  reference: z.string().nullable(),
  address: z.string(),
  errors: z.array(z.string()),
  matter_id: Uuid.nullable(),
  transaction_id: Uuid.nullable(),
})
export type ImportedRow = z.infer<typeof ImportedRow>

export const ImportMattersResponse = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  errors: z.number().int(),
  rows: z.array(ImportedRow),
})
export type ImportMattersResponse = z.infer<typeof ImportMattersResponse>

const IMPORT_EXAMPLE_CSV =
  MATTER_IMPORT_COLUMNS.map((c) => c.key).join(',') +
  '\nSMP/2026/0412,12 Clarence Road,,St Albans,AL1 4NG,425000,freehold,buyer,Helen Brooks,helen.brooks@example.com,,\n' +
  'SMP/2026/0413,3 Mill Lane,,Harpenden,AL5 9ZZZ,310000,leasehold,seller,Omar Khan,omar.khan@example.com,,\n'

export const matterImportEndpoints = {
  importMatters: endpoint({
    method: 'post',
    path: '/matters/import',
    summary: 'Import matters from a CSV: each row opened as its own matter, or reported with its errors',
    description:
      'The CSV has the headings of the template (reference, address_line_1, address_line_2, town, postcode, ' +
      'agreed_price, tenure, side, client_name, client_email, target_exchange_date, target_completion_date), ' +
      `at most ${MATTER_IMPORT_MAX_ROWS} rows and 500 KB. Each valid row is opened as by POST /api/matters, in ` +
      'its own database transaction, so a row either exists whole or not at all; each client is invited by ' +
      'email. Rows are numbered as a spreadsheet numbers them (headings are row 1). With dry_run nothing is created.',
    scopes: ['matters:write'],
    request: { body: jsonBody(ImportMattersInput, { csv: IMPORT_EXAMPLE_CSV, dry_run: false }) },
    responses: {
      200: json('Each row: created, or its errors', ImportMattersResponse, {
        dry_run: false,
        created: 1,
        errors: 1,
        rows: [
          {
            row: 2,
            status: 'created',
            reference: 'SMP/2026/0412',
            address: '12 Clarence Road, St Albans, AL1 4NG',
            errors: [],
            matter_id: '3f1c2a4e-8a7b-4c1d-9e2f-5a6b7c8d9e0f',
            transaction_id: '7d2e4f6a-1b3c-4d5e-8f9a-0b1c2d3e4f5a',
          },
          {
            row: 3,
            status: 'error',
            reference: 'SMP/2026/0413',
            address: '3 Mill Lane, Harpenden, AL5 9ZZZ',
            errors: ['Postcode: Enter a valid UK postcode, like SW1A 1AA'],
            matter_id: null,
            transaction_id: null,
          },
        ],
      }),
      403: { description: 'Not an admin or fee earner of a conveyancing firm, or a token without matters:write' },
      422: { description: 'The file as a whole cannot be imported: too many rows, a missing or unknown column' },
      ...ERRORS,
    },
  }),
}
