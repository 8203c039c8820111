/**
 * HTTP edge of account settings (issue 7, items 5 and 10): profile name, active sessions (list, end
 * one) and the viewer's own security events. Password change, 'sign out everywhere else' and 'sign
 * out everywhere' are Better Auth's endpoints under /api/auth, guarded and recorded in
 * features/auth/routes.ts.
 */
import { createRoute } from '@hono/zod-openapi'
import {
  AccountProfile,
  AccountSessionList,
  SecurityEventList,
  SessionParams,
  UpdateProfileInput,
} from '../../../shared/contracts/account'
import { createRouter, ERROR_RESPONSES, jsonContent, requireViewer, type AppDeps } from '../../http/router'
import { listSecurityEvents, recordSecurityEvent } from './security-events'
import { listSessions, revokeSession } from './sessions'
import { updateProfile } from './update-profile'

const getProfileRoute = createRoute({
  method: 'get',
  path: '/account/profile',
  summary: "The viewer's full name and email",
  responses: { 200: { description: 'Profile', ...jsonContent(AccountProfile) }, ...ERROR_RESPONSES },
})
const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/account/profile',
  summary: 'Change the full name (profile and sign-in account together)',
  request: { body: { required: true, ...jsonContent(UpdateProfileInput) } },
  responses: { 200: { description: 'Saved', ...jsonContent(AccountProfile) }, ...ERROR_RESPONSES },
})
const listSessionsRoute = createRoute({
  method: 'get',
  path: '/account/sessions',
  summary: "The viewer's active sessions, this one first",
  responses: { 200: { description: 'Sessions', ...jsonContent(AccountSessionList) }, ...ERROR_RESPONSES },
})
const revokeSessionRoute = createRoute({
  method: 'delete',
  path: '/account/sessions/{sessionId}',
  summary: "End one of the viewer's sessions",
  request: { params: SessionParams },
  responses: { 204: { description: 'Ended' }, ...ERROR_RESPONSES },
})
const securityEventsRoute = createRoute({
  method: 'get',
  path: '/account/security-events',
  summary: "The viewer's own security events, newest first (at most 100)",
  responses: { 200: { description: 'Events', ...jsonContent(SecurityEventList) }, ...ERROR_RESPONSES },
})

export function accountRoutes({ database, auth }: AppDeps) {
  return createRouter()
    .openapi(getProfileRoute, (c) => {
      const v = requireViewer(c)
      return c.json({ fullName: v.fullName, email: v.email }, 200)
    })
    .openapi(updateProfileRoute, async (c) =>
      c.json(await updateProfile({ database, viewer: requireViewer(c), fullName: c.req.valid('json').fullName }), 200),
    )
    .openapi(listSessionsRoute, async (c) => {
      const viewer = requireViewer(c)
      const { freshAge } = (await auth.$context).sessionConfig
      return c.json(await listSessions({ database, viewer, freshAgeSeconds: freshAge }), 200)
    })
    .openapi(revokeSessionRoute, async (c) => {
      const viewer = requireViewer(c)
      await revokeSession({ database, viewer, sessionId: c.req.valid('param').sessionId })
      await recordSecurityEvent({
        database,
        userId: viewer.authId,
        kind: 'sessions.revoked',
        detail: { scope: 'one', count: 1 },
        origin: c.var.client,
      })
      return c.body(null, 204) as never
    })
    .openapi(securityEventsRoute, async (c) =>
      c.json(await listSecurityEvents({ database, viewer: requireViewer(c) }), 200),
    )
}
