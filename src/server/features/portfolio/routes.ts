/**
 * HTTP edge of the estate agent's portfolio, built from `portfolioEndpoints`
 * (src/shared/contracts/portfolio.ts): the portfolio, the weekly update's preview and send-now, and
 * the memorandum of sale. Mail is nudged out after commits that queue it.
 */
import { portfolioEndpoints } from '#shared/contracts/portfolio.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { generateMemorandum } from './generate-memorandum'
import { listPortfolio } from './list-portfolio'
import { previewWeeklyUpdate, sendWeeklyUpdateNow } from './weekly-update'
import { assertPro } from '#server/core/entitlement.ts'

export function portfolioRoutes({ database, config, mail }: AppDeps) {
  const e = portfolioEndpoints
  const storage = storageFor(config)
  const delivery = () => ({ publicUrl: config.publicUrl, deliverMail: mail.deliver })
  return createRouter()
    .openapi(e.portfolio, async (c) => {
      await assertPro(database, requireViewer(c), 'The sales portfolio')
      return c.json(await listPortfolio({ database, viewer: requireViewer(c), query: c.req.valid('query') }), 200)
    })
    .openapi(e.weeklyUpdatePreview, async (c) =>
      c.json(
        await previewWeeklyUpdate({
          database,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          publicUrl: config.publicUrl,
        }),
        200,
      ),
    )
    .openapi(e.sendWeeklyUpdate, async (c) => {
      const viewer = requireViewer(c)
      const { txId } = c.req.valid('param')
      const sent = await sendWeeklyUpdateNow({ database, viewer, txId, delivery: delivery() })
      if (sent > 0) mail.kick()
      const preview = await previewWeeklyUpdate({ database, viewer, txId, publicUrl: config.publicUrl })
      return c.json({ sent, preview }, 200)
    })
    .openapi(e.generateMemorandum, async (c) => {
      const result = await generateMemorandum({
        database,
        storage,
        viewer: requireViewer(c),
        txId: c.req.valid('param').txId,
        delivery: delivery(),
        ip: c.var.client.ip,
      })
      mail.kick()
      return c.json(result, 201)
    })
}
