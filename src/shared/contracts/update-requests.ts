/**
 * Update requests: a buyer or seller asks their conveyancer for an update, at most once a
 * day per transaction; the conveyancer's next message on the move answers it.
 */
import { z } from 'zod'
import { UPDATE_REQUEST_NOTE_MAX_CHARS } from '../domain/chat'
import { Person, Timestamp, TransactionParams, Uuid } from './common'
import { displayText } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

/** POST /api/transactions/{txId}/update-requests: a buyer or seller asks their conveyancer for an update. */
export const CreateUpdateRequestInput = z.object({
  note: displayText()
    .trim()
    .max(UPDATE_REQUEST_NOTE_MAX_CHARS, `A note can be at most ${UPDATE_REQUEST_NOTE_MAX_CHARS} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
})
export type CreateUpdateRequestInput = z.input<typeof CreateUpdateRequestInput>

export const UpdateRequest = z.object({
  id: Uuid,
  requested_by: Person.nullable(),
  note: z.string().nullable(),
  created_at: Timestamp,
  answered_at: Timestamp.nullable(),
  answered_by: Person.nullable(),
})
export type UpdateRequest = z.infer<typeof UpdateRequest>

/**
 * GET /api/transactions/{txId}/update-requests: the latest 20; `next_allowed_at` is when the viewer may
 * ask again (null: now, or the viewer is not a buyer or seller).
 */
export const UpdateRequestListResponse = z.object({
  requests: z.array(UpdateRequest),
  can_request: z.boolean(),
  next_allowed_at: Timestamp.nullable(),
})
export type UpdateRequestListResponse = z.infer<typeof UpdateRequestListResponse>

/** The update-request endpoints. */
export const updateRequestEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/transactions/{txId}/update-requests',
    summary: 'Latest update requests on the transaction, and whether the viewer may ask now',
    request: { params: TransactionParams },
    responses: { 200: json('Requests', UpdateRequestListResponse), ...ERRORS },
  }),
  create: endpoint({
    method: 'post',
    path: '/transactions/{txId}/update-requests',
    summary: 'A buyer or seller asks their conveyancer for an update (once per 24 hours)',
    request: { params: TransactionParams, body: jsonBody(CreateUpdateRequestInput) },
    responses: {
      201: json('Requested', UpdateRequest),
      403: { description: 'Not the buyer or the seller' },
      409: { description: 'No conveyancer on their side yet' },
      429: { description: 'Asked within the last 24 hours; Retry-After in seconds' },
      ...ERRORS,
    },
  }),
}
