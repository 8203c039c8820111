/**
 * Outside production, every answer of a catalogue endpoint is checked against its contract before it
 * leaves: its status must be one the endpoint declares (any error status is allowed, its body must be
 * ErrorBody), a declared JSON answer must parse with its zod schema, and an answer declared without
 * a JSON body must not send one. A mismatch is logged naming the endpoint and the zod issues, and the
 * answer becomes a 500 saying the same, so every integration and end-to-end test checks every answer
 * it receives. In production nothing is parsed: the database-built JSON goes out as it is.
 */
import { gunzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { ErrorBody } from '#shared/contracts/common.ts'
import type { EndpointSpec } from '#shared/contracts/endpoint.ts'
import type { Logger } from '../logger'
import { errorBody } from './errors'
import type { AppEnv } from './router'

const JSON_TYPE = /^\s*application\/json\b/i

/** What is wrong with an answer of `spec`, in words naming the zod issues, or null when it keeps the contract. */
export async function contractProblem(spec: EndpointSpec, res: Response): Promise<string | null> {
  const declared = spec.responses[res.status]
  if (!declared && res.status < 400) {
    return `status ${res.status} is not one it declares (${Object.keys(spec.responses).join(', ')})`
  }
  const type = res.headers.get('content-type') ?? ''
  const isJson = JSON_TYPE.test(type)
  const schema = declared?.content?.['application/json']?.schema ?? (res.status >= 400 ? ErrorBody : undefined)
  if (!schema) return isJson ? `status ${res.status} declares no JSON body, but one was sent` : null
  if (!isJson) return `status ${res.status} declares a JSON body, but '${type || 'no content type'}' was sent`
  // An answer its route encoded already (jsonText's gzip, http/compression.ts) is checked decoded.
  const raw = new Uint8Array(await res.clone().arrayBuffer())
  const text = new TextDecoder().decode(
    /^\s*gzip\s*$/i.test(res.headers.get('content-encoding') ?? '') ? gunzipSync(raw) : raw,
  )
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `status ${res.status} sent a body that is not JSON: ${text.slice(0, 200)}`
  }
  const parsed = schema.safeParse(body)
  return parsed.success ? null : z.prettifyError(parsed.error)
}

/** The middleware: after the route answered, checks the answer of the endpoint it recorded (router.ts). */
export function validateResponses(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    const spec = c.get('endpoint')
    if (!spec || c.req.method === 'HEAD') return
    const status = c.res.status
    const problem = await contractProblem(spec, c.res)
    if (!problem) return
    const where = `${spec.method.toUpperCase()} /api${spec.path}`
    log.error(`answer breaks its contract: ${where} (${status}): ${problem}`)
    c.res = new Response(
      JSON.stringify(errorBody('internal', `The answer of ${where} (${status}) breaks its contract: ${problem}`)),
      { status: 500, headers: { 'Content-Type': 'application/json; charset=utf-8' } },
    )
    // Hono carries the replaced answer's headers over; not its encoding or length, which were its body's.
    c.res.headers.delete('Content-Encoding')
    c.res.headers.delete('Content-Length')
  }
}
