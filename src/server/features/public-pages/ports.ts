/**
 * What the server renderer reads of other features, handed in by the composition point
 * (src/server/feature-ports.ts) so that public-pages imports no other feature: the directory's own
 * use cases, whose answers it checks against the same contracts as GET /api/organizations, and the
 * Academy's certificate check.
 */
import type { CertificateCheck } from '#shared/contracts/academy.ts'
import type { DirectoryResponse, MarketingClaims, OrganizationProfile } from '#shared/contracts/directory.ts'
import type { Database, JsonText } from '#server/db/client.ts'

export interface PublicPagesPorts {
  /** GET /api/organizations's answer (features/directory). */
  listOrganizations: (opts: { database: Database }) => Promise<JsonText<DirectoryResponse>>
  /** GET /api/organizations/{orgId}'s answer; throws a 404 AppError for no such firm. */
  getOrganization: (opts: { database: Database; orgId: string }) => Promise<JsonText<OrganizationProfile>>
  /** Every listed firm's id and last change (ISO), for the sitemap. */
  listOrganizationUpdates: (opts: { database: Database }) => Promise<{ id: string; updatedAt: string }[]>
  /** GET /api/certificates/{number}'s answer (features/academy); throws a 404 AppError for no such certificate. */
  checkCertificate: (opts: { database: Database; number: string }) => Promise<CertificateCheck>
  /** GET /api/marketing-claims's answer (features/directory): demo copy or live counts. */
  marketingClaims: (opts: { database: Database; production: boolean }) => Promise<MarketingClaims>
}
