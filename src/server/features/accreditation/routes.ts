/** HTTP edge of the firm's own Accreditation page: GET /api/accreditation. */
import { accreditationEndpoints as endpoints } from '#shared/contracts/accreditation.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { getAccreditation } from './get-accreditation'

export function accreditationRoutes({ database }: AppDeps) {
  return createRouter().openapi(endpoints.page, async (c) =>
    c.json(await getAccreditation({ database, viewer: requireViewer(c) }), 200),
  )
}
