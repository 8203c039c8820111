/**
 * HTTP edge of linked identities: the public list of configured providers (the
 * /auth buttons), the viewer's linked identities, and unlinking one. Linking starts at
 * POST /api/auth/link-social (oauth-edge.ts) because it needs Better Auth's state cookie.
 */
import { identityEndpoints as endpoints } from '#shared/contracts/identities.ts'
import { AppError } from '#server/core/errors.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { isFresh } from '#server/auth/sessions.ts'
import { listIdentities, unlinkIdentity } from './identities'

/** Unlinking from a session older than a day (ASVS 7.5.1, as for the password and email). */
export const REAUTHENTICATE_UNLINK_MESSAGE =
  'For your security, sign in again before unlinking a sign-in method: you signed in more than a day ago.'

/** The configured providers as the web app shows them. */
export function configuredProviders(deps: Pick<AppDeps, 'config'>) {
  return (deps.config.oidcProviders ?? []).map((p) => ({ id: p.id, name: p.name }))
}

export function identitiesRoutes(deps: AppDeps) {
  const { database, auth } = deps
  return createRouter()
    .openapi(endpoints.providers, (c) => c.json({ providers: configuredProviders(deps) }, 200))
    .openapi(endpoints.list, async (c) => {
      const viewer = requireViewer(c)
      return c.json(
        await listIdentities({ database, userId: viewer.authId, providers: configuredProviders(deps) }),
        200,
      )
    })
    .openapi(endpoints.unlink, async (c) => {
      const viewer = requireViewer(c)
      const [session] = await database.query<{ created_at: Date | string }>(
        `select created_at from session where id = $1`,
        [viewer.sessionId],
      )
      const { freshAge } = (await auth.$context).sessionConfig
      if (!session || !isFresh(new Date(session.created_at), freshAge)) {
        throw new AppError('forbidden', REAUTHENTICATE_UNLINK_MESSAGE)
      }
      await unlinkIdentity({
        database,
        userId: viewer.authId,
        identityId: c.req.valid('param').identityId,
        providers: configuredProviders(deps),
        origin: c.var.client,
      })
      return c.body(null, 204)
    })
}
