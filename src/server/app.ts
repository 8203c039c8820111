/**
 * Composes the feature routers into one Hono app: security headers, the viewer, the JSON API under
 * /api (with its OpenAPI document at /api/openapi.json and JSON 404s), and the built web app for
 * every other path. The exported AppType is the only server type the web side may import.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { serveStatic } from '@hono/node-server/serve-static'
import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { COOKIE_PREFIX } from './auth/auth'
import { createViewerCache } from './auth/viewer-cache'
import { accountRoutes } from './features/account/routes'
import { apiAccessRoutes } from './features/api-access/routes'
import { bearerToken } from './features/api-access/api-token-secret'
import { resolveApiToken } from './features/api-access/resolve-api-token'
import { activityRoutes } from './features/activity/routes'
import { authRoutes } from './features/auth/routes'
import { chatRoutes } from './features/chat/routes'
import { dataRightsRoutes } from './features/data-rights/routes'
import { devMailRoutes } from './features/dev-mail/routes'
import { publicPagesRoutes } from './features/public-pages/routes'
import { directoryRoutes } from './features/directory/routes'
import { surveysRoutes } from './features/surveys/routes'
import { pdtfRoutes } from './features/pdtf/routes'
import { PDTF_IMPORT_TOO_LARGE } from '#shared/contracts/pdtf.ts'
import { propertyFormsRoutes } from './features/property-forms/routes'
import { titleChecksRoutes } from './features/title-checks/routes'
import { logbooksRoutes } from './features/logbooks/routes'
import { chainsRoutes } from './features/chains/routes'
import { fundsRoutes, openBankingOf, openBankingWebhookRoutes } from './features/funds/routes'
import { billingRoutes, paymentsOf, paymentsWebhookRoutes } from './features/billing/routes'
import { firmProfileRoutes } from './features/firm-profile/routes'
import { addressLookupRoutes } from './features/address-lookup/routes'
import { sandboxCheckoutRoutes } from './features/billing/sandbox-checkout-page'
import { sandboxBankRoutes } from './features/funds/sandbox-bank-page'
import { clientMoneyWebhookRoutes, depositsRoutes } from './features/deposits/routes'
import { documentsRoutes } from './features/documents/routes'
import { enquiriesRoutes } from './features/enquiries/routes'
import { healthRoutes } from './features/health/routes'
import { oauthEdgeRoutes } from './features/identities/oauth-edge'
import { identitiesRoutes } from './features/identities/routes'
import { invitationsRoutes } from './features/invitations/routes'
import { offPlatformPartiesRoutes } from './features/off-platform-parties/routes'
import { meRoutes } from './features/me/routes'
import { mortgagesRoutes } from './features/mortgages/routes'
import { firmsRoutes } from './features/firms/routes'
import { portfolioRoutes } from './features/portfolio/routes'
import { academyRoutes } from './features/academy/routes'
import { accreditationRoutes } from './features/accreditation/routes'
import { reviewsRoutes } from './features/reviews/routes'
import { supportRoutes } from './features/support/routes'
import { notificationsRoutes } from './features/notifications/routes'
import { signingRoutes } from './features/signing/routes'
import { transactionsRoutes } from './features/transactions/routes'
import { timelineHooks } from './timeline-hooks'
import { dataRightsPorts, publicPagesPorts, verificationPorts } from './feature-ports'
import { twoFactorRoutes } from './features/two-factor/routes'
import { verificationRoutes } from './features/verification/routes'
import { fromAppRoot } from './app-root'
import { clientInfo } from '#server/auth/client-info.ts'
import { AppError } from './core/errors'
import { errorBody, NUL_MESSAGE, toErrorResponse } from './http/errors'
import { SESSION_SECURITY_SCHEME, TOKEN_SECURITY_SCHEME, type AppDeps, type AppEnv } from './http/router'
import { csrfVerdict } from '#server/auth/same-origin.ts'
import { acceptsEncoding, compressResponses, isCompressible } from './http/compression'
import { appSecurityHeaders } from './http/security-headers'
import { presetHeaders, type HeaderList } from './http/preset-headers'
import { sandboxPageNotFound, sandboxPagesGuard } from './http/sandbox-pages'
import { validateResponses } from './http/validate-responses'
import { requestContext } from './http/request-context'
import { metricsEndpoint } from './http/metrics-endpoint'
import { createAppMetrics } from './platform/observability/metrics'

/** The built web app (`vite build`, run by scripts/build.mjs). */
export const WEB_DIST = fromAppRoot('dist/web')

// Public endpoints that never need the viewer: skip the session lookup.
const NO_VIEWER_PREFIXES = [
  '/api/auth/',
  '/api/health',
  '/api/openapi.json',
  '/api/organizations',
  '/api/dev/',
  '/api/support/inbound',
  // Partners' signed webhooks (providers/webhooks): no session; each checks its signature.
  '/api/webhooks/',
]
/** The API's default Cache-Control: answers about a person are never stored by a browser or proxy. */
const NO_STORE: HeaderList = [['Cache-Control', 'no-store']]
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/**
 * The body types an HTML form or a fetch without a CORS preflight can send from any site. No endpoint
 * takes them (JSON everywhere, application/octet-stream for uploads), so they are refused outright:
 * defence in depth behind the Origin check for browsers that send no Origin (ASVS 3.5.3).
 */
const FORM_BODY_TYPES = /^\s*(?:application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i

/** Largest JSON body: 1 MB. Document uploads stream under their own limit (DOCUMENT_MAX_BYTES). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024
/**
 * The routes whose body is a file, streamed under DOCUMENT_MAX_BYTES by their own handler: a move's
 * documents (POST /api/transactions/{txId}/documents, features/documents) and a home logbook's
 * (POST /api/logbooks/{logbookId}/documents, features/logbooks), and a file sent through an emailed
 * enquiry reply link (POST /api/enquiry-links/{token}/uploads, features/enquiries).
 */
const UPLOAD_PATH = /^\/api\/(?:(?:transactions|logbooks)\/[^/]+\/documents|enquiry-links\/[^/]+\/uploads)\/?$/
/** A firm's logo (POST /api/firms/{orgId}/logo, features/firm-profile): read under FIRM_LOGO_MAX_BYTES (5 MB) by its handler. */
const LOGO_PATH = /^\/api\/firms\/[^/]+\/logo\/?$/
/** The PDTF import and its preview, whose 413 speaks of the property pack (features/pdtf). */
const PDTF_IMPORT_PATH = /^\/api\/transactions\/pdtf-import(?:\/preview)?\/?$/

/**
 * Refuses a body over JSON_BODY_MAX_BYTES with 413 before anything reads it: before the CSRF check's
 * neighbours, the session lookup, validation and Better Auth's rate limiter. A
 * declared Content-Length is refused at once; a chunked body is counted as it arrives.
 */
function limitBodies(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: JSON_BODY_MAX_BYTES,
    onError: (c) =>
      c.json(
        errorBody(
          'payload_too_large',
          PDTF_IMPORT_PATH.test(c.req.path)
            ? PDTF_IMPORT_TOO_LARGE
            : 'The request body is too large: the limit is 1 MB. Send less, or upload a file as a document.',
        ),
        413,
      ),
  })
  return (c, next) =>
    // A GET or HEAD has no body to limit (Hono's bodyLimit would find none), and asking for it makes
    // the server build a full fetch Request per request (about a tenth of a detail's CPU): skip it.
    c.req.method === 'GET' ||
    c.req.method === 'HEAD' ||
    (c.req.method === 'POST' && (UPLOAD_PATH.test(c.req.path) || LOGO_PATH.test(c.req.path)))
      ? next()
      : limit(c, next)
}

// The compression middleware lives in http/compression.ts; re-exported for its unit test.
export { compressResponses, isCompressible }

/**
 * Hashed build assets never change, so each is compressed once, on its first request, and kept in
 * memory (about a quarter of the text assets' size); only files that exist are kept, so the cache is
 * bounded by the build. Brotli quality 9: on the 250 KB entry chunk it
 * takes about 140 ms here against 2.6 s for quality 11, for 8% more bytes. The compression runs on the
 * event loop, once per asset per process: on libuv's thread pool it queued behind the start-up work
 * that shares that pool, and a first page load after a start waited on its JavaScript for more than
 * 10 s (a blank page in the e2e journeys that ran first).
 * Clients that accept neither encoding, and files that are not text, fall through to serveStatic.
 */
function precompressedAssets(root: string): MiddlewareHandler {
  const cache = new Map<string, Promise<{ br: Buffer; gzip: Buffer } | null>>()
  const load = (file: string) => {
    let entry = cache.get(file)
    if (!entry) {
      // A path that is no file is not kept: every made-up asset URL would otherwise add an entry.
      if (!existsSync(file)) return Promise.resolve(null)
      entry = (async () => {
        const raw = readFileSync(file)
        const br = brotliCompressSync(raw, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
        return { br, gzip: gzipSync(raw, { level: 9 }) }
      })()
      cache.set(file, entry)
    }
    return entry
  }
  return async (c, next) => {
    const type = /\.(m?js|css|svg|json|txt|map)$/.exec(c.req.path)?.[1]
    const accepts = c.req.header('accept-encoding') ?? ''
    const encoding = acceptsEncoding(accepts, 'br') ? 'br' : acceptsEncoding(accepts, 'gzip') ? 'gzip' : null
    const file = path.join(root, c.req.path)
    if (!type || !encoding || c.req.method !== 'GET' || !file.startsWith(root + path.sep) || c.req.path.includes('..'))
      return next()
    const compressed = await load(file)
    if (!compressed) return next()
    const mime: Record<string, string> = {
      js: 'text/javascript; charset=utf-8',
      mjs: 'text/javascript; charset=utf-8',
      css: 'text/css; charset=utf-8',
      svg: 'image/svg+xml',
      json: 'application/json',
      map: 'application/json',
      txt: 'text/plain; charset=utf-8',
    }
    const body = compressed[encoding]
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': mime[type],
      'Content-Encoding': encoding,
      'Content-Length': String(body.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
    })
  }
}

/**
 * The path ('fullName', 'lines.2') of the first string or key holding a NUL character, or null.
 * Walks with its own stack, not recursion: a body nested thousands of levels deep is valid JSON.
 */
export function findNul(value: unknown): string | null {
  const stack: { value: unknown; path: string[]; key?: string }[] = [{ value, path: [] }]
  while (stack.length) {
    const item = stack.pop()!
    if (item.key?.includes('\u0000')) return [...item.path.slice(0, -1), '_'].join('.')
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return item.path.join('.') || '_'
      continue
    }
    if (!item.value || typeof item.value !== 'object') continue
    const entries = Object.entries(item.value)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!
      stack.push({ value: child, path: [...item.path, key], key })
    }
  }
  return null
}

/**
 * Refuses a JSON body with a NUL character in any string (PostgreSQL cannot store it) with 400 naming
 * the field, before any feature sees it; after the session lookup, so that a
 * signed-out caller of a private route gets its 401 first. Reads a clone: Better Auth's handler and
 * the features read the body again. Broken JSON passes on, to get its own 400.
 */
const refuseNul: MiddlewareHandler<AppEnv> = (c, next) =>
  // Not async for the requests it lets through untouched (every read): no promise of its own.
  !STATE_CHANGING.has(c.req.method) || !/^\s*application\/json\b/i.test(c.req.header('content-type') ?? '')
    ? next()
    : refuseNulInBody(c, next)

const refuseNulInBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Signed out on a route that needs a session: its 401 comes first, naming no field.
  if (!c.get('viewer') && !NO_VIEWER_PREFIXES.some((prefix) => c.req.path.startsWith(prefix))) return next()
  const text = await c.req.raw.clone().text()
  // The escape as JSON writes it, or a raw NUL byte (invalid JSON, but cheap to look for).
  if (!/\\u0000/i.test(text) && !text.includes(String.fromCharCode(0))) return next()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return next()
  }
  const field = findNul(body)
  if (field) throw new AppError('validation_failed', `${field}: ${NUL_MESSAGE}`, { [field]: [NUL_MESSAGE] })
  return next()
}

const cacheShort = (_path: string, c: Context) => {
  c.header('Cache-Control', 'public, max-age=300')
}

export function createApp(deps: AppDeps) {
  const { config, database, log } = deps
  const app = new OpenAPIHono<AppEnv>()
  // The session lookup, kept per cookie and forgotten on every viewer change (auth/viewer-cache.ts).
  const viewers = createViewerCache({
    database,
    realtime: deps.realtime,
    secret: config.authSecret,
    secure: config.secure,
    maxSessionDays: config.SESSION_MAX_DAYS,
  })

  // Observability (docs/decisions/046-observability.md): the request id, its log context, the access
  // line and the request histogram, around everything else; GET /metrics for the scraper.
  const metrics = createAppMetrics({ database, sseClients: () => deps.realtime.size() })
  app.use('*', requestContext({ log, observe: metrics.observeRequest }))

  // The client's address and user agent, once per request, for everything after (auth/client-info.ts).
  app.use('*', clientInfo(config.trustedProxies))
  app.use('*', appSecurityHeaders(config))
  app.use('*', compressResponses())
  app.route('/', metricsEndpoint({ config, metrics }))

  app.use('/api/*', limitBodies())
  app.use('/api/*', async (c, next) => {
    const p = c.req.path
    const noViewer = NO_VIEWER_PREFIXES.some((prefix) => p.startsWith(prefix))
    // An API token (`Authorization: Bearer hw_...`) instead of the session cookie: the cookie is then
    // not read at all, so no other site can ride on it, and the CSRF check below does not apply
    // (a browser sends this header cross-site only after a CORS preflight, which this API never allows).
    const bearer = noViewer ? undefined : bearerToken(c.req.header('authorization'))
    // CSRF: a state-changing request from a foreign page is refused before it reaches any feature
    // (the rule: auth/same-origin.ts).
    if (STATE_CHANGING.has(c.req.method) && bearer === undefined) {
      const verdict = csrfVerdict(config, c.req.url, (name) => c.req.header(name))
      if (verdict === 'foreign') throw new AppError('forbidden', 'This request came from another site and was refused.')
      if (verdict === 'missing') {
        throw new AppError(
          'forbidden',
          'This request did not say which page sent it (no Origin header) and was refused.',
        )
      }
    }
    if (STATE_CHANGING.has(c.req.method) && FORM_BODY_TYPES.test(c.req.header('content-type') ?? '')) {
      throw new AppError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).')
    }
    // No API answer is cached unless its route says otherwise (the directory's public lists): set
    // where the answer is written (http/preset-headers.ts), or as a default of the answer in process.
    if (!presetHeaders(c, NO_STORE)) c.header('Cache-Control', 'no-store')
    c.set(
      'viewer',
      noViewer
        ? null
        : bearer !== undefined
          ? await resolveApiToken(database, bearer)
          : await viewers.resolve(c.req.header('cookie')),
    )
    await next()
  })

  app.use('/api/*', refuseNul)

  // Outside production every catalogue answer is parsed against its contract (http/validate-responses.ts).
  if (config.NODE_ENV !== 'production') app.use('/api/*', validateResponses(log))

  const api = app
    .route('/api', healthRoutes(deps))
    // Before authRoutes: its catch-all would hand these OAuth paths to Better Auth unchecked.
    .route('/api', oauthEdgeRoutes(deps))
    .route('/api', authRoutes(deps))
    .route('/api', identitiesRoutes(deps))
    .route('/api', meRoutes())
    .route('/api', accountRoutes(deps))
    .route('/api', dataRightsRoutes(deps, dataRightsPorts))
    .route('/api', twoFactorRoutes(deps))
    .route('/api', transactionsRoutes(deps, timelineHooks(deps)))
    .route('/api', directoryRoutes(deps))
    .route('/api', invitationsRoutes(deps))
    .route('/api', documentsRoutes(deps))
    .route('/api', activityRoutes(deps))
    .route('/api', signingRoutes(deps))
    .route('/api', chatRoutes(deps))
    .route('/api', notificationsRoutes(deps))
    .route('/api', supportRoutes(deps))
    .route('/api', firmsRoutes(deps))
    .route('/api', portfolioRoutes(deps))
    .route('/api', enquiriesRoutes(deps))
    .route('/api', academyRoutes(deps))
    .route('/api', accreditationRoutes(deps))
    .route('/api', reviewsRoutes(deps))
    .route('/api', mortgagesRoutes(deps))
    .route('/api', surveysRoutes(deps))
    .route('/api', pdtfRoutes(deps))
    .route('/api', titleChecksRoutes(deps))
    .route('/api', logbooksRoutes(deps))
    .route('/api', chainsRoutes(deps))
    .route('/api', propertyFormsRoutes(deps))
    .route('/api', fundsRoutes(deps))
    .route('/api', verificationRoutes(deps, verificationPorts))
    .route('/api', depositsRoutes(deps))
    .route('/api', apiAccessRoutes(deps))
    .route('/api', billingRoutes(deps))
    .route('/api', offPlatformPartiesRoutes(deps))
    .route('/api', firmProfileRoutes(deps))
    .route('/api', addressLookupRoutes(deps))

  // The local outbox: 404 unless DEV_MAIL=true and the request is from this machine (features/dev-mail).
  app.route('/', devMailRoutes(deps))
  // The sandbox partners' pages (/sandbox/*) are mounted below only while their provider is the sandbox
  // (in production only with SANDBOX_PARTNERS=true, config.ts); each takes an 8 KB form from this site at most.
  app.use('/sandbox/*', sandboxPagesGuard(config))
  // Open banking's signed webhook (no session), and the sandbox bank's consent page (sandbox only).
  app.route('/', openBankingWebhookRoutes(deps))
  if (config.OPEN_BANKING_PROVIDER === 'sandbox') app.route('/', sandboxBankRoutes(deps, openBankingOf(deps)))
  // The client-money partner's signed webhook (no session): funds received into a held-funds account.
  app.route('/', clientMoneyWebhookRoutes(deps))
  // Payments' signed webhook (no session), and the sandbox's hosted checkout and 3-D Secure pages (sandbox only).
  app.route('/', paymentsWebhookRoutes(deps))
  if (config.PAYMENTS_PROVIDER === 'sandbox') app.route('/', sandboxCheckoutRoutes(deps, paymentsOf(deps)))
  app.all('/sandbox/*', sandboxPageNotFound)

  // Every operation needs the session cookie unless it says `security: []` (PUBLIC in src/shared/contracts/endpoint.ts).
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_SECURITY_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: `${COOKIE_PREFIX}.session_token`,
    description: 'The session cookie set by sign-in (`__Secure-` prefixed behind https).',
  })
  // Endpoints whose catalogue entry lists `scopes` also take an API token (http/router.ts).
  app.openAPIRegistry.registerComponent('securitySchemes', TOKEN_SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal access token (hw_pat_...) or a firm API key (hw_key_...) from Settings > API and webhooks. ' +
      'Each operation that takes one names the scopes it needs in its description and in x-scopes.',
  })
  app.doc('/api/openapi.json', {
    openapi: '3.0.3',
    security: [{ [SESSION_SECURITY_SCHEME]: [] }],
    info: {
      title: 'Homeward API',
      version: '1.0.0',
      description:
        'The JSON API behind Homeward. Errors are { error: { code, message, fields?, request_id? } }; request_id is also the X-Request-Id response header.',
    },
  })

  app.all('/api/*', (c) => c.json(errorBody('not_found', `No API route for ${c.req.method} ${c.req.path}.`), 404))

  if (existsSync(path.join(WEB_DIST, 'index.html'))) {
    app.use('/assets/*', precompressedAssets(WEB_DIST))
    app.use(
      '/assets/*',
      serveStatic({
        root: WEB_DIST,
        onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    )
    // Files such as /favicon.svg. Not the page templates (index.html, landing.html, also what '/' would
    // map to): every page is answered by publicPagesRoutes.
    const files = serveStatic({ root: WEB_DIST, onFound: cacheShort })
    app.use('*', (c, next) => (/\/[^/]+\.(?!html$)[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()))
    app.route('/', publicPagesRoutes(deps, WEB_DIST, publicPagesPorts))
  } else {
    app.get('*', (c) =>
      c.text('The web app is not built yet. Run `npm start` (which builds it) or `npm run build`.', 503),
    )
  }

  deps.sandboxWebhooks.attach((p, init) => app.request(p, init))

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
