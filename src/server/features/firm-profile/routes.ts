/**
 * HTTP edge of a firm's public profile, built from `firmProfileEndpoints`
 * (src/shared/contracts/firm-profile.ts): read and change it (sessions, personal tokens and the
 * firm's API key with the firm-profile scopes), upload or remove the logo (the raw image as the body,
 * so a plain Hono route, also in the OpenAPI document), and the public logo file with long caching.
 */
import { Readable } from 'node:stream'
import { FirmProfileParams, firmProfileEndpoints as endpoints } from '#shared/contracts/firm-profile.ts'
import { validationError } from '#server/core/errors.ts'
import { createRouter, honoPath, requireViewer, type AppDeps } from '#server/http/router.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { regulatorRegisterFor } from '#server/providers/regulator-register/index.ts'
import { getFirmProfile, updateFirmProfile } from './firm-profile'
import { openFirmLogo, readLogoBody, removeFirmLogo, uploadFirmLogo } from './firm-logo'

export function firmProfileRoutes({ database, config }: AppDeps) {
  const storage = storageFor(config)
  const register = regulatorRegisterFor(config)
  const router = createRouter()
  // Registered for the OpenAPI document only; the handler below reads the raw body itself.
  router.openAPIRegistry.registerPath(endpoints.uploadLogo)
  return router
    .openapi(endpoints.get, async (c) => {
      const { orgId } = c.req.valid('param')
      return c.json(await getFirmProfile({ database, viewer: requireViewer(c), orgId }), 200)
    })
    .openapi(endpoints.update, async (c) => {
      const { orgId } = c.req.valid('param')
      const input = c.req.valid('json')
      const viewer = requireViewer(c)
      return c.json(await updateFirmProfile({ database, viewer, orgId, input, register, origin: c.var.client }), 200)
    })
    .openapi(endpoints.removeLogo, async (c) => {
      const { orgId } = c.req.valid('param')
      return c.json(
        await removeFirmLogo({ database, storage, viewer: requireViewer(c), orgId, origin: c.var.client }),
        200,
      )
    })
    .openapi(endpoints.logoFile, async (c) => {
      const { orgId, file } = c.req.valid('param')
      const logo = await openFirmLogo({ database, storage, orgId, version: file.replace(/\.webp$/, '') })
      return c.body(Readable.toWeb(logo.body) as ReadableStream, 200, {
        'Content-Type': 'image/webp',
        'Content-Length': String(logo.sizeBytes),
        // The path names the content (its hash): it never changes, so shared caches keep it for a year.
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      })
    })
    .post(honoPath(endpoints.uploadLogo.path), async (c) => {
      // Authenticate before reading the body, as createRouter does for openapi() routes.
      c.set('endpoint', endpoints.uploadLogo)
      const viewer = requireViewer(c)
      const params = FirmProfileParams.safeParse(c.req.param())
      if (!params.success) throw validationError(params.error)
      const bytes = await readLogoBody(c.req.raw.body)
      const profile = await uploadFirmLogo({
        database,
        storage,
        viewer,
        orgId: params.data.orgId,
        bytes,
        origin: c.var.client,
      })
      return c.json(profile, 200)
    })
}
