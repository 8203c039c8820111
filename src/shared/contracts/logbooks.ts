/**
 * The home logbook: made for the buyer at completion from the move's handed-over documents and its
 * PDTF data, kept after the move is archived, with the owner's maintenance record; the starting
 * property pack when they sell (src/shared/domain/logbook.ts). Only the owner sees a logbook.
 */
import { z } from 'zod'
import { LOGBOOK_DOCUMENT_CATEGORIES, MAINTENANCE_KINDS } from '../domain/logbook'
import { TENURES } from '../domain/statuses'
import { Uuid } from './common'
import { displayLine, displayText } from './common'
import { ERRORS, endpoint, json, jsonBody } from './endpoint'

export const LogbookParams = z.object({ logbookId: Uuid })
export const LogbookDocumentParams = z.object({ logbookId: Uuid, docId: Uuid })
export const LogbookEntryParams = z.object({ logbookId: Uuid, entryId: Uuid })

export const LogbookSummary = z.object({
  id: Uuid,
  address_lines: z.array(z.string()),
  postcode: z.string(),
  completed_on: z.string().nullable(),
  document_count: z.number().int(),
  entry_count: z.number().int(),
  /** Set once the home was sold on and the logbook handed to the next owner. */
  handed_over_at: z.string().nullable(),
})
export type LogbookSummary = z.infer<typeof LogbookSummary>

export const LogbooksResponse = z.object({ logbooks: z.array(LogbookSummary) })
export type LogbooksResponse = z.infer<typeof LogbooksResponse>

export const LogbookDocument = z.object({
  id: Uuid,
  category: z.enum(LOGBOOK_DOCUMENT_CATEGORIES),
  filename: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  /** Handed over from the move (true) or added by the owner (false). */
  handed_over: z.boolean(),
  created_at: z.string(),
})
export type LogbookDocument = z.infer<typeof LogbookDocument>

export const LogbookEntry = z.object({
  id: Uuid,
  kind: z.enum(MAINTENANCE_KINDS),
  title: z.string(),
  done_on: z.string(),
  cost_pence: z.number().int().nullable(),
  contractor: z.string().nullable(),
  notes: z.string().nullable(),
  document_id: Uuid.nullable(),
  /** The previous owner's name when the entry came with the home. */
  from_previous_owner: z.string().nullable(),
  created_at: z.string(),
})
export type LogbookEntry = z.infer<typeof LogbookEntry>

export const LogbookDetail = z.object({
  id: Uuid,
  address_lines: z.array(z.string()),
  postcode: z.string(),
  uprn: z.string().nullable(),
  tenure: z.enum(TENURES).nullable(),
  title_number: z.string().nullable(),
  completed_on: z.string().nullable(),
  price_pence: z.number().int().nullable(),
  purchase_transaction_id: Uuid.nullable(),
  sale_transaction_id: Uuid.nullable(),
  handed_over_at: z.string().nullable(),
  /** Whether a previous owner's logbook came with the home. */
  from_previous_owner: z.boolean(),
  documents: z.array(LogbookDocument),
  entries: z.array(LogbookEntry),
})
export type LogbookDetail = z.infer<typeof LogbookDetail>

const optionalText = (max: number, label: string, text = displayLine) =>
  text()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()

/** POST /api/logbooks/{logbookId}/entries: one piece of work on the home. */
export const AddLogbookEntryInput = z.object({
  kind: z.enum(MAINTENANCE_KINDS, { message: 'Choose what kind of work it was' }),
  title: displayLine({ message: 'Say what was done' })
    .trim()
    .min(1, 'Say what was done')
    .max(200, 'What was done must be at most 200 characters'),
  done_on: z.iso
    .date({ message: 'Enter the date the work was done' })
    .refine(
      (d) => d <= new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10),
      'The date cannot be in the future',
    ),
  cost_pence: z
    .number({ message: 'Enter the cost in pounds' })
    .int()
    .min(0, 'The cost cannot be negative')
    .max(100_000_000, 'The cost must be at most £1,000,000')
    .nullable()
    .optional(),
  contractor: optionalText(120, 'Who did it'),
  notes: optionalText(4000, 'Notes', displayText),
  document_id: Uuid.nullable().optional(),
})
export type AddLogbookEntryInput = z.input<typeof AddLogbookEntryInput>

/** Query of the raw-body upload: POST /api/logbooks/{logbookId}/documents?category=&filename=. */
export const UploadLogbookDocumentQuery = z.object({
  category: z.enum(LOGBOOK_DOCUMENT_CATEGORIES, { message: 'Choose a category for the document' }),
  filename: z.string().trim().min(1, 'Give the file a name').max(255, 'The file name is too long'),
})

export const LogbookFileQuery = z.object({ disposition: z.enum(['inline', 'attachment']).default('attachment') })

/** POST /api/logbooks/{logbookId}/sale: start selling the home, with the logbook as the property pack. */
export const StartSaleInput = z.object({
  agreed_price: z.coerce
    .number({ message: 'Enter the agreed price in pounds' })
    .positive('Enter the agreed price in pounds')
    .max(100_000_000, 'The price must be at most £100,000,000'),
  /** Needed only when the logbook does not know the tenure. */
  tenure: z.enum(TENURES, { message: 'Choose freehold or leasehold' }).optional(),
})
export type StartSaleInput = z.input<typeof StartSaleInput>

export const logbookEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/logbooks',
    summary: "The viewer's home logbooks, newest first",
    responses: { 200: json('Logbooks', LogbooksResponse), ...ERRORS },
  }),
  one: endpoint({
    method: 'get',
    path: '/logbooks/{logbookId}',
    summary: 'One logbook: the home, its handed-over and added documents, and the maintenance record',
    request: { params: LogbookParams },
    responses: { 200: json('Logbook', LogbookDetail), ...ERRORS },
  }),
  pdtf: endpoint({
    method: 'get',
    path: '/logbooks/{logbookId}/pdtf',
    summary: "The home's PDTF v3 data as it stood at completion (a download)",
    request: { params: LogbookParams },
    responses: { 200: json('PDTF v3 transaction', z.record(z.string(), z.unknown())), ...ERRORS },
  }),
  upload: endpoint({
    method: 'post',
    path: '/logbooks/{logbookId}/documents',
    summary: 'Add a document to the logbook (the file is the raw request body)',
    description: 'Send the file bytes as the body; PDF, JPEG, PNG, HEIC or Word (.docx), decided by magic bytes.',
    request: { params: LogbookParams, query: UploadLogbookDocumentQuery },
    responses: {
      201: json('The document', LogbookDocument),
      413: { description: 'Larger than the upload limit' },
      415: { description: 'Not a PDF, JPEG, PNG, HEIC or Word (.docx) file' },
      ...ERRORS,
    },
  }),
  file: endpoint({
    method: 'get',
    path: '/logbooks/{logbookId}/documents/{docId}/file',
    summary: "A logbook document's bytes (the owner only)",
    request: { params: LogbookDocumentParams, query: LogbookFileQuery },
    responses: { 200: { description: 'The file, with nosniff and an RFC 6266 Content-Disposition' }, ...ERRORS },
  }),
  removeDocument: endpoint({
    method: 'delete',
    path: '/logbooks/{logbookId}/documents/{docId}',
    summary: 'Remove a document from the logbook (the move keeps its own copy)',
    request: { params: LogbookDocumentParams },
    responses: { 204: { description: 'Removed' }, ...ERRORS },
  }),
  addEntry: endpoint({
    method: 'post',
    path: '/logbooks/{logbookId}/entries',
    summary: 'Record work done on the home',
    request: { params: LogbookParams, body: jsonBody(AddLogbookEntryInput) },
    responses: { 201: json('The entry', LogbookEntry), ...ERRORS },
  }),
  removeEntry: endpoint({
    method: 'delete',
    path: '/logbooks/{logbookId}/entries/{entryId}',
    summary: 'Remove an entry of the maintenance record',
    request: { params: LogbookEntryParams },
    responses: { 204: { description: 'Removed' }, ...ERRORS },
  }),
  startSale: endpoint({
    method: 'post',
    path: '/logbooks/{logbookId}/sale',
    summary: 'Start selling the home: a new move with the logbook as its property pack',
    request: { params: LogbookParams, body: jsonBody(StartSaleInput) },
    responses: {
      201: json('The new move', z.object({ id: Uuid })),
      409: { description: 'A sale was already started from this logbook, or it was handed over' },
      ...ERRORS,
    },
  }),
}
