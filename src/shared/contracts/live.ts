/**
 * Live updates: each change on a transaction, sent to the people on it as it commits, over
 * Server-Sent Events. The web app refetches what the change touched.
 */
import { z } from 'zod'
import { Timestamp, TransactionParams } from './common'
import { endpoint, ERRORS } from './endpoint'

/**
 * A change on a transaction, as sent on its live event stream; `seq` is the SSE event id. `kind` is
 * the audit entry's kind ('task.completed'): an open set, see activity.ts.
 */
export const LiveEvent = z.object({
  seq: z.number().int(),
  kind: z.string(),
  actor_id: z.string().nullable(),
  created_at: Timestamp,
  payload: z.record(z.string(), z.unknown()),
})
export type LiveEvent = z.infer<typeof LiveEvent>

/** The live endpoints. */
export const liveEndpoints = {
  events: endpoint({
    method: 'get',
    path: '/transactions/{txId}/events',
    summary:
      'Server-Sent Events: each change on the transaction as it commits (event "activity", id = seq); resumes after Last-Event-ID',
    request: { params: TransactionParams },
    responses: {
      200: { description: 'Event stream', content: { 'text/event-stream': { schema: LiveEvent } } },
      ...ERRORS,
    },
  }),
}
