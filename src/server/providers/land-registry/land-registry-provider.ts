/**
 * The land registry provider interface (CONVENTIONS.md, providers/): an official copy of the register
 * for a title number, shaped as HM Land Registry's Business Gateway "Official Copy with Summary"
 * answer (register A, B and C: property, proprietorship, charges). The sandbox holds a handful of
 * realistic registers as data; a Business Gateway adapter would call HMLR (not written yet: decision 029).
 * Chosen by LAND_REGISTRY_PROVIDER (providers/land-registry/index.ts).
 */
import type { RegisterSummary } from '#shared/domain/title-check.ts'

export interface LandRegistryProvider {
  /** 'sandbox', 'off' (none configured) or, once written, 'business-gateway'. */
  readonly name: string
  /** Shown beside each result ("Sandbox": sample registers, not HM Land Registry's). */
  readonly label: string
  /** The title numbers the provider knows, for a sandbox's hint; null for the real registry. */
  readonly knownTitles: string[] | null
  /**
   * The register of `titleNumber` (upper case, e.g. HD412873). Throws LandRegistryError 'unknown_title'
   * when HMLR has no such title, 'unavailable' when the service cannot answer.
   */
  officialCopy(titleNumber: string): Promise<RegisterSummary>
}

export class LandRegistryError extends Error {
  constructor(
    public readonly reason: 'unknown_title' | 'unavailable' | 'not_configured',
    message: string,
  ) {
    super(message)
    this.name = 'LandRegistryError'
  }
}
