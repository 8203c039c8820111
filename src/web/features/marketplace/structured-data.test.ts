import { describe, expect, it } from 'vitest'
import type { OrganizationProfile } from '#shared/contracts/directory.ts'
import { jsonLdText } from '#web/lib/page-meta.tsx'
import { createOrganization } from './organization-factory'
import { organizationStructuredData, SCHEMA_TYPE } from './structured-data'

const URL_OF = 'https://homeward.example/marketplace/abc'

function profile(overrides: Partial<OrganizationProfile> = {}): OrganizationProfile {
  return { ...createOrganization(), reviews: [], ...overrides }
}

const review = (rating_int: number, i: number) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  rating_int,
  author_name: `Reviewer ${i}`,
  body: 'Kept us informed.',
  created_at: '2025-01-0' + (i + 1) + 'T10:00:00.000Z',
})

describe("a profile's schema.org data", () => {
  it('is the LocalBusiness subtype of its kind, with name, address and URL', () => {
    const org = profile({ type: 'law', name: 'Harrison Law LLP', town: 'Bristol', postcode_district: 'BS1' })
    const data = organizationStructuredData(org, URL_OF)
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LegalService',
      '@id': URL_OF,
      url: URL_OF,
      name: 'Harrison Law LLP',
      address: { '@type': 'PostalAddress', addressLocality: 'Bristol', postalCode: 'BS1', addressCountry: 'GB' },
    })
    expect(SCHEMA_TYPE).toEqual({
      law: 'LegalService',
      survey: 'ProfessionalService',
      broker: 'FinancialService',
      agent: 'RealEstateAgent',
    })
  })

  it("carries the reviews' AggregateRating: mean to one decimal and count", () => {
    const org = profile({ reviews: [5, 4, 4].map(review) })
    expect(organizationStructuredData(org, URL_OF).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.3',
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    })
  })

  it('has no rating without reviews, and no address, description or email it does not know', () => {
    const data = organizationStructuredData(
      profile({ reviews: [], town: null, postcode_district: null, description: null, contact_email: null }),
      URL_OF,
    )
    expect(data).not.toHaveProperty('aggregateRating')
    expect(data).not.toHaveProperty('address')
    expect(data).not.toHaveProperty('description')
    expect(data).not.toHaveProperty('email')
  })

  it('is written so that no text from the database can close its <script> element', () => {
    const text = jsonLdText(
      organizationStructuredData(profile({ name: 'Evil </script><script>alert(1)</script>' }), URL_OF),
    )
    expect(text).not.toContain('</script')
    expect(text).not.toContain('<')
    expect(JSON.parse(text).name).toBe('Evil </script><script>alert(1)</script>')
  })
})
