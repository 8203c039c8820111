/**
 * HTTP edge of two-factor settings: the viewer's status. Enabling, confirming,
 * disabling and new backup codes are Better Auth's /api/auth/two-factor/* endpoints, validated and
 * guarded in features/auth/two-factor-edge.ts.
 */
import { twoFactorEndpoints as endpoints } from '#shared/contracts/two-factor.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { getTwoFactorStatus } from './two-factor-status'

export function twoFactorRoutes({ database, auth }: AppDeps) {
  return createRouter().openapi(endpoints.status, async (c) => {
    const viewer = requireViewer(c)
    const { freshAge } = (await auth.$context).sessionConfig
    return c.json(await getTwoFactorStatus({ database, viewer, freshAgeSeconds: freshAge }), 200)
  })
}
