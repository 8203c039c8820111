/**
 * HTTP edge of data rights: GET /api/account/export streams the viewer's data as a
 * ZIP; POST /api/account/delete deletes the account after the typed confirmation and the current
 * password, then clears the session cookie. Both are recorded as security events and limited per
 * account (database-backed, so across processes). docs/decisions/011-data-rights.md.
 */
import { Readable } from 'node:stream'
import { deleteCookie } from 'hono/cookie'
import { dataRightsEndpoints as endpoints } from '#shared/contracts/data-rights.ts'
import { consumeLimit, type Rule } from '#server/auth/rate-limits.ts'
import { sessionCookieName } from '#server/auth/viewer.ts'
import { RateLimitedError } from '#server/core/errors.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { recordSecurityEvent } from '#server/auth/security-events.ts'
import { deleteAccount } from './delete-account'
import type { DataRightsPorts } from './ports'
import { buildExportZip, exportFilename } from './export-data'

/** An export reads every file the person uploaded: 10 an hour is plenty for a person, little for a script. */
const EXPORT_LIMIT: Rule = { window: 3600, max: 10 }
/** Wrong passwords on deletion: 5 tries in 15 minutes, like a sign-in. */
const DELETE_LIMIT: Rule = { window: 900, max: 5 }

/** `ports`: what the export and the deletion need of other features (src/server/feature-ports.ts). */
export function dataRightsRoutes({ database, auth, config, log }: AppDeps, ports: DataRightsPorts) {
  const storage = storageFor(config)
  const limited = async (key: string, rule: Rule) => {
    if (config.AUTH_RATE_LIMIT === false) return
    const wait = await consumeLimit(database.db, key, rule)
    if (wait !== null) {
      const minutes = Math.ceil(wait / 60)
      throw new RateLimitedError(
        `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        wait,
      )
    }
  }
  return createRouter()
    .openapi(endpoints.export, async (c) => {
      const viewer = requireViewer(c)
      await limited(`export:${viewer.authId}`, EXPORT_LIMIT)
      const zip = await buildExportZip({ database, storage, viewer, ports })
      await recordSecurityEvent({
        database,
        userId: viewer.authId,
        kind: 'data.exported',
        origin: c.var.client,
      })
      zip.on('error', (err) => log.error('data export failed while streaming', err))
      const filename = exportFilename()
      return c.body(Readable.toWeb(zip) as ReadableStream<Uint8Array>, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
    })
    .openapi(endpoints.deleteAccount, async (c) => {
      const viewer = requireViewer(c)
      await limited(`delete-account:${viewer.authId}`, DELETE_LIMIT)
      const result = await deleteAccount({
        database,
        auth,
        storage,
        viewer,
        input: c.req.valid('json'),
        ports,
        onStorageError: (key, err) => log.warn(`could not remove stored file ${key} of a deleted account`, err),
      })
      deleteCookie(c, sessionCookieName(config.secure), { path: '/', secure: config.secure })
      return c.json(result, 200)
    })
}
