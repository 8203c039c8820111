/**
 * HTTP edge of deposits, built from `depositEndpoints` (src/shared/contracts/deposits.ts), and the
 * client-money partner's webhook (raw: its signature is over the exact body text). Use cases beside
 * this file; access in src/server/access/deposits.ts; the partner in src/server/providers/client-money.
 */
import { Hono } from 'hono'
import { depositEndpoints as e } from '#shared/contracts/deposits.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { clientMoneyPartnerFor, type ClientMoneyPartner } from '#server/providers/client-money/index.ts'
import { receiveClientMoneyWebhook } from './funds-received'
import { getDeposit } from './read-deposit'
import { approveRelease, cancelRelease, requestRelease } from './releases'
import { CLIENT_MONEY_WEBHOOK_PATH, checkPayee, setDeposit, simulateTransfer } from './set-up-deposit'

const partners = new WeakMap<AppDeps['config'], ClientMoneyPartner>()

/** One partner per app (its configuration). */
export function clientMoneyPartnerOf(deps: AppDeps): ClientMoneyPartner {
  let p = partners.get(deps.config)
  if (!p) partners.set(deps.config, (p = clientMoneyPartnerFor(deps.config)))
  return p
}

export function depositsRoutes(deps: AppDeps) {
  const { database, config, mail } = deps
  const partner = clientMoneyPartnerOf(deps)
  const notify = { publicUrl: config.publicUrl, deliverMail: mail.deliver }
  return createRouter()
    .openapi(e.get, async (c) =>
      c.json(await getDeposit({ database, viewer: requireViewer(c), txId: c.req.valid('param').txId, partner }), 200),
    )
    .openapi(e.set, async (c) =>
      c.json(
        await setDeposit({
          database,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          partner,
          amountPence: c.req.valid('json').amount_pence,
          notify,
          ip: c.var.client.ip,
        }).finally(() => mail.kick()),
        200,
      ),
    )
    .openapi(e.checkPayee, async (c) =>
      c.json(
        await checkPayee({
          database,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          partner,
          accountName: c.req.valid('json').account_name,
          ip: c.var.client.ip,
        }),
        200,
      ),
    )
    .openapi(e.simulateTransfer, async (c) => {
      await simulateTransfer({
        database,
        viewer: requireViewer(c),
        txId: c.req.valid('param').txId,
        partner,
        sandboxWebhooks: deps.sandboxWebhooks,
        amountPence: c.req.valid('json').amount_pence,
      })
      return c.json({ queued: true as const }, 202)
    })
    .openapi(e.requestRelease, async (c) =>
      c.json(
        await requestRelease({
          database,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          partner,
          input: c.req.valid('json'),
          notify,
          ip: c.var.client.ip,
        }).finally(() => mail.kick()),
        201,
      ),
    )
    .openapi(e.approve, async (c) => {
      const { txId, releaseId } = c.req.valid('param')
      return c.json(
        await approveRelease({
          database,
          viewer: requireViewer(c),
          txId,
          releaseId,
          partner,
          notify,
          ip: c.var.client.ip,
        }).finally(() => mail.kick()),
        200,
      )
    })
    .openapi(e.cancel, async (c) => {
      const { txId, releaseId } = c.req.valid('param')
      return c.json(
        await cancelRelease({ database, viewer: requireViewer(c), txId, releaseId, partner, ip: c.var.client.ip }),
        200,
      )
    })
}

/**
 * POST /api/webhooks/client-money: no session; the Standard Webhooks signature is the authentication,
 * with the partner's secret (CLIENT_MONEY_WEBHOOK_SECRET), or the sandbox's (PROVIDER_WEBHOOK_SECRET).
 */
export function clientMoneyWebhookRoutes(deps: AppDeps) {
  const partner = clientMoneyPartnerOf(deps)
  const secret = deps.config.CLIENT_MONEY_WEBHOOK_SECRET ?? deps.config.providerWebhookSecret
  return new Hono().post(CLIENT_MONEY_WEBHOOK_PATH, async (c) => {
    await receiveClientMoneyWebhook({
      database: deps.database,
      partner,
      secret,
      headers: c.req.raw.headers,
      body: await c.req.text(),
      notify: { publicUrl: deps.config.publicUrl, deliverMail: deps.mail.deliver },
    })
    deps.mail.kick()
    return c.json({ received: true }, 200)
  })
}
