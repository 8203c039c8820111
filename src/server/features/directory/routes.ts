/** HTTP edge of the public directory: GET /api/organizations and GET /api/organizations/{orgId}. */
import { createRoute } from '@hono/zod-openapi'
import { DirectoryResponse, OrganizationParams, OrganizationProfile } from '../../../shared/contracts/directory'
import { createRouter, ERROR_RESPONSES, jsonText, PUBLIC, type AppDeps } from '../../http/router'
import { getOrganization, listOrganizations } from './list-organizations'

const listRoute = createRoute({
  method: 'get',
  path: '/organizations',
  security: PUBLIC,
  summary: 'Accredited professionals, highest tier first (public)',
  responses: {
    200: { description: 'Directory', content: { 'application/json': { schema: DirectoryResponse } } },
    503: ERROR_RESPONSES[503],
  },
})

const profileRoute = createRoute({
  method: 'get',
  path: '/organizations/{orgId}',
  security: PUBLIC,
  summary: "One professional's profile with reviews (public)",
  request: { params: OrganizationParams },
  responses: {
    200: { description: 'Profile', content: { 'application/json': { schema: OrganizationProfile } } },
    ...ERROR_RESPONSES,
  },
})

// Public, non-personal data: short shared caching keeps the marketplace fast.
const PUBLIC_CACHE = 'public, max-age=60'

export function directoryRoutes({ database }: AppDeps) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      c.header('Cache-Control', PUBLIC_CACHE)
      return jsonText(c, await listOrganizations({ database })) as never
    })
    .openapi(profileRoute, async (c) => {
      const { orgId } = c.req.valid('param')
      const json = await getOrganization({ database, orgId })
      c.header('Cache-Control', PUBLIC_CACHE)
      return jsonText(c, json) as never
    })
}
