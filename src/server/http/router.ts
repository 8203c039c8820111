/**
 * Shared pieces of every feature router: the request environment (the viewer), the dependencies
 * handed to features, and an OpenAPIHono whose routes come from the endpoint catalogue
 * (src/shared/contracts), require a session before anything else unless declared `security: PUBLIC`,
 * answer 400 naming the field when their input is invalid, and record which endpoint answered so that
 * its answer can be checked against the contract (validate-responses.ts).
 */
import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler, TypedResponse } from 'hono'
import type { JSONParsed } from 'hono/utils/types'
import type { EndpointSpec } from '#shared/contracts/endpoint.ts'
import type { Auth } from '../auth/auth'
import type { Viewer } from '../auth/viewer'
import type { Config } from '../config'
import type { Database, JsonText } from '../db/client'
import type { Logger } from '../logger'
import type { Lifecycle } from '../platform/lifecycle'
import type { MailService } from '../platform/mail/mail-service'
import type { RealtimeHub } from '../platform/realtime/realtime-hub'
import type { SandboxWebhookDispatcher } from '../providers/webhooks/sandbox-webhooks'
import type { ClientInfo } from '#server/auth/client-info.ts'
import { requireTokenScopes } from '../access/api-access'
import { AppError, validationError } from '#server/core/errors.ts'
import { errorBody } from './errors'
import { JSON_UTF8, jsonAnswer } from './compression'
import { outgoingOf } from './preset-headers'

/**
 * What the app's middleware sets on every request: the viewer (null when signed out; a route of
 * createRouter() not declared PUBLIC never runs without one) and the client's address and user agent.
 */
export interface AppEnv {
  Variables: {
    viewer: Viewer | null
    client: ClientInfo
    /** This request's id (http/request-context.ts): echoed in X-Request-Id, in error bodies and log lines. */
    requestId: string
    /** The catalogue endpoint this request was routed to, once routed (unset for Better Auth's and raw routes). */
    endpoint?: EndpointSpec
  }
}

/** What features need from the host: the database, auth, configuration, a logger, mail and live fan-out. */
export interface AppDeps {
  database: Database
  auth: Auth
  config: Config
  log: Logger
  mail: MailService
  realtime: RealtimeHub
  /** Delivers the sandbox partners' signed webhooks to this app (providers/webhooks/sandbox-webhooks.ts). */
  sandboxWebhooks: SandboxWebhookDispatcher
  /**
   * Where the process is in its life, for GET /api/health/ready (platform/lifecycle.ts); server.ts
   * passes its own. Unset (test apps): migrated, never draining, listening as the realtime hub says.
   */
  lifecycle?: Lifecycle
}

/** The OpenAPI security scheme of every non-public route: the session cookie (auth/auth.ts). */
export const SESSION_SECURITY_SCHEME = 'session'

/** Records the endpoint a request was routed to, for the contract check of its answer. */
const markEndpoint =
  (spec: EndpointSpec): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    c.set('endpoint', spec)
    return next()
  }

/** The OpenAPI security scheme of API tokens (`Authorization: Bearer hw_...`) on endpoints with `scopes`. */
export const TOKEN_SECURITY_SCHEME = 'apiToken'

/**
 * 401 before anything reads the request (the route middleware runs before zod-openapi's validators);
 * then, for a request authenticated by an API token, 403 unless the endpoint lists scopes and the
 * token holds them all (requireViewer).
 */
const requireSession: MiddlewareHandler<AppEnv> = (c, next) => {
  requireViewer(c)
  return next()
}

/**
 * The route as the OpenAPI document shows it: an endpoint with `scopes` takes the session or an API
 * token (OpenAPI 3.0 lets only OAuth scopes sit in a requirement's array, so the scopes are listed in
 * `x-scopes` and the description); `scopes` itself is not an OpenAPI field. Routes registered for
 * the document only (a raw upload) pass through this too.
 */
export function documented<R extends EndpointSpec>(route: R): Omit<R, 'scopes'> {
  const { scopes, ...rest } = route
  if (!scopes?.length) return rest
  return {
    ...rest,
    security: [{ [SESSION_SECURITY_SCHEME]: [] }, { [TOKEN_SECURITY_SCHEME]: [] }],
    description: `${rest.description ? `${rest.description} ` : ''}API tokens need the scope${scopes.length > 1 ? 's' : ''} ${scopes.join(', ')}.`,
    'x-scopes': [...scopes],
  }
}

/**
 * A feature router; its `openapi(endpoint, handler)` takes an endpoint of the catalogue
 * (src/shared/contracts). Authenticate before validating: a route not declared
 * `security: PUBLIC` answers 401 to a signed-out caller before its params, query or body are looked
 * at, so field names are never told to strangers. Validation errors then become
 * `{ error: { code: 'validation_failed', fields } }` (400). Routes added without `openapi()` (a raw
 * upload) call requireViewer and `c.set('endpoint', ...)` themselves first.
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const err = validationError(result.error)
        return c.json(errorBody(err.code, err.message, err.fields), 400)
      }
    },
  })
  const openapi = router.openapi
  // The casts below are the library's generics: openapi() is generic in the route (zod-openapi's
  // RouteConfig, wider than EndpointSpec), and a wrapper cannot restate that signature. The routes
  // given here are the catalogue's endpoints (src/shared/contracts), which is what EndpointSpec says.
  router.openapi = ((route, handler, hook) => {
    const own =
      route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware]
    const isPublic = route.security && route.security.length === 0
    const spec = route as EndpointSpec
    const first = [markEndpoint(spec), ...(isPublic ? [] : [requireSession])]
    return openapi(
      { ...documented(route as typeof route & EndpointSpec), middleware: [...first, ...own] },
      handler,
      hook,
    )
  }) as typeof router.openapi
  return router
}

/** An OpenAPI path as Hono routes it: `/transactions/{txId}` -> `/transactions/:txId`. */
export function honoPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1')
}

/**
 * The signed-in viewer, typed non-null, or throws 401. Handlers of routes that need a session read
 * the viewer through this (never `c.var.viewer`, which is null for public routes and signed-out
 * callers; and which may be an API token's, which this refuses unless the routed endpoint lists
 * scopes the token holds: 403 naming the missing scope, or saying the endpoint is session only), and use cases and the access helpers take a `Viewer`, never `Viewer | null`.
 */
export function requireViewer(c: Context<AppEnv>): Viewer {
  const viewer = c.get('viewer')
  if (!viewer) throw new AppError('unauthenticated', 'Sign in to continue.')
  // An API token reaches only catalogue endpoints that list its scopes; any other route refuses it.
  if (viewer.apiToken) requireTokenScopes(viewer, c.get('endpoint')?.scopes)
  return viewer
}

/**
 * Answers with JSON the database already built as text (no parse and re-serialise on hot paths),
 * typed as the `T` the text holds, so the route's declared answer type checks it like c.json().
 * `headers`: the route's own headers (e.g. Cache-Control); c.header() before jsonText is not read,
 * as the answer is built in one piece when @hono/node-server writes it (http/compression.ts
 * `jsonAnswer`: already encoded for the client's Accept-Encoding, its headers one plain object, the
 * edge's own headers set on the outgoing response: http/preset-headers.ts). In process
 * (`app.request()`), for a HEAD request, or for a body the compression middleware must gzip off the
 * event loop, it is answered through Hono's c.newResponse as any other answer.
 */
export function jsonText<T, S extends 200 | 201 = 200>(
  c: Context,
  text: JsonText<T>,
  status: S = 200 as S,
  headers?: Readonly<Record<string, string>>,
): Response & TypedResponse<JSONParsed<T>, S, 'json'> {
  const res =
    (c.req.method !== 'HEAD' && outgoingOf(c)
      ? jsonAnswer(text, status, c.req.header('accept-encoding'), headers)
      : undefined) ?? c.newResponse(text, status, { 'Content-Type': JSON_UTF8, ...headers })
  // The text was built to the contract; outside production every answer is parsed against it.
  // TypedResponse is a type-only brand (Hono's c.json() casts the same way); `200 as S` above is the
  // default of a generic parameter, which TypeScript cannot check.
  return res as Response & TypedResponse<JSONParsed<T>, S, 'json'>
}
