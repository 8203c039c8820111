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
 * POST /api/transactions/pdtf-import. `tenure` and `agreed_price` are used only when the pack does not
 * give them (PDTF makes both optional; a Homeward move needs them).
 */
export const ImportPdtfInput = z.object({
  role: z.enum(PARTICIPANT_ROLES).extract(['buyer', 'seller'], { message: 'Choose whether you are buying or selling' }),
  pack: PdtfPack,
  tenure: z.enum(TENURES, { message: 'Choose freehold or leasehold' }).optional(),
  agreed_price: z.number().positive('Enter the agreed price in pounds').optional(),
})
export type ImportPdtfInput = z.input<typeof ImportPdtfInput>

export const ImportPdtfResponse = z.object({ id: Uuid })

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
  importPdtf: endpoint({
    method: 'post',
    path: '/transactions/pdtf-import',
    summary: 'Start a move from a PDTF v3 property pack (you as the buyer or seller)',
    request: { body: jsonBody(ImportPdtfInput) },
    responses: {
      201: json('The new move', ImportPdtfResponse),
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
