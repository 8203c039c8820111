/**
 * Our edge in front of Better Auth's OAuth endpoints, mounted before the general
 * auth edge (features/auth/routes.ts) so that these paths never reach Better Auth unchecked:
 *
 * - POST /api/auth/sign-in/social: zod-validated; the provider must be configured (404 otherwise);
 *   return paths must be same-origin paths (ASVS 3.7.2); a `role` (the Sign Up tab) turns on sign-up
 *   and rides the OAuth state to the user insert (auth/oauth.ts). Answers `{ url }` to go to.
 * - POST /api/auth/link-social: the same for linking, from a session younger than a day (ASVS 7.5.1),
 *   one identity per provider.
 * - GET /api/auth/callback/:providerId: passed to Better Auth, then its outcome recorded as security
 *   events (record-oauth-callback.ts).
 * - Better Auth's /unlink-account (we unlink in one transaction: DELETE /api/account/identities/{id})
 *   and the provider-token endpoints (/get-access-token, /refresh-token, /account-info: the app never
 *   calls a provider's API, so its tokens never go to the browser) answer 404.
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { ErrorCode } from '#shared/contracts/common.ts'
import { LinkIdentityInput, OAuthSignInInput } from '#shared/contracts/identities.ts'
import { storedRoleFor } from '#shared/domain/roles.ts'
import { PAGE_PATHS } from '#shared/paths.ts'
import { forBetterAuth } from '#server/auth/client-info.ts'
import { retryMessage } from '#server/auth/rate-limits.ts'
import { AppError, validationError } from '#server/core/errors.ts'
import { errorBody } from '#server/http/errors.ts'
import type { AppDeps, AppEnv } from '#server/http/router.ts'
import { sessionFromCookie } from '#server/auth/sessions.ts'
import { readJson, requireFreshSession, withBody } from '#server/http/edge-helpers.ts'
import { recordOAuthCallback } from './record-oauth-callback'

/** Where a sign-in lands by default (spec: The calls the product makes) and where failures return. */
export const DEFAULT_CALLBACK_PATH = PAGE_PATHS.home
export const DEFAULT_ERROR_PATH = PAGE_PATHS.signIn
export const SETTINGS_PATH = PAGE_PATHS.settings

export const REAUTHENTICATE_LINK_MESSAGE =
  'For your security, sign in again before linking a sign-in method: you signed in more than a day ago.'

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
}

/** Better Auth's `{ url, redirect }` as `{ url }` (state cookie kept), or its error in our shape. */
async function redirectAnswer(res: Response): Promise<Response> {
  const headers = new Headers(res.headers)
  headers.delete('content-length')
  headers.delete('location')
  headers.set('content-type', 'application/json')
  const data = (await res.json().catch(() => ({}))) as { url?: unknown; message?: unknown }
  if (res.status === 200 && typeof data.url === 'string') {
    return new Response(JSON.stringify({ url: data.url }), { status: 200, headers })
  }
  const status = res.status >= 400 ? res.status : 500
  const wait = Math.max(1, Number(res.headers.get('x-retry-after')) || 60)
  if (status === 429) headers.set('retry-after', String(wait))
  const code = STATUS_CODES[status] ?? 'internal'
  const message =
    status === 429
      ? retryMessage(wait)
      : typeof data.message === 'string' && status < 500
        ? data.message
        : 'Could not start signing in with the provider. Please try again.'
  return new Response(JSON.stringify(errorBody(code, message)), { status, headers })
}

export function oauthEdgeRoutes(deps: AppDeps) {
  const { auth, config, database, log } = deps
  const app = new Hono<AppEnv>()
  const providers = new Map((config.oidcProviders ?? []).map((p) => [p.id, p]))

  function requireProvider(id: string) {
    if (!providers.has(id)) throw new AppError('not_found', `There is no sign-in provider called '${id}' here.`)
  }
  const callerSession = (c: Context) =>
    sessionFromCookie({
      database,
      cookieHeader: c.req.header('cookie'),
      secret: config.authSecret,
      secure: config.secure,
    })

  app.post('/auth/sign-in/social', async (c) => {
    const parsed = OAuthSignInInput.safeParse(await readJson(c))
    if (!parsed.success) throw validationError(parsed.error)
    const { provider, role } = parsed.data
    requireProvider(provider)
    const callbackURL = parsed.data.callbackURL ?? DEFAULT_CALLBACK_PATH
    const body = {
      provider,
      callbackURL,
      newUserCallbackURL: callbackURL,
      errorCallbackURL: parsed.data.errorCallbackURL ?? DEFAULT_ERROR_PATH,
      disableRedirect: true,
      ...(role ? { requestSignUp: true, additionalData: { signupRole: storedRoleFor(role) } } : {}),
    }
    return redirectAnswer(await auth.handler(await forBetterAuth(c, withBody(c.req.raw, body))))
  })

  app.post('/auth/link-social', async (c) => {
    const parsed = LinkIdentityInput.safeParse(await readJson(c))
    if (!parsed.success) throw validationError(parsed.error)
    const { provider } = parsed.data
    requireProvider(provider)
    const session = await requireFreshSession(deps, c, REAUTHENTICATE_LINK_MESSAGE)
    const linked = await database.query(`select 1 from account where user_id = $1 and provider_id = $2`, [
      session.userId,
      provider,
    ])
    if (linked.length) {
      throw new AppError('conflict', `${providers.get(provider)?.name ?? provider} is already linked to your account.`)
    }
    const body = {
      provider,
      callbackURL: parsed.data.callbackURL ?? `${SETTINGS_PATH}?linked=${encodeURIComponent(provider)}`,
      errorCallbackURL: parsed.data.errorCallbackURL ?? `${SETTINGS_PATH}?provider=${encodeURIComponent(provider)}`,
      disableRedirect: true,
    }
    return redirectAnswer(await auth.handler(await forBetterAuth(c, withBody(c.req.raw, body))))
  })

  app.get('/auth/callback/:providerId', async (c) => {
    const providerId = c.req.param('providerId')
    requireProvider(providerId)
    const startedAt = Date.now()
    const caller = await callerSession(c)
    const res = await auth.handler(await forBetterAuth(c, c.req.raw))
    try {
      await recordOAuthCallback({
        database,
        response: res,
        providerId,
        providerName: providers.get(providerId)?.name ?? providerId,
        caller,
        startedAt,
        origin: c.var.client,
        secret: config.authSecret,
        secure: config.secure,
      })
    } catch (err) {
      log.error('could not record the security events of an OAuth callback', err)
    }
    return res
  })

  const notHere = (what: string) => () => {
    throw new AppError('not_found', what)
  }
  app.post('/auth/unlink-account', notHere('Unlink a sign-in method with DELETE /api/account/identities/{identityId}.'))
  for (const path of ['/auth/get-access-token', '/auth/refresh-token', '/auth/account-info']) {
    app.on(['GET', 'POST'], path, notHere('Provider tokens are not available.'))
  }
  return app
}
