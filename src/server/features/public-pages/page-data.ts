/** The public data the server renderer may read, through the directory's own use cases. */
import { CertificateCheck, CertificateParams } from '#shared/contracts/academy.ts'
import {
  DirectoryResponse,
  MarketingClaims,
  OrganizationParams,
  OrganizationProfile,
} from '#shared/contracts/directory.ts'
import type { PublicPageData } from '#shared/contracts/server-render.ts'
import type { Database } from '#server/db/client.ts'
import { AppError } from '#server/core/errors.ts'
import type { PublicPagesPorts } from './ports'

/**
 * PublicPageData on `database`: the directory and profiles exactly as GET /api/organizations and
 * /api/organizations/{orgId} answer them (the same use cases, checked against the same contracts).
 * A profile id that is not a UUID, or of no firm, is null; so is a certificate number not well formed
 * or of no certificate (GET /api/certificates/{number}'s use case). `production` (NODE_ENV=production)
 * makes the marketing claims live (GET /api/marketing-claims's use case).
 */
export function publicPageData(
  database: Database,
  {
    listOrganizations,
    getOrganization,
    checkCertificate,
    marketingClaims,
  }: Pick<PublicPagesPorts, 'listOrganizations' | 'getOrganization' | 'checkCertificate' | 'marketingClaims'>,
  production: boolean,
): PublicPageData {
  return {
    loadMarketingClaims: async () => MarketingClaims.parse(await marketingClaims({ database, production })),
    loadDirectory: async () => DirectoryResponse.parse(JSON.parse(await listOrganizations({ database }))),
    loadProfile: async (orgId) => {
      if (!OrganizationParams.safeParse({ orgId }).success) return null
      try {
        return OrganizationProfile.parse(JSON.parse(await getOrganization({ database, orgId })))
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return null
        throw error
      }
    },
    loadCertificate: async (number) => {
      const params = CertificateParams.safeParse({ number })
      if (!params.success) return null
      try {
        return CertificateCheck.parse(await checkCertificate({ database, number: params.data.number }))
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return null
        throw error
      }
    },
  }
}
