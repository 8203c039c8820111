/**
 * The composition point of features that read one another: each consumer declares what it needs in
 * its own `ports.ts` (a structural interface, so that it imports no other feature), and this file,
 * beside app.ts, hands it the provider feature's use cases. app.ts passes each to its router.
 * The other composition point is timeline-hooks.ts (what reacts to status changes and blocks).
 */
import type { DataRightsPorts } from './features/data-rights/ports'
import { getOrganization, listOrganizations, listOrganizationUpdates } from './features/directory/list-organizations'
import { marketingClaims } from './features/directory/marketing-claims'
import { exportFunds } from './features/funds/export-funds'
import { fundingShortfallOf, fundsStatusesOf } from './features/funds/read-funds'
import { checkCertificate } from './features/academy/check-certificate'
import type { PublicPagesPorts } from './features/public-pages/ports'
import { exportIdentityChecks } from './features/verification/export-identity'
import { eraseUnreliedIdentityChecks } from './features/verification/retention'
import type { VerificationPorts } from './features/verification/ports'

/** data-rights <- verification, funds: identity checks and source of funds in the export, and identity checks' erasure on deletion. */
export const dataRightsPorts: DataRightsPorts = { exportIdentityChecks, eraseUnreliedIdentityChecks, exportFunds }

/** verification <- funds: the buyers' funds status on the People badges and the checklist, and the shortfall in CDD's risk. */
export const verificationPorts: VerificationPorts = { fundsStatusesOf, fundingShortfallOf }

/** public-pages <- directory, academy: the marketplace, the profiles, the sitemap and the certificate check, server-rendered. */
export const publicPagesPorts: PublicPagesPorts = {
  listOrganizations,
  getOrganization,
  listOrganizationUpdates,
  checkCertificate,
  marketingClaims,
}
