/**
 * A certified identity service provider over HTTPS (IDENTITY_PROVIDER=idsp): a small adapter for a
 * provider that takes the check as JSON and answers by Standard Webhooks, with these shapes:
 *
 *   POST {IDENTITY_PROVIDER_URL}/checks   Authorization: Bearer {IDENTITY_PROVIDER_API_KEY}
 *        Idempotency-Key: <our check id>
 *        { reference, document: { type, number, expiry, surname, given_names, date_of_birth,
 *          image: { content_type, data_base64 } }, selfie: { content_type, data_base64 },
 *          address: { lines, postcode }, required_confidence: "medium" }
 *   -> 201 { id }
 *   webhook: { type: "check.completed", check: { id, reference, outcome: "pass"|"refer"|"fail",
 *              document_authentic, face_match, liveness, chip_read, confidence, reason } }
 *   (chip_read: the provider's app read the document's chip over NFC and verified its signature)
 *
 * A vendor with another shape (Yoti, Onfido, ...) gets its own adapter implementing
 * IdentityVerificationProvider; nothing else changes (docs/decisions/026-identity-and-cdd.md).
 */
import { z } from 'zod'
import {
  IdentityProviderError,
  type IdentityResult,
  type IdentityVerificationProvider,
} from './identity-verification-provider'

/** The provider's answers and webhook (the shapes above): untrusted input, parsed. */
const IdspCreated = z.object({ id: z.string() })
const IdspRefusal = z.object({ error: z.object({ message: z.string() }) })
const IdspCompleted = z.object({
  type: z.literal('check.completed'),
  check: z.object({
    id: z.union([z.string(), z.number()]),
    reference: z.string(),
    outcome: z.string().optional(),
    document_authentic: z.boolean().optional(),
    face_match: z.boolean().optional(),
    liveness: z.boolean().optional(),
    chip_read: z.boolean().optional(),
    confidence: z.string().nullish(),
    reason: z.string().nullish(),
  }),
})

/** Creates the adapter; config has already checked that the URL and key are set. */
export function createIdspIdentityProvider(
  options: { baseUrl: string; apiKey: string },
  fetchImpl: typeof fetch = fetch,
): IdentityVerificationProvider {
  return {
    name: 'idsp',
    label: 'Identity provider',
    async startCheck(request) {
      const res = await fetchImpl(`${options.baseUrl.replace(/\/$/, '')}/checks`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': request.checkId,
        },
        body: JSON.stringify({
          reference: request.checkId,
          document: {
            type: request.documentType,
            number: request.documentNumber,
            expiry: request.documentExpiresOn,
            surname: request.surname,
            given_names: request.givenNames,
            date_of_birth: request.dateOfBirth,
            image: {
              content_type: request.documentImage.contentType,
              data_base64: request.documentImage.bytes.toString('base64'),
            },
          },
          selfie: {
            content_type: request.selfieImage.contentType,
            data_base64: request.selfieImage.bytes.toString('base64'),
          },
          address: request.address,
          required_confidence: 'medium',
        }),
      })
      const body: unknown = await res.json().catch(() => ({}))
      const created = IdspCreated.safeParse(body)
      if (!res.ok || !created.success) {
        throw new IdentityProviderError(
          `The identity provider refused the check: ${IdspRefusal.safeParse(body).data?.error.message ?? `HTTP ${res.status}`}`,
        )
      }
      return { providerCheckId: created.data.id }
    },
    parseWebhook(payload): IdentityResult {
      const parsed = IdspCompleted.safeParse(payload)
      if (!parsed.success) throw new IdentityProviderError(`not a completed check: ${z.prettifyError(parsed.error)}`)
      const { check } = parsed.data
      const outcome = check.outcome === 'pass' ? 'verified' : check.outcome === 'refer' ? 'needs_review' : 'failed'
      return {
        checkId: check.reference,
        providerCheckId: String(check.id),
        outcome,
        documentAuthentic: check.document_authentic === true,
        faceMatch: check.face_match === true,
        liveness: check.liveness === true,
        chipRead: check.chip_read === true,
        confidence:
          check.confidence === 'medium' || check.confidence === 'high' ? 'medium' : outcome === 'failed' ? null : 'low',
        failureReason: typeof check.reason === 'string' ? check.reason : null,
      }
    },
  }
}
