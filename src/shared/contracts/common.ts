import { z } from 'zod'
import { cleanJsonText, multiLine, singleLine } from '../domain/plain-text'
import { normalisePostcode, parsePostcode, POSTCODE_MESSAGE } from '../domain/postcode'

/** Error codes and the HTTP status each maps to at the edge (src/server/http/errors.ts). */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  database_unavailable: 503,
} as const
export type ErrorCode = keyof typeof ERROR_STATUS
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]

/**
 * Every API error body: `{ error: { code, message, fields?, request_id? } }`. `fields` maps a field
 * path to its messages; `request_id` is the request's id (its `X-Request-Id`), which the server's log
 * lines of that request carry: what a person quotes to support.
 */
export const ErrorBody = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
    request_id: z.string().optional(),
  }),
})
export type ErrorBody = z.infer<typeof ErrorBody>

// Any 8-4-4-4-12 hex id: PostgreSQL's uuid type accepts every such value, whatever its version bits.
export const Uuid = z.guid({ message: 'Must be a UUID' })

/** ISO 8601 timestamp with offset as sent by the API. */
export const Timestamp = z.string()

/** Path parameters of every endpoint under /transactions/{txId}. */
export const TransactionParams = z.object({ txId: Uuid })

/** A person as other people on a move see them: profile id and full name ('Former participant' once erased). */
export const Person = z.object({ id: z.string(), full_name: z.string() })
export type Person = z.infer<typeof Person>

/**
 * A one-line display string a person types and others later see (names, titles, references, a
 * token's name, a webhook's description): a z.string whose value goes through singleLine
 * (src/shared/domain/plain-text.ts, the profile-name rule) before its other checks, so control and
 * bidi characters are stripped, not refused. `params` as for z.string ({ message }). Every stored
 * free-text field of a request uses this or displayText: src/shared/contracts/display-text.test.ts
 * walks the catalogue for any that does not.
 */
export const displayLine = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(singleLine)

/**
 * A multi-line display string (chat messages, enquiries and replies, notes, reviews): like
 * displayLine but through multiLine, which keeps line breaks and tabs.
 */
export const displayText = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(multiLine)

/**
 * Structured free text: a JSON object (a property form's answers) with multiLine applied to every
 * string in it, keys included.
 */
export const displayJson = () => z.record(z.string(), z.unknown()).overwrite(cleanJsonText)

/**
 * A UK postcode by the one rule of every form (shared/domain/postcode.ts): any case and spacing,
 * GIR 0AA and BFPO numbers accepted, impossible outward codes (QA1) refused; normalised
 * ('sw1a  1aa' -> 'SW1A 1AA').
 */
export function ukPostcode(message: string = POSTCODE_MESSAGE) {
  return z
    .string({ message })
    .refine((v) => parsePostcode(v) !== null, message)
    .transform((v) => normalisePostcode(v)!)
}
