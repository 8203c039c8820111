/**
 * HTTP edge of the estate agent's portfolio, built from `portfolioEndpoints`
 * (src/shared/contracts/portfolio.ts): the portfolio, a new sale at SSTC, the chain view, the weekly
 * update's preview and send-now (as edited), the memorandum of sale (form, preview, issue) and the
 * milestone chasers. Mail is nudged out after commits that queue it. All of it is Homeward Pro: a
 * lapsed agency gets the same 402 on each (createProRouter; docs/decisions/049-pro-gate.md).
 */
import { portfolioEndpoints } from '#shared/contracts/portfolio.ts'
import { requireViewer, type AppDeps } from '#server/http/router.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { chaseTask } from './chase'
import { createSale } from './create-sale'
import { listChains } from './list-chains'
import { issueMemorandum, memorandumDraft, previewMemorandum } from './memorandum'
import { listPortfolio } from './list-portfolio'
import { previewWeeklyUpdate, sendWeeklyUpdateNow } from './weekly-update'
import { createProRouter } from '#server/core/entitlement.ts'

export function portfolioRoutes({ database, config, mail }: AppDeps) {
  const e = portfolioEndpoints
  const storage = storageFor(config)
  const delivery = () => ({ publicUrl: config.publicUrl, deliverMail: mail.deliver })
  // The whole router is the Pro tool: every endpoint passes the same gate (core/entitlement.ts).
  return createProRouter(database, 'The sales portfolio')
    .openapi(e.portfolio, async (c) =>
      c.json(await listPortfolio({ database, viewer: requireViewer(c), query: c.req.valid('query') }), 200),
    )
    .openapi(e.createSale, async (c) => {
      const result = await createSale({
        database,
        viewer: requireViewer(c),
        input: c.req.valid('json'),
        delivery: delivery(),
        ip: c.var.client.ip,
      })
      mail.kick()
      return c.json(result, 201)
    })
    .openapi(e.chains, async (c) => c.json(await listChains({ database, viewer: requireViewer(c) }), 200))
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
      const edited = c.req.valid('json')
      const sent = await sendWeeklyUpdateNow({ database, viewer, txId, delivery: delivery(), edited })
      if (sent > 0) mail.kick()
      const preview = await previewWeeklyUpdate({ database, viewer, txId, publicUrl: config.publicUrl })
      return c.json({ sent, preview }, 200)
    })
    .openapi(e.memorandumDraft, async (c) =>
      c.json(await memorandumDraft({ database, viewer: requireViewer(c), txId: c.req.valid('param').txId }), 200),
    )
    .openapi(e.memorandumPreview, async (c) =>
      c.json(
        await previewMemorandum({
          database,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          form: c.req.valid('json'),
        }),
        200,
      ),
    )
    .openapi(e.generateMemorandum, async (c) => {
      const result = await issueMemorandum({
        database,
        storage,
        viewer: requireViewer(c),
        txId: c.req.valid('param').txId,
        form: c.req.valid('json'),
        delivery: delivery(),
        ip: c.var.client.ip,
      })
      mail.kick()
      return c.json(result, 201)
    })
    .openapi(e.chase, async (c) => {
      const result = await chaseTask({
        database,
        viewer: requireViewer(c),
        txId: c.req.valid('param').txId,
        taskId: c.req.valid('json').task_id,
        delivery: delivery(),
      })
      mail.kick()
      return c.json(result, 201)
    })
}
