/**
 * The sanctions and PEP screening provider interface (CONVENTIONS.md, providers/): screens a
 * client's name (and date of birth when known) against the UK sanctions list and lists of
 * politically exposed persons. A screening is started here; its result arrives later by a signed
 * webhook to POST /api/webhooks/sanctions/<provider name>, which `parseWebhook` reads.
 * Chosen by SANCTIONS_PROVIDER (config.ts): 'sandbox' or 'http'.
 */

export interface ScreeningRequest {
  /** Our reference for this screening: the webhook names it. */
  reference: string
  fullName: string
  dateOfBirth: string | null
}

export interface ScreeningMatch {
  list: 'sanctions' | 'pep'
  /** The listed name that matched. */
  name: string
  /** Similarity from 0 to 1 (1: the same name). */
  score: number
  /** Regime and group id (sanctions) or position and country (PEP). */
  detail: string
}

export interface ScreeningResult {
  reference: string
  matches: ScreeningMatch[]
}

export interface SanctionsScreeningProvider {
  readonly name: string
  /** Shown beside screening results ("Sandbox": a sample list, not the real one). */
  readonly label: string
  startScreening(request: ScreeningRequest): Promise<void>
  /** The provider's webhook body (signature already checked) as a result; throws ScreeningProviderError otherwise. */
  parseWebhook(payload: unknown): ScreeningResult
}

export class ScreeningProviderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ScreeningProviderError'
  }
}
