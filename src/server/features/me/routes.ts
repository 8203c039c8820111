/** GET /api/me: the signed-in person with profile and stored roles (spec: The calls the product makes, 'Find own profile'). */
import { authEndpoints } from '#shared/contracts/auth.ts'
import { createRouter, requireViewer } from '#server/http/router.ts'

export function meRoutes() {
  return createRouter().openapi(authEndpoints.me, (c) => {
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
