/**
 * The identity verification provider interface (CONVENTIONS.md, providers/): checks a person's
 * identity document, a selfie against it (face match and liveness), whether it read the document's
 * chip, and reports a confidence level against the UK digital identity and attributes trust framework.
 * HM Land Registry's digital identity standard (PG81) needs a provider certified under the framework,
 * medium confidence and the chip read (shared/domain/identity-assurance.ts says when it is met). A check is started here; its result arrives later by a signed webhook to
 * POST /api/webhooks/identity/<provider name>, which `parseWebhook` turns into an IdentityResult.
 * Chosen by IDENTITY_PROVIDER (config.ts): 'sandbox' or 'idsp'.
 */

export interface IdentityCheckRequest {
  /** Our check id: the provider echoes it back, and it is the idempotency key. */
  checkId: string
  documentType: 'passport' | 'driving_licence'
  surname: string
  givenNames: string
  dateOfBirth: string
  documentNumber: string
  documentExpiresOn: string
  documentImage: { contentType: string; bytes: Buffer }
  selfieImage: { contentType: string; bytes: Buffer }
  address: { lines: string[]; postcode: string }
}

export interface IdentityResult {
  /** Our check id, as sent. */
  checkId: string
  providerCheckId: string
  outcome: 'verified' | 'needs_review' | 'failed'
  documentAuthentic: boolean
  faceMatch: boolean
  liveness: boolean
  /**
   * The provider read the document's chip and verified its signature (NFC, in its own app): a
   * passport only. PG81 needs it (shared/domain/identity-assurance.ts).
   */
  chipRead: boolean
  /** Trust framework confidence the provider reached: 'medium', 'low', or null when failed. Alone it does not meet PG81. */
  confidence: 'medium' | 'low' | null
  /** Why it failed or was sent to review, in words a person can act on; null when verified. */
  failureReason: string | null
}

export interface IdentityVerificationProvider {
  /** 'sandbox' or 'idsp': also the webhook path's last segment. */
  readonly name: string
  /** Shown beside identity results in the UI ("Sandbox": no real check is made). */
  readonly label: string
  /** Sends the check; resolves with the provider's reference. Throws IdentityProviderError on refusal. */
  startCheck(request: IdentityCheckRequest): Promise<{ providerCheckId: string }>
  /** The provider's webhook body (already signature-checked) as a result; throws IdentityProviderError when it is not one. */
  parseWebhook(payload: unknown): IdentityResult
}

export class IdentityProviderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'IdentityProviderError'
  }
}

/** What to tell a person whose check failed or went to review, by the part that did not pass. */
export function nextStepFor(
  result: Pick<IdentityResult, 'outcome' | 'faceMatch' | 'liveness' | 'documentAuthentic'>,
): string | null {
  if (result.outcome === 'verified') return null
  if (result.outcome === 'needs_review') {
    return 'Your conveyancer will review the check and contact you; you do not need to do anything yet.'
  }
  if (!result.faceMatch || !result.liveness) {
    return 'Start again and retake your selfie: face the camera in good light, without glasses, hat or mask, and make sure it is you on the document.'
  }
  if (!result.documentAuthentic) {
    return 'Start again with a clear photo of the whole document (no glare, all four corners in view), or use another document.'
  }
  return 'Start again, or ask your conveyancer to check your identity another way.'
}
