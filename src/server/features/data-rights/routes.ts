/**
 * HTTP edge of data rights (issue 7, item 8): GET /api/account/export streams the viewer's data as a
 * ZIP; POST /api/account/delete deletes the account after the typed confirmation and the current
 * password, then clears the session cookie. Both are recorded as security events and limited per
 * account (database-backed, so across processes). docs/decisions/011-data-rights.md.
 */
import { Readable } from 'node:stream'
import { createRoute, z } from '@hono/zod-openapi'
import { deleteCookie } from 'hono/cookie'
import { DeleteAccountInput, DeleteAccountResult } from '../../../shared/contracts/data-rights'
import { consumeAccountLimit, type Rule } from '../../auth/rate-limits'
import { sessionCookieName } from '../../auth/viewer'
import { AppError } from '../../http/errors'
import { createRouter, ERROR_RESPONSES, jsonContent, requireViewer, type AppDeps } from '../../http/router'
import { storageFor } from '../../platform/storage'
import { recordSecurityEvent } from '../account/security-events'
import { deleteAccount } from './delete-account'
import { buildExportZip, exportFilename } from './export-data'

/** An export reads every file the person uploaded: 10 an hour is plenty for a person, little for a script. */
const EXPORT_LIMIT: Rule = { window: 3600, max: 10 }
/** Wrong passwords on deletion: 5 tries in 15 minutes, like a sign-in. */
const DELETE_LIMIT: Rule = { window: 900, max: 5 }

const exportRoute = createRoute({
  method: 'get',
  path: '/account/export',
  summary: "Download the viewer's data: a ZIP of JSON files and every file version they uploaded",
  responses: {
    200: {
      description: 'ZIP (Content-Disposition: attachment; filename="homeward-data-<yyyy-mm-dd>.zip")',
      content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    429: { description: 'Too many exports in the last hour' },
    ...ERROR_RESPONSES,
  },
})

const deleteRoute = createRoute({
  method: 'post',
  path: '/account/delete',
  summary: "Delete the viewer's account (typed confirmation and current password); signs out",
  request: { body: { required: true, ...jsonContent(DeleteAccountInput) } },
  responses: {
    200: { description: 'Deleted; the session cookie is cleared', ...jsonContent(DeleteAccountResult) },
    403: { description: 'Current password not right: nothing was deleted' },
    429: { description: 'Too many wrong passwords' },
    ...ERROR_RESPONSES,
  },
})

export function dataRightsRoutes({ database, auth, config, log }: AppDeps) {
  const storage = storageFor(config)
  const limited = async (key: string, rule: Rule) => {
    if (config.AUTH_RATE_LIMIT === false) return
    const wait = await consumeAccountLimit(database, key, rule)
    if (wait !== null) {
      const minutes = Math.ceil(wait / 60)
      throw new AppError(
        'rate_limited',
        `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      )
    }
  }
  return createRouter()
    .openapi(exportRoute, async (c) => {
      const viewer = requireViewer(c)
      await limited(`export:${viewer.authId}`, EXPORT_LIMIT)
      const zip = await buildExportZip({ database, storage, viewer })
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
      }) as never
    })
    .openapi(deleteRoute, async (c) => {
      const viewer = requireViewer(c)
      await limited(`delete-account:${viewer.authId}`, DELETE_LIMIT)
      const result = await deleteAccount({
        database,
        auth,
        storage,
        viewer,
        input: c.req.valid('json'),
        onStorageError: (key, err) => log.warn(`could not remove stored file ${key} of a deleted account`, err),
      })
      deleteCookie(c, sessionCookieName(config.secure), { path: '/', secure: config.secure })
      return c.json(result, 200)
    })
}
