/**
 * HTTP edge of PDTF property packs: export a move as PDTF v3 JSON, and start a move from one.
 * Use cases beside this file; access through src/server/access/transactions.ts.
 */
import { pdtfEndpoints as endpoints } from '#shared/contracts/pdtf.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { exportPdtf } from '#server/core/pdtf/export-pdtf.ts'
import { importPdtf, previewPdtf } from './import-pdtf'

export function pdtfRoutes({ database, config, mail }: AppDeps) {
  return createRouter()
    .openapi(endpoints.exportPdtf, async (c) => {
      const { pack, filename } = await exportPdtf({
        database,
        viewer: requireViewer(c),
        txId: c.req.valid('param').txId,
      })
      c.header('Content-Disposition', `attachment; filename="${filename}"`)
      return c.json(pack, 200)
    })
    .openapi(endpoints.previewPdtf, async (c) => c.json(await previewPdtf({ input: c.req.valid('json') }), 200))
    .openapi(endpoints.importPdtf, async (c) => {
      const created = await importPdtf({
        database,
        viewer: requireViewer(c),
        input: c.req.valid('json'),
        notify: { publicUrl: config.publicUrl, deliverMail: mail.deliver },
      })
      // A signed form's task may have completed its stage, which emails the people on the move.
      mail.kick()
      return c.json(created, 201)
    })
}
