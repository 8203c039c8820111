/**
 * Composes the feature routers into one Hono app: security headers, the viewer, the JSON API under
 * /api (with its OpenAPI document at /api/openapi.json and JSON 404s), and the built web app for
 * every other path. The exported AppType is the only server type the web side may import.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serveStatic } from '@hono/node-server/serve-static'
import { OpenAPIHono } from '@hono/zod-openapi'
import { HTTPException } from 'hono/http-exception'
import { secureHeaders } from 'hono/secure-headers'
import { resolveViewer } from './auth/viewer'
import { activityRoutes } from './features/activity/routes'
import { authRoutes } from './features/auth/routes'
import { devMailRoutes } from './features/dev-mail/routes'
import { directoryRoutes } from './features/directory/routes'
import { documentsRoutes } from './features/documents/routes'
import { healthRoutes } from './features/health/routes'
import { invitationsRoutes } from './features/invitations/routes'
import { meRoutes } from './features/me/routes'
import { signingRoutes } from './features/signing/routes'
import { transactionsRoutes } from './features/transactions/routes'
import { AppError, errorBody, toErrorResponse } from './http/errors'
import type { AppDeps, AppEnv } from './http/router'

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web')

// Public endpoints that never need the viewer: skip the session lookup.
const NO_VIEWER_PREFIXES = ['/api/auth/', '/api/health', '/api/openapi.json', '/api/organizations', '/api/dev/']
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function createApp(deps: AppDeps) {
  const { config, database, log } = deps
  const app = new OpenAPIHono<AppEnv>()
  const allowedOrigin = new URL(config.publicUrl).origin

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      strictTransportSecurity: config.secure ? 'max-age=31536000; includeSubDomains' : false,
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
    }),
  )

  app.use('/api/*', async (c, next) => {
    // CSRF: a state-changing request from a foreign page is refused before it reaches any feature.
    const origin = c.req.header('origin')
    if (STATE_CHANGING.has(c.req.method) && origin && origin !== allowedOrigin) {
      throw new AppError('forbidden', 'This request came from another site and was refused.')
    }
    c.header('Cache-Control', 'no-store')
    const p = c.req.path
    c.set(
      'viewer',
      NO_VIEWER_PREFIXES.some((prefix) => p.startsWith(prefix))
        ? null
        : await resolveViewer({
            database,
            cookieHeader: c.req.header('cookie'),
            secret: config.authSecret,
            secure: config.secure,
          }),
    )
    await next()
  })

  const api = app
    .route('/api', healthRoutes(deps))
    .route('/api', authRoutes(deps))
    .route('/api', meRoutes())
    .route('/api', transactionsRoutes(deps))
    .route('/api', directoryRoutes(deps))
    .route('/api', invitationsRoutes(deps))
    .route('/api', documentsRoutes(deps))
    .route('/api', activityRoutes(deps))
    .route('/api', signingRoutes(deps))

  // The local outbox is for development and tests only.
  if (config.NODE_ENV !== 'production') app.route('/', devMailRoutes(deps))

  app.doc('/api/openapi.json', {
    openapi: '3.0.3',
    info: {
      title: 'Homeward API',
      version: '1.0.0',
      description: 'The JSON API behind Homeward. Errors are { error: { code, message, fields? } }.',
    },
  })

  app.all('/api/*', (c) => c.json(errorBody('not_found', `No API route for ${c.req.method} ${c.req.path}.`), 404))

  if (existsSync(path.join(WEB_DIST, 'index.html'))) {
    const indexHtml = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8')
    app.use(
      '/assets/*',
      serveStatic({
        root: WEB_DIST,
        onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    )
    app.use('*', serveStatic({ root: WEB_DIST, onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=300') }))
    // Every other GET is a client-side route of the single-page app.
    app.get('*', (c) => {
      c.header('Cache-Control', 'no-cache')
      return c.html(indexHtml)
    })
  } else {
    app.get('*', (c) =>
      c.text('The web app is not built yet. Run `npm start` (which builds it) or `npm run build`.', 503),
    )
  }

  app.onError((err, c) => {
    if (err instanceof HTTPException && !(err.cause instanceof Error && err.cause.name === 'ZodError')) {
      const status = err.status
      const message = status === 400 ? 'The request body must be valid JSON.' : err.message || 'Request refused.'
      return c.json(errorBody(status === 400 ? 'bad_request' : 'internal', message), status)
    }
    return toErrorResponse(c, err, (msg, e) => log.error(msg, e))
  })

  return api
}

export type AppType = ReturnType<typeof createApp>
