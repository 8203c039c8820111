/**
 * The shape of one API endpoint in the catalogue: method, path, inputs and answers, as zod schemas.
 * Each feature's contract file lists its endpoints (`transactionEndpoints`, `chatEndpoints` ...);
 * the server builds its routes from them (OpenAPIHono's `openapi(endpoint, handler)` takes the same
 * object shape as `createRoute`), the OpenAPI document is generated from them, and the web client
 * calls through them (`callApi(endpoint, { params, query, body })`), so a path, an input or an answer
 * type is written once. Plain objects and zod only: no framework here (docs/decisions/017-endpoint-catalogue.md).
 */
import type { z } from 'zod'
import type { ApiScope } from '../domain/api-access'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

/**
 * A body or an answer: content type to schema, as in OpenAPI's content map, with an optional
 * `example` the OpenAPI document shows (tests parse every example with its schema).
 */
export type ContentMap = Record<string, { schema: z.ZodType; example?: unknown }>

/** One answer of an endpoint: what it means, and its body's schema when it has one. */
export interface ResponseSpec {
  description: string
  content?: ContentMap
}

/** One endpoint. `path` is below /api and names its parameters OpenAPI-style: `/transactions/{txId}`. */
export interface EndpointSpec {
  method: HttpMethod
  path: `/${string}`
  summary: string
  description?: string
  /** `PUBLIC` for an endpoint anyone may call; otherwise a session is required. */
  security?: Array<Record<string, string[]>>
  /**
   * The API token scopes that open this endpoint to `Authorization: Bearer` tokens (every one is
   * needed). Without `scopes` only a signed-in session may call it: account, two-factor and the
   * tokens themselves stay session only (docs/decisions/032-open-api-and-webhooks.md).
   */
  scopes?: readonly ApiScope[]
  request?: {
    params?: z.ZodType
    query?: z.ZodType
    headers?: z.ZodType
    body?: { required: boolean; content: ContentMap }
  }
  responses: Record<number, ResponseSpec>
}

/** Declares an endpoint; returns it unchanged, with its literal types kept for the server and the client. */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec
}

/**
 * OpenAPI's empty security requirement: no authentication. An endpoint with `security: PUBLIC` can be
 * called signed out (health, the directory, sign-in providers, an invitation's preview).
 */
export const PUBLIC: Array<Record<string, string[]>> = []

/** An answer with a JSON body: `{ description, content: { 'application/json': { schema } } }`. */
export function json<S extends z.ZodType>(description: string, schema: S, example?: z.input<S>) {
  return {
    description,
    content: { 'application/json': example === undefined ? { schema } : { schema, example } },
  }
}

/** A required JSON request body, with an example for the OpenAPI document when given. */
export function jsonBody<S extends z.ZodType>(schema: S, example?: z.input<S>) {
  return { required: true, content: { 'application/json': example === undefined ? { schema } : { schema, example } } }
}

/**
 * The error answers most endpoints share; their body is always ErrorBody (common.ts), which the
 * server checks outside production like any other answer.
 */
export const ERRORS = {
  400: { description: 'Invalid input: the message names the field' },
  401: { description: 'Not signed in' },
  404: { description: 'Not found, or not yours to see' },
  503: { description: 'Database unavailable' },
} as const

type SchemaOf<C> = C extends { 'application/json': { schema: infer S extends z.ZodType } } ? S : never
type SuccessStatus = 200 | 201 | 202 | 204
type JsonOf<R> = R extends { content: infer C } ? z.output<SchemaOf<C>> : void

/** The parsed body of an endpoint's success answer (2xx); `void` when it has none (204). */
export type EndpointResponse<E extends EndpointSpec> = JsonOf<
  E['responses'][Extract<keyof E['responses'], SuccessStatus>]
>

type RequestPart<E extends EndpointSpec, K extends 'params' | 'query'> =
  NonNullable<E['request']> extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : undefined

/** Path parameters of an endpoint, as the caller gives them (`{ txId }`); undefined when it has none. */
export type EndpointParams<E extends EndpointSpec> = RequestPart<E, 'params'>
/** Query parameters of an endpoint, as the caller gives them; undefined when it has none. */
export type EndpointQuery<E extends EndpointSpec> = RequestPart<E, 'query'>
/** The JSON body an endpoint takes, as the caller gives it (before defaults and transforms). */
export type EndpointBody<E extends EndpointSpec> =
  NonNullable<E['request']> extends { body: { content: infer C } }
    ? [SchemaOf<C>] extends [never]
      ? undefined
      : z.input<SchemaOf<C>>
    : undefined

/**
 * The URL of an endpoint below /api: `{name}` segments filled from `params` (each percent-encoded),
 * then `query` as a query string, leaving out undefined and null values. Throws when a path parameter
 * is missing, which is a programming error.
 */
export function endpointUrl<E extends EndpointSpec>(
  spec: E,
  options: { params?: EndpointParams<E>; query?: EndpointQuery<E> } = {},
): string {
  const params = (options.params ?? {}) as Record<string, unknown>
  const path = spec.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === null || value === '') {
      throw new Error(`${spec.method.toUpperCase()} ${spec.path}: path parameter '${name}' is missing`)
    }
    return encodeURIComponent(String(value))
  })
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(key, String(value))
  }
  const qs = search.toString()
  return `/api${path}${qs ? `?${qs}` : ''}`
}
