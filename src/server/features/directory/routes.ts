/** HTTP edge of the public directory: GET /api/organizations, /api/organizations/{orgId} and /api/marketing-claims. */
import { directoryEndpoints as endpoints } from '#shared/contracts/directory.ts'
import { createRouter, jsonText, type AppDeps } from '#server/http/router.ts'
import { getOrganization, listOrganizations } from './list-organizations'
import { marketingClaims } from './marketing-claims'

// Public, non-personal data: short shared caching keeps the marketplace fast.
const PUBLIC_CACHE = 'public, max-age=60'

export function directoryRoutes({ database, config }: AppDeps) {
  return createRouter()
    .openapi(endpoints.list, async (c) => {
      return jsonText(c, await listOrganizations({ database }), 200, { 'Cache-Control': PUBLIC_CACHE })
    })
    .openapi(endpoints.profile, async (c) => {
      const { orgId } = c.req.valid('param')
      const json = await getOrganization({ database, orgId })
      return jsonText(c, json, 200, { 'Cache-Control': PUBLIC_CACHE })
    })
    .openapi(endpoints.claims, async (c) => {
      c.header('Cache-Control', PUBLIC_CACHE)
      return c.json(await marketingClaims({ database, production: config.NODE_ENV === 'production' }), 200)
    })
}
