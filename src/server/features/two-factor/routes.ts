/**
 * HTTP edge of two-factor settings (issue 7, item 4): the viewer's status. Enabling, confirming,
 * disabling and new backup codes are Better Auth's /api/auth/two-factor/* endpoints, validated and
 * guarded in features/auth/two-factor-edge.ts.
 */
import { createRoute } from '@hono/zod-openapi'
import { TwoFactorStatus } from '../../../shared/contracts/two-factor'
import { createRouter, ERROR_RESPONSES, jsonContent, requireViewer, type AppDeps } from '../../http/router'
import { getTwoFactorStatus } from './two-factor-status'

const statusRoute = createRoute({
  method: 'get',
  path: '/account/two-factor',
  summary: 'Whether two-factor sign-in is on, backup codes left, and whether the session may change it',
  responses: { 200: { description: 'Status', ...jsonContent(TwoFactorStatus) }, ...ERROR_RESPONSES },
})

export function twoFactorRoutes({ database, auth }: AppDeps) {
  return createRouter().openapi(statusRoute, async (c) => {
    const viewer = requireViewer(c)
    const { freshAge } = (await auth.$context).sessionConfig
    return c.json(await getTwoFactorStatus({ database, viewer, freshAgeSeconds: freshAge }), 200)
  })
}
