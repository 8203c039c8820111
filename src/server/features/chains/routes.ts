/**
 * HTTP edge of property chains: the chain view, asking for, confirming and declining links, and the
 * chain's proposed dates, answered for each move by its conveyancer and by its buyers and sellers for themselves. Use cases beside this file; who sees what in src/server/access/chains.ts.
 */
import { chainEndpoints as endpoints } from '#shared/contracts/chains.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { answerChainDatesAsMover, proposeChainDates, respondToChainDates } from './chain-dates'
import { getChain } from './get-chain'
import { requestChainLink } from './request-link'
import { respondToChainLink } from './respond-link'

export function chainsRoutes({ database, config, mail }: AppDeps) {
  const notify = { publicUrl: config.publicUrl, deliverMail: mail.deliver }
  return createRouter()
    .openapi(endpoints.get, async (c) =>
      c.json(await getChain({ database, viewer: requireViewer(c), txId: c.req.valid('param').txId }), 200),
    )
    .openapi(endpoints.requestLink, async (c) => {
      const created = await requestChainLink({
        database,
        viewer: requireViewer(c),
        txId: c.req.valid('param').txId,
        input: c.req.valid('json'),
        notify,
      })
      mail.kick()
      return c.json(created, 201)
    })
    .openapi(endpoints.confirmLink, async (c) => {
      const { txId, linkId } = c.req.valid('param')
      const link = await respondToChainLink({ database, viewer: requireViewer(c), txId, linkId, confirm: true, notify })
      mail.kick()
      return c.json(link, 200)
    })
    .openapi(endpoints.declineLink, async (c) => {
      const { txId, linkId } = c.req.valid('param')
      const link = await respondToChainLink({
        database,
        viewer: requireViewer(c),
        txId,
        linkId,
        confirm: false,
        notify,
      })
      mail.kick()
      return c.json(link, 200)
    })
    .openapi(endpoints.proposeDates, async (c) => {
      const proposal = await proposeChainDates({
        database,
        viewer: requireViewer(c),
        txId: c.req.valid('param').txId,
        input: c.req.valid('json'),
        notify,
      })
      mail.kick()
      return c.json(proposal, 201)
    })
    .openapi(endpoints.respondDates, async (c) => {
      const { txId, proposalId } = c.req.valid('param')
      const proposal = await respondToChainDates({
        database,
        viewer: requireViewer(c),
        txId,
        proposalId,
        input: c.req.valid('json'),
        notify,
      })
      mail.kick()
      return c.json(proposal, 200)
    })
    .openapi(endpoints.answerDatesAsMover, async (c) => {
      const { txId, proposalId } = c.req.valid('param')
      const proposal = await answerChainDatesAsMover({
        database,
        viewer: requireViewer(c),
        txId,
        proposalId,
        input: c.req.valid('json'),
        notify,
      })
      mail.kick()
      return c.json(proposal, 200)
    })
}
