/** GET /api/me: the signed-in person with profile and stored roles (spec section 7, 'Find own profile'). */
import { createRoute } from '@hono/zod-openapi'
import { MeResponse } from '../../../shared/contracts/auth'
import { createRouter, ERROR_RESPONSES, requireViewer } from '../../http/router'

const meRoute = createRoute({
  method: 'get',
  path: '/me',
  summary: 'The signed-in user with profile and roles',
  responses: {
    200: { description: 'Current user', content: { 'application/json': { schema: MeResponse } } },
    401: ERROR_RESPONSES[401],
  },
})

export function meRoutes() {
  return createRouter().openapi(meRoute, (c) => {
    const v = requireViewer(c)
    return c.json(
      {
        user: { id: v.authId, email: v.email, emailVerified: v.emailVerified },
        profile: { id: v.profileId, full_name: v.fullName, email: v.email },
        roles: v.roles,
      },
      200,
    )
  })
}
