/**
 * HTTP edge of source of funds, built from `fundsEndpoints` (src/shared/contracts/funds.ts): the
 * buyer's funding picture and its writes, the conveyancer's review, the funds statuses, and the
 * open-banking webhook (raw: its signature is over the exact body text). Use cases beside this file;
 * access in src/server/access/funds.ts.
 */
import { Hono } from 'hono'
import { fundsEndpoints as e } from '#shared/contracts/funds.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { openBankingProviderFor, type OpenBankingProvider } from '#server/providers/open-banking/index.ts'
import { receiveConsentWebhook, startBankConsent } from './bank-consents'
import type { Viewer } from '#server/auth/viewer.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { lazyESignatureProvider } from '#server/providers/e-signature/lazy-provider.ts'
import { addGift, explainTransaction, resendGiftInvitation, saveFundsPlan, selectAccount } from './give-funds'
import {
  getGiftorGift,
  type GiftorGiftView,
  giftDeclarationFile,
  listMyGifts,
  prepareGiftDeclaration,
  signGiftDeclaration,
  startGiftBankConsent,
  type GiftorContext,
} from './giftor'
import { getGiftChecks } from './giftor-checks'
import { screeningProviderFor } from '#server/providers/sanctions-screening/index.ts'
import { getFundsPicture, getFundsStatuses } from './read-funds'
import { reviewFunds } from './review-funds'
import { OPEN_BANKING_WEBHOOK_PATH } from './sandbox-bank-page'
import { identityProviderFor } from '#server/providers/identity-verification/index.ts'

const providers = new WeakMap<AppDeps['config'], OpenBankingProvider>()

/** One provider per app (its configuration). */
export function openBankingOf(deps: AppDeps): OpenBankingProvider {
  let p = providers.get(deps.config)
  if (!p) providers.set(deps.config, (p = openBankingProviderFor(deps.config)))
  return p
}

export function fundsRoutes(deps: AppDeps) {
  const { database } = deps
  const provider = openBankingOf(deps)
  const mailOptions = { publicUrl: deps.config.publicUrl, deliverMail: deps.mail.deliver }
  const storage = storageFor(deps.config)
  const signing = lazyESignatureProvider('builtin', async () =>
    (await import('#server/providers/e-signature/builtin-provider.ts')).createBuiltinESignatureProvider(),
  )
  // The giftor's identity state comes from the identity provider: its label goes with it (Sandbox, decision 044).
  const identityLabel = identityProviderFor(deps.config, deps.sandboxWebhooks).label
  const labels = {
    identity: identityLabel,
    screening: screeningProviderFor(deps.config, deps.sandboxWebhooks).label,
    openBanking: provider.label,
  }
  // The bank check's provider label and the banks to choose from go with the gift too (decision 069).
  const withIdentityLabel = async (gift: GiftorGiftView) => ({
    ...gift,
    identity_provider_label: identityLabel,
    bank: { ...gift.bank, provider_label: provider.label },
    banks: await provider.banks(),
  })
  const giftor = (viewer: Viewer, ip: string | null): GiftorContext => ({
    database,
    viewer,
    storage,
    provider: signing,
    ip,
    ...mailOptions,
  })
  const router = createRouter()
    .openapi(e.picture, async (c) =>
      c.json(
        await getFundsPicture({ database, viewer: requireViewer(c), txId: c.req.valid('param').txId, provider }),
        200,
      ),
    )
    .openapi(e.statuses, async (c) =>
      c.json(await getFundsStatuses({ database, viewer: requireViewer(c), txId: c.req.valid('param').txId }), 200),
    )
    .openapi(e.savePlan, async (c) =>
      c.json(
        await saveFundsPlan({
          database,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          provider,
          input: c.req.valid('json'),
        }),
        200,
      ),
    )
    .openapi(e.startConsent, async (c) =>
      c.json(
        await startBankConsent({
          database,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          bankId: c.req.valid('json').bank_id,
          provider,
        }),
        201,
      ),
    )
    .openapi(e.selectAccount, async (c) => {
      const { txId, accountId } = c.req.valid('param')
      return c.json(
        await selectAccount({
          database,
          viewer: requireViewer(c),
          txId,
          accountId,
          selected: c.req.valid('json').selected,
          provider,
        }),
        200,
      )
    })
    .openapi(e.explain, async (c) => {
      const body = c.req.valid('json')
      return c.json(
        await explainTransaction({
          database,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          provider,
          accountId: body.account_id,
          transactionId: body.transaction_id,
          explanation: body.explanation,
        }),
        200,
      )
    })
    .openapi(e.addGift, async (c) => {
      const picture = await addGift({
        database,
        viewer: requireViewer(c),
        txId: c.req.valid('param').txId,
        provider,
        input: c.req.valid('json'),
        ...mailOptions,
      })
      deps.mail.kick()
      return c.json(picture, 201)
    })
    .openapi(e.resendGiftInvitation, async (c) => {
      const { txId, giftId } = c.req.valid('param')
      const picture = await resendGiftInvitation({
        database,
        viewer: requireViewer(c),
        txId,
        giftId,
        provider,
        ...mailOptions,
      })
      deps.mail.kick()
      return c.json(picture, 200)
    })
    .openapi(e.giftorGift, async (c) =>
      c.json(
        await withIdentityLabel(
          await getGiftorGift({ database, viewer: requireViewer(c), giftId: c.req.valid('param').giftId }),
        ),
        200,
      ),
    )
    .openapi(e.myGifts, async (c) => c.json(await listMyGifts({ database, viewer: requireViewer(c) }), 200))
    .openapi(e.startGiftBankConsent, async (c) =>
      c.json(
        await startGiftBankConsent({
          database,
          viewer: requireViewer(c),
          giftId: c.req.valid('param').giftId,
          bankId: c.req.valid('json').bank_id,
          provider,
        }),
        201,
      ),
    )
    .openapi(e.giftChecks, async (c) => {
      const { txId, giftId } = c.req.valid('param')
      return c.json(await getGiftChecks({ database, viewer: requireViewer(c), txId, giftId, labels }), 200)
    })
    .openapi(e.prepareGiftDeclaration, async (c) =>
      c.json(
        await withIdentityLabel(
          await prepareGiftDeclaration({
            ...giftor(requireViewer(c), c.var.client.ip),
            giftId: c.req.valid('param').giftId,
            input: c.req.valid('json'),
          }),
        ),
        200,
      ),
    )
    .openapi(e.giftDeclarationFile, async (c) => {
      const file = await giftDeclarationFile({
        database,
        storage,
        viewer: requireViewer(c),
        giftId: c.req.valid('param').giftId,
      })
      return c.body(new Uint8Array(file.bytes), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${file.filename.replace(/[^\x20-\x7e]|"/g, '_')}"`,
        'X-Content-Type-Options': 'nosniff',
      })
    })
    .openapi(e.signGift, async (c) => {
      const gift = await signGiftDeclaration({
        ...giftor(requireViewer(c), c.var.client.ip),
        giftId: c.req.valid('param').giftId,
        input: c.req.valid('json'),
      })
      deps.mail.kick()
      return c.json(await withIdentityLabel(gift), 200)
    })
    .openapi(e.review, async (c) => {
      const body = c.req.valid('json')
      const picture = await reviewFunds({
        database,
        viewer: requireViewer(c),
        txId: c.req.valid('param').txId,
        decision: body.decision,
        note: body.note,
        provider,
        notify: { publicUrl: deps.config.publicUrl, deliverMail: deps.mail.deliver },
      })
      deps.mail.kick()
      return c.json(picture, 200)
    })
  return router
}

/** POST /api/webhooks/open-banking: no session; the Standard Webhooks signature is the authentication. */
export function openBankingWebhookRoutes(deps: AppDeps) {
  const provider = openBankingOf(deps)
  return new Hono().post(OPEN_BANKING_WEBHOOK_PATH, async (c) => {
    await receiveConsentWebhook({
      database: deps.database,
      provider,
      secret: deps.config.providerWebhookSecret,
      headers: c.req.raw.headers,
      body: await c.req.text(),
    })
    return c.json({ received: true }, 200)
  })
}
