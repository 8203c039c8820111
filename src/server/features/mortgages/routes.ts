/**
 * HTTP edge of the mortgage broker's workbench: the pipeline, client records and leads (fact find,
 * recommendations, link to a move), one buyer's case (DIPs, application stage) and the lender pack ZIP. Use cases beside this file; access in
 * src/server/access/mortgages.ts.
 */
import { Readable } from 'node:stream'
import { mortgageEndpoints as endpoints } from '#shared/contracts/mortgages.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { getMortgageCase } from './get-case'
import { buildLenderPack } from './lender-pack'
import { listPipeline } from './list-pipeline'
import { recordDip } from './record-dip'
import {
  createClient,
  getClient,
  linkClient,
  recordRecommendation,
  saveClientFactFind,
  startClientForMove,
  updateClient,
} from './clients'
import { updateApplication } from './update-application'

export function mortgagesRoutes({ database, config, log, mail }: AppDeps) {
  const storage = storageFor(config)
  return createRouter()
    .openapi(endpoints.pipeline, async (c) =>
      c.json(await listPipeline({ database, viewer: requireViewer(c), query: c.req.valid('query') }), 200),
    )
    .openapi(endpoints.getCase, async (c) =>
      c.json(await getMortgageCase({ database, viewer: requireViewer(c), txId: c.req.valid('param').txId }), 200),
    )
    .openapi(endpoints.startClient, async (c) =>
      c.json(await startClientForMove({ database, viewer: requireViewer(c), txId: c.req.valid('param').txId }), 200),
    )
    .openapi(endpoints.recordDip, async (c) =>
      c.json(
        await recordDip({
          database,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          input: c.req.valid('json'),
          notify: { publicUrl: config.publicUrl, deliverMail: mail.deliver },
        }),
        201,
      ),
    )
    .openapi(endpoints.updateApplication, async (c) =>
      c.json(
        await updateApplication({
          database,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          input: c.req.valid('json'),
          notify: { publicUrl: config.publicUrl, deliverMail: mail.deliver },
        }),
        200,
      ),
    )
    .openapi(endpoints.lenderPack, async (c) => {
      const { stream, filename } = await buildLenderPack({
        database,
        storage,
        viewer: requireViewer(c),
        txId: c.req.valid('param').txId,
        documents: c.req.valid('query').documents,
      })
      stream.on('error', (err) => log.error('lender pack failed while streaming', err))
      // Node's web ReadableStream type and the DOM's (which Hono takes) are the same object, typed apart.
      return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
    })
    .openapi(endpoints.createClient, async (c) =>
      c.json(await createClient({ database, viewer: requireViewer(c), input: c.req.valid('json') }), 201),
    )
    .openapi(endpoints.getClient, async (c) =>
      c.json(await getClient({ database, viewer: requireViewer(c), clientId: c.req.valid('param').clientId }), 200),
    )
    .openapi(endpoints.updateClient, async (c) =>
      c.json(
        await updateClient({
          database,
          viewer: requireViewer(c),
          clientId: c.req.valid('param').clientId,
          input: c.req.valid('json'),
        }),
        200,
      ),
    )
    .openapi(endpoints.saveClientFactFind, async (c) =>
      c.json(
        await saveClientFactFind({
          database,
          viewer: requireViewer(c),
          clientId: c.req.valid('param').clientId,
          input: c.req.valid('json'),
        }),
        200,
      ),
    )
    .openapi(endpoints.linkClient, async (c) =>
      c.json(
        await linkClient({
          database,
          viewer: requireViewer(c),
          clientId: c.req.valid('param').clientId,
          txId: c.req.valid('json').transaction_id,
        }),
        200,
      ),
    )
    .openapi(endpoints.recordRecommendation, async (c) =>
      c.json(
        await recordRecommendation({
          database,
          viewer: requireViewer(c),
          clientId: c.req.valid('param').clientId,
          input: c.req.valid('json'),
        }),
        201,
      ),
    )
}
