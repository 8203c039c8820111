/**
 * HTTP edge of verified parties: the viewer's identity check and its steps (/me/identity-check),
 * the badges and checklist of a move, the CDD records of the conveyancer instructed for a client,
 * identity images, and the partners' webhooks. Use cases beside this file; access in
 * src/server/access/verification.ts. Providers are chosen by config (providers/identity-verification,
 * providers/sanctions-screening).
 */
import { verificationEndpoints as endpoints } from '#shared/contracts/verification.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { identityProviderFor } from '#server/providers/identity-verification/index.ts'
import { screeningProviderFor } from '#server/providers/sanctions-screening/index.ts'
import {
  decideCdd,
  getCdd,
  openCdd,
  reviewIdentity,
  saveCountries,
  saveEdd,
  saveReliance,
  type Providers,
} from './cdd-record'
import {
  getMyIdentity,
  saveAddressStep,
  saveDocumentStep,
  saveSelfieStep,
  startIdentityCheck,
  submitIdentityCheck,
} from './identity-check'
import { viewIdentityImage } from './identity-images'
import type { VerificationPorts } from './ports'
import { getVerificationSummary } from './summary'
import { receiveIdentityWebhook, receiveScreeningWebhook } from './webhooks'

/** `ports`: what verification reads of other features (src/server/feature-ports.ts). */
export function verificationRoutes({ database, config, mail, sandboxWebhooks }: AppDeps, ports: VerificationPorts) {
  const storage = storageFor(config)
  const providers: Providers = {
    identity: identityProviderFor(config, sandboxWebhooks),
    screening: screeningProviderFor(config, sandboxWebhooks),
    fundingShortfall: ports.fundingShortfallOf,
  }
  const provider = providers.identity
  const secret = config.providerWebhookSecret
  return createRouter()
    .openapi(endpoints.myIdentity, async (c) =>
      c.json(await getMyIdentity({ database, viewer: requireViewer(c), provider }), 200),
    )
    .openapi(endpoints.startIdentity, async (c) =>
      c.json(await startIdentityCheck({ database, storage, viewer: requireViewer(c), provider }), 201),
    )
    .openapi(endpoints.documentStep, async (c) =>
      c.json(
        await saveDocumentStep({
          database,
          storage,
          viewer: requireViewer(c),
          provider,
          checkId: c.req.valid('param').checkId,
          input: c.req.valid('json'),
        }),
        200,
      ),
    )
    .openapi(endpoints.selfieStep, async (c) =>
      c.json(
        await saveSelfieStep({
          database,
          storage,
          viewer: requireViewer(c),
          provider,
          checkId: c.req.valid('param').checkId,
          input: c.req.valid('json'),
        }),
        200,
      ),
    )
    .openapi(endpoints.addressStep, async (c) =>
      c.json(
        await saveAddressStep({
          database,
          viewer: requireViewer(c),
          provider,
          checkId: c.req.valid('param').checkId,
          input: c.req.valid('json'),
        }),
        200,
      ),
    )
    .openapi(endpoints.submitIdentity, async (c) =>
      c.json(
        await submitIdentityCheck({
          database,
          storage,
          viewer: requireViewer(c),
          provider,
          checkId: c.req.valid('param').checkId,
        }),
        200,
      ),
    )
    .openapi(endpoints.summary, async (c) =>
      c.json(
        await getVerificationSummary({
          database,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          providers,
          ports,
        }),
        200,
      ),
    )
    .openapi(endpoints.getCdd, async (c) =>
      c.json(await getCdd({ database, viewer: requireViewer(c), ...c.req.valid('param'), providers }), 200),
    )
    .openapi(endpoints.openCdd, async (c) =>
      c.json(await openCdd({ database, viewer: requireViewer(c), ...c.req.valid('param'), providers }), 201),
    )
    .openapi(endpoints.saveEdd, async (c) =>
      c.json(
        await saveEdd({
          database,
          viewer: requireViewer(c),
          ...c.req.valid('param'),
          input: c.req.valid('json'),
          providers,
        }),
        200,
      ),
    )
    .openapi(endpoints.saveCountries, async (c) =>
      c.json(
        await saveCountries({
          database,
          viewer: requireViewer(c),
          ...c.req.valid('param'),
          input: c.req.valid('json'),
          providers,
        }),
        200,
      ),
    )
    .openapi(endpoints.saveReliance, async (c) =>
      c.json(
        await saveReliance({
          database,
          viewer: requireViewer(c),
          ...c.req.valid('param'),
          input: c.req.valid('json'),
          providers,
        }),
        200,
      ),
    )
    .openapi(endpoints.decide, async (c) =>
      c.json(
        await decideCdd({
          database,
          viewer: requireViewer(c),
          ...c.req.valid('param'),
          input: c.req.valid('json'),
          providers,
          notify: { publicUrl: config.publicUrl, deliverMail: mail.deliver },
        }),
        200,
      ),
    )
    .openapi(endpoints.reviewIdentity, async (c) =>
      c.json(
        await reviewIdentity({
          database,
          viewer: requireViewer(c),
          ...c.req.valid('param'),
          input: c.req.valid('json'),
          providers,
        }),
        200,
      ),
    )
    .openapi(endpoints.image, async (c) => {
      const { txId, profileId, image } = c.req.valid('param')
      const found = await viewIdentityImage({ database, storage, viewer: requireViewer(c), txId, profileId, image })
      return c.body(new Uint8Array(found.bytes), 200, {
        'Content-Type': found.contentType,
        'Content-Disposition': 'inline',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
    })
    .openapi(endpoints.identityWebhook, async (c) => {
      await receiveIdentityWebhook({
        database,
        providers,
        secret,
        providerName: c.req.valid('param').provider,
        headers: c.req.raw.headers,
        body: await c.req.text(),
      })
      return c.json({ received: true as const }, 200)
    })
    .openapi(endpoints.sanctionsWebhook, async (c) => {
      await receiveScreeningWebhook({
        database,
        providers,
        secret,
        providerName: c.req.valid('param').provider,
        headers: c.req.raw.headers,
        body: await c.req.text(),
      })
      return c.json({ received: true as const }, 200)
    })
}
