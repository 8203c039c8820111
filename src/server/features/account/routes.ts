/**
 * HTTP edge of account settings: profile name, active sessions (list, end
 * one) and the viewer's own security events. Password change, 'sign out everywhere else' and 'sign
 * out everywhere' are Better Auth's endpoints under /api/auth, guarded and recorded in
 * features/auth/routes.ts.
 */
import { accountEndpoints as endpoints } from '#shared/contracts/account.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { listSecurityEvents, recordSecurityEvent } from '#server/auth/security-events.ts'
import { listSessions, revokeSession } from '#server/auth/sessions.ts'
import { readProfile, updateProfile } from './update-profile'

export function accountRoutes({ database, auth }: AppDeps) {
  return createRouter()
    .openapi(endpoints.profile, async (c) => c.json(await readProfile({ database, viewer: requireViewer(c) }), 200))
    .openapi(endpoints.updateProfile, async (c) => {
      const { fullName, language } = c.req.valid('json')
      return c.json(await updateProfile({ database, viewer: requireViewer(c), fullName, language }), 200)
    })
    .openapi(endpoints.sessions, async (c) => {
      const viewer = requireViewer(c)
      const { freshAge } = (await auth.$context).sessionConfig
      return c.json(await listSessions({ database, viewer, freshAgeSeconds: freshAge }), 200)
    })
    .openapi(endpoints.revokeSession, async (c) => {
      const viewer = requireViewer(c)
      await revokeSession({ database, viewer, sessionId: c.req.valid('param').sessionId })
      await recordSecurityEvent({
        database,
        userId: viewer.authId,
        kind: 'sessions.revoked',
        detail: { scope: 'one', count: 1 },
        origin: c.var.client,
      })
      return c.body(null, 204)
    })
    .openapi(endpoints.securityEvents, async (c) =>
      c.json(await listSecurityEvents({ database, viewer: requireViewer(c) }), 200),
    )
}
