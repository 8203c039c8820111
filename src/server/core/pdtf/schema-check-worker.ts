/**
 * The worker thread that checks PDTF packs against the schema (schema-check.ts starts it and holds
 * its time budget). For each pack, in order:
 *   { id, kind: 'valid' }                  the quick check (early exit) passed: nothing more to do;
 *   { id, kind: 'first', errors }          the quick check failed: the first problem(s) in words;
 *   { id, kind: 'all', errors }            then every problem (up to 20), from the full check;
 *   { id, kind: 'crashed', message }       a check threw (a RangeError from a stack overflow, say).
 * It says { kind: 'ready' } once, when both validators are built.
 */
import { parentPort } from 'node:worker_threads'
import { pdtfSchemaErrors, preparePdtfValidators, quickPdtfSchemaErrors } from './pdtf-schema'

/** What the server sends: one pack, as JSON text (a copy of a string costs less than of the object). */
export type SchemaCheckJob = { id: number; json: string }
/** What the worker answers, in the order above. */
export type SchemaCheckMessage =
  | { kind: 'ready' }
  | { id: number; kind: 'valid' }
  | { id: number; kind: 'first' | 'all'; errors: string[] }
  | { id: number; kind: 'crashed'; message: string }

const port = parentPort
if (!port) throw new Error('schema-check-worker.ts runs only as a worker thread (schema-check.ts starts it)')
const post = (message: SchemaCheckMessage) => port.postMessage(message)

preparePdtfValidators()

port.on('message', ({ id, json }: SchemaCheckJob) => {
  try {
    const pack: unknown = JSON.parse(json)
    const first = quickPdtfSchemaErrors(pack)
    if (!first.length) return post({ id, kind: 'valid' })
    post({ id, kind: 'first', errors: first })
    post({ id, kind: 'all', errors: pdtfSchemaErrors(pack) })
  } catch (err) {
    post({ id, kind: 'crashed', message: err instanceof Error ? `${err.name}: ${err.message}` : String(err) })
  }
})

post({ kind: 'ready' })
