/**
 * The sandbox identity provider: no real check is made; it behaves like a real provider otherwise.
 * startCheck answers at once with a reference (`sandbox_idv_<check id>`), and the result arrives
 * about 1.5 seconds later by a signed webhook (Standard Webhooks) to
 * POST /api/webhooks/identity/sandbox, through the app's whole HTTP stack. Shown as "Sandbox".
 *
 * Scenarios, chosen by the surname on the document (any case; documented in
 * docs/decisions/026-identity-and-cdd.md):
 * - `Facemismatch`: the selfie does not match the document: failed (face match false).
 * - `Spoof`: liveness fails (a photo of a photo): failed.
 * - `Forgery`: the document is not authentic: failed.
 * - `Manualreview`: the provider cannot decide: needs review, confidence low.
 * - `Chipread`: verified to medium confidence, and for a passport the chip read is simulated (as a
 *   provider's app reading it over NFC would report): the one sandbox result that meets PG81.
 * - anyone else: verified to medium confidence, face match and liveness passed, no chip read (this
 *   app reads none): PG81 is not met.
 * An expired document never reaches the provider: the document step refuses it (422). Any image
 * will do (it is only checked to be a JPEG, PNG or WebP).
 */
import { z } from 'zod'
import type { SandboxWebhookDispatcher } from '#server/providers/webhooks/sandbox-webhooks.ts'
import {
  IdentityProviderError,
  type IdentityCheckRequest,
  type IdentityResult,
  type IdentityVerificationProvider,
} from './identity-verification-provider'

export const SANDBOX_IDENTITY_WEBHOOK_PATH = '/api/webhooks/identity/sandbox'

/** The sandbox's answer for a request: deterministic, from the surname. */
export function sandboxIdentityResult(request: IdentityCheckRequest): IdentityResult {
  const surname = request.surname.trim().toLowerCase()
  const providerCheckId = `sandbox_idv_${request.checkId.replace(/-/g, '')}`
  const base = {
    checkId: request.checkId,
    providerCheckId,
    documentAuthentic: true,
    faceMatch: true,
    liveness: true,
    chipRead: false,
  }
  if (surname === 'facemismatch') {
    return {
      ...base,
      outcome: 'failed',
      faceMatch: false,
      confidence: null,
      failureReason: 'The selfie does not match the photo on the document.',
    }
  }
  if (surname === 'spoof') {
    return {
      ...base,
      outcome: 'failed',
      liveness: false,
      confidence: null,
      failureReason: 'The selfie did not pass the liveness check: it looked like a photo of a photo.',
    }
  }
  if (surname === 'forgery') {
    return {
      ...base,
      outcome: 'failed',
      documentAuthentic: false,
      confidence: null,
      failureReason: 'The document could not be confirmed as genuine.',
    }
  }
  if (surname === 'manualreview') {
    return {
      ...base,
      outcome: 'needs_review',
      confidence: 'low',
      failureReason: 'The provider could not reach medium confidence automatically and sent the check for review.',
    }
  }
  // A licence has no chip: only a passport's can be read.
  const chipRead = surname === 'chipread' && request.documentType === 'passport'
  return { ...base, chipRead, outcome: 'verified', confidence: 'medium', failureReason: null }
}

/** The sandbox's event as startCheck sends it (the webhook's signature is checked before it is parsed). */
const SandboxIdentityEvent = z.object({
  type: z.literal('identity.check.completed'),
  result: z.object({
    checkId: z.string(),
    providerCheckId: z.string(),
    outcome: z.enum(['verified', 'needs_review', 'failed']),
    documentAuthentic: z.boolean(),
    faceMatch: z.boolean(),
    liveness: z.boolean(),
    chipRead: z.boolean().default(false),
    confidence: z.enum(['medium', 'low']).nullable(),
    failureReason: z.string().nullable(),
  }) satisfies z.ZodType<IdentityResult>,
})

/** Creates the sandbox provider, delivering through `webhooks` (deps.sandboxWebhooks). */
export function createSandboxIdentityProvider(webhooks: SandboxWebhookDispatcher): IdentityVerificationProvider {
  return {
    name: 'sandbox',
    label: 'Sandbox',
    async startCheck(request) {
      const result = sandboxIdentityResult(request)
      webhooks.send({ path: SANDBOX_IDENTITY_WEBHOOK_PATH, event: { type: 'identity.check.completed', result } })
      return { providerCheckId: result.providerCheckId }
    },
    parseWebhook(payload) {
      const p = SandboxIdentityEvent.safeParse(payload)
      if (!p.success) throw new IdentityProviderError(`not an identity check result: ${z.prettifyError(p.error)}`)
      return p.data.result
    },
  }
}
