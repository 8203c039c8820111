import { describe, expect, it } from 'vitest'
import { createDirectory } from './organization-factory'
import { sameCardContent } from './same-card'

const org = createDirectory(6).find((o) => o.marketplace_reviews.length > 1 && o.accreditation_metrics.length)!
const copy = () => structuredClone(org)

describe('sameCardContent', () => {
  it('is true for a copy with the same content (the server page against the loaded directory)', () => {
    expect(copy()).not.toBe(org)
    expect(sameCardContent(org, copy())).toBe(true)
  })

  it('ignores what the card does not show', () => {
    expect(sameCardContent(org, { ...copy(), contact_email: 'new@example.com', website: 'https://new.example' })).toBe(
      true,
    )
  })

  it.each([
    ['id', { id: '00000000-0000-4000-8000-000000000000' }],
    ['name', { name: 'Another Firm LLP' }],
    ['type', { type: org.type === 'law' ? 'survey' : 'law' }],
    ['tier', { accreditation_tier: org.accreditation_tier === 'gold' ? 'silver' : 'gold' }],
    ['town', { town: 'Elsewhere' }],
    ['postcode district', { postcode_district: 'ZZ9' }],
    ['description', { description: 'Changed' }],
    ['logo', { logo_url: '/api/firm-logos/x/abc.webp' }],
    ['regulator check', { regulator_status: 'verified' }],
  ] as const)('is false when the %s differs', (_, change) => {
    expect(sameCardContent(org, { ...copy(), ...change })).toBe(false)
  })

  it('is false when a figure or a rating differs', () => {
    const figures = copy()
    figures.accreditation_metrics = [{ ...figures.accreditation_metrics[0], avg_days: 999 }]
    expect(sameCardContent(org, figures)).toBe(false)
    const noFigures = { ...copy(), accreditation_metrics: [] }
    expect(sameCardContent(org, noFigures)).toBe(false)
    const ratings = copy()
    ratings.marketplace_reviews = [...ratings.marketplace_reviews, { rating_int: 1 }]
    expect(sameCardContent(org, ratings)).toBe(false)
    const changed = copy()
    changed.marketplace_reviews[0] = { rating_int: changed.marketplace_reviews[0].rating_int === 5 ? 4 : 5 }
    expect(sameCardContent(org, changed)).toBe(false)
  })
})
