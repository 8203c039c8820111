/**
 * Property Data Trust Framework (PDTF v3) property packs: export a move as PDTF JSON, and start a
 * move from one. Schema: https://trust.propdata.org.uk/schemas/v3/pdtf-transaction.json (OPDA).
 */
import { z } from 'zod'
import { PARTICIPANT_ROLES } from '../domain/roles'
import { TENURES } from '../domain/statuses'
import { ERRORS, endpoint, json, jsonBody } from './endpoint'
import { TransactionParams, Uuid } from './common'

/** Largest pack an import takes: the API's 1 MB JSON limit, less room for the request around it. */
export const PDTF_IMPORT_MAX_BYTES = 1_000_000
/** The import's 413 (the API's body limit, src/server/app.ts), in the words the import dialog uses. */
export const PDTF_IMPORT_TOO_LARGE = 'This file is too large: a property pack can be at most 1 MB.'

/** A PDTF v3 transaction object; the server checks it against the schema. */
export const PdtfPack = z
  .record(z.string(), z.unknown(), { message: 'Choose a PDTF JSON file: its content must be one JSON object' })
  .meta({ description: 'A PDTF v3 transaction (https://trust.propdata.org.uk/schemas/v3/pdtf-transaction.json)' })

/** HM Land Registry title numbers: up to three letters, then digits (HD123456, K123456, 12345). */
export const TITLE_NUMBER_PATTERN = /^[A-Z]{0,3}\d{1,7}$/

/**
 * POST /api/transactions/pdtf-import. `tenure` is used only when the pack does not give it. The
 * agreed price is always the importer's: a pack's price (priceInformation) is a marketing price
 * ("Offers over", a guide or asking price) and is never taken as the agreed one (issue 39); without
 * `agreed_price` the import is refused with 422 naming the pack's marketing price.
 */
export const ImportPdtfInput = z.object({
  role: z.enum(PARTICIPANT_ROLES).extract(['buyer', 'seller'], { message: 'Choose whether you are buying or selling' }),
  pack: PdtfPack,
  tenure: z.enum(TENURES, { message: 'Choose freehold or leasehold' }).optional(),
  agreed_price: z.number().positive('Enter the agreed price in pounds').optional(),
})
export type ImportPdtfInput = z.input<typeof ImportPdtfInput>

/**
 * What the import noticed and did not refuse, in words: a date-time without a time-zone offset read as
 * UK time (Europe/London), a form the pack says is signed that lacks answers.
 */
const ImportWarnings = z.array(z.string())

export const ImportPdtfResponse = z.object({ id: Uuid, warnings: ImportWarnings })

/** POST /api/transactions/pdtf-import/preview: the pack checked as the import checks it, nothing created. */
export const PdtfPreviewInput = z.object({ pack: PdtfPack })
export type PdtfPreviewInput = z.input<typeof PdtfPreviewInput>

export const PdtfPreview = z.object({
  /** The address as the move would have it: lines, town and postcode, comma-separated. */
  address: z.string(),
  tenure: z.enum(TENURES).nullable(),
  title_number: z.string().nullable(),
  /** The pack's marketing price in pounds and its qualifier ("Offers over"); never the agreed price. */
  marketing_price: z.object({ amount: z.number(), qualifier: z.string().nullable() }).nullable(),
  /** The seller's forms the pack answers, and whether it carries their signature. */
  forms: z.array(
    z.object({
      form: z.enum(['ta6', 'ta10']),
      title: z.string(),
      status: z.enum(['draft', 'signed']),
      signed: z.object({ name: z.string(), at: z.string() }).nullable(),
    }),
  ),
  warnings: ImportWarnings,
})
export type PdtfPreview = z.infer<typeof PdtfPreview>

export const pdtfEndpoints = {
  exportPdtf: endpoint({
    method: 'get',
    path: '/transactions/{txId}/pdtf',
    summary: 'The move as a PDTF v3 transaction (property pack), as a JSON file download',
    description:
      'Address, UPRN, tenure, title number, price, participants with their PDTF roles (names only), ' +
      'searches and the timeline as milestones. Validates against the PDTF v3 transaction schema.',
    request: { params: TransactionParams },
    responses: {
      200: json(
        'The PDTF transaction (Content-Disposition: attachment; filename="pdtf-<postcode>-<date>.json")',
        PdtfPack,
      ),
      ...ERRORS,
    },
  }),
  previewPdtf: endpoint({
    method: 'post',
    path: '/transactions/pdtf-import/preview',
    summary: 'Check a PDTF v3 property pack as the import does, and say what it would bring in',
    description:
      'The shape limits, the PDTF schema (date-times without an offset read as UK time, with a warning) and the ' +
      "property data a move needs; answers the address, tenure, title number, the pack's marketing price (never " +
      'taken as the agreed price: the import asks for that), the TA6/TA10 answers it carries and the warnings.',
    request: { body: jsonBody(PdtfPreviewInput) },
    responses: {
      200: json('What the import would bring in', PdtfPreview),
      413: { description: 'The pack is over the 1 MB limit' },
      422: { description: 'The pack cannot be imported: the message and `fields.pack` say why, in words' },
      429: { description: 'Many packs are waiting for the schema check: try again after Retry-After seconds' },
      ...ERRORS,
    },
  }),
  importPdtf: endpoint({
    method: 'post',
    path: '/transactions/pdtf-import',
    summary: 'Start a move from a PDTF v3 property pack (you as the buyer or seller)',
    request: { body: jsonBody(ImportPdtfInput) },
    responses: {
      201: json("The new move, and the import's warnings", ImportPdtfResponse),
      413: { description: 'The pack is over the 1 MB limit' },
      422: {
        description:
          'The pack is over a shape limit (a list too long, nesting too deep, too many values: the message names ' +
          "where and the limit), fails the PDTF schema or lacks what a move needs; `fields.pack` lists the schema's errors",
      },
      429: { description: 'Many packs are waiting for the schema check: try again after Retry-After seconds' },
      ...ERRORS,
    },
  }),
}
