/**
 * Shared pieces of every feature router: the request environment (the viewer), the dependencies
 * handed to features, and an OpenAPIHono whose routes require a session before anything else, unless
 * declared `security: PUBLIC`, and whose validation failures answer 400 naming the field.
 */
import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import type { Auth } from '../auth/auth'
import type { Viewer } from '../auth/viewer'
import type { Config } from '../config'
import type { Database } from '../db/client'
import type { Logger } from '../logger'
import type { MailService } from '../platform/mail/mail-service'
import type { RealtimeHub } from '../platform/realtime/realtime-hub'
import type { ClientInfo } from './client-info'
import { AppError, errorBody, validationError } from './errors'

/**
 * What the app's middleware sets on every request: the viewer (null when signed out; a route of
 * createRouter() not declared PUBLIC never runs without one) and the client's address and user agent.
 */
export interface AppEnv {
  Variables: { viewer: Viewer | null; client: ClientInfo }
}

/** What features need from the host: the database, auth, configuration, a logger, mail and live fan-out. */
export interface AppDeps {
  database: Database
  auth: Auth
  config: Config
  log: Logger
  mail: MailService
  realtime: RealtimeHub
}

/**
 * `security: PUBLIC` on a route (OpenAPI's empty security requirement: no authentication) lets
 * signed-out people call it: health, the directory, sign-in providers, an invitation's preview.
 * Every other route of createRouter() requires a session.
 */
export const PUBLIC: Array<Record<string, string[]>> = []

/** The OpenAPI security scheme of every non-public route: the session cookie (auth/auth.ts). */
export const SESSION_SECURITY_SCHEME = 'session'

/** 401 before anything reads the request: the route middleware runs before zod-openapi's validators. */
const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireViewer(c)
  await next()
}

/**
 * A feature router. Authenticate before validating (issue 11, item 7): a route not declared
 * `security: PUBLIC` answers 401 to a signed-out caller before its params, query or body are looked
 * at, so field names are never told to strangers. Validation errors then become
 * `{ error: { code: 'validation_failed', fields } }` (400). Routes added without `openapi()` (a raw
 * upload) call requireViewer themselves first.
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
  router.openapi = ((route, handler, hook) => {
    if (route.security && route.security.length === 0) return openapi(route, handler, hook)
    const own =
      route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware]
    return openapi({ ...route, middleware: [requireSession, ...own] }, handler, hook)
  }) as typeof router.openapi
  return router
}

/**
 * The signed-in viewer, typed non-null, or throws 401. Handlers of routes that need a session read
 * the viewer through this (never `c.var.viewer`, which is null for public routes and signed-out
 * callers), and use cases and the access helpers take a `Viewer`, never `Viewer | null`.
 */
export function requireViewer(c: Context<AppEnv>): Viewer {
  const viewer = c.get('viewer')
  if (!viewer) throw new AppError('unauthenticated', 'Sign in to continue.')
  return viewer
}

/** Answers with JSON the database already built as text (no parse and re-serialise on hot paths). */
export function jsonText(c: Context, text: string, status: 200 | 201 = 200) {
  return c.body(text, status, { 'Content-Type': 'application/json; charset=utf-8' })
}

/** OpenAPI content block for a JSON schema: `{ content: { 'application/json': { schema } } }`. */
export function jsonContent<T>(schema: T) {
  return { content: { 'application/json': { schema } } }
}

/** Standard OpenAPI error responses, referenced by every route. */
export const ERROR_RESPONSES = {
  400: { description: 'Invalid input: the message names the field' },
  401: { description: 'Not signed in' },
  404: { description: 'Not found, or not yours to see' },
  503: { description: 'Database unavailable' },
} as const
