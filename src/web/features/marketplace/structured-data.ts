import type { OrganizationProfile } from '#shared/contracts/directory.ts'
import { averageRating, type OrganizationType } from '#shared/domain/organizations.ts'

/**
 * The schema.org LocalBusiness subtype of each kind of firm: a conveyancer is a LegalService, a
 * mortgage broker a FinancialService, an estate agent a RealEstateAgent, a surveyor a
 * ProfessionalService (schema.org has nothing narrower).
 */
export const SCHEMA_TYPE: Record<OrganizationType, string> = {
  law: 'LegalService',
  survey: 'ProfessionalService',
  broker: 'FinancialService',
  agent: 'RealEstateAgent',
}

/**
 * A professional's profile as schema.org JSON-LD: name, kind, description, email, where it is
 * (town and postcode district, in Great Britain) and, when it has reviews, their AggregateRating
 * (mean to one decimal, count, on a 1 to 5 scale). `url` is the profile's canonical address.
 */
export function organizationStructuredData(org: OrganizationProfile, url: string): Record<string, unknown> {
  const ratings = org.reviews.map((r) => r.rating_int)
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': SCHEMA_TYPE[org.type],
    '@id': url,
    url,
    name: org.name,
  }
  if (org.description) data.description = org.description
  if (org.contact_email) data.email = org.contact_email
  if (org.town || org.postcode_district) {
    data.address = {
      '@type': 'PostalAddress',
      ...(org.town ? { addressLocality: org.town } : {}),
      ...(org.postcode_district ? { postalCode: org.postcode_district } : {}),
      addressCountry: 'GB',
    }
  }
  if (ratings.length > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: averageRating(ratings),
      reviewCount: ratings.length,
      bestRating: 5,
      worstRating: 1,
    }
  }
  return data
}
