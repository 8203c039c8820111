import { describe, expect, it } from 'vitest'
import { ACCREDITATION_TIERS, ORGANIZATION_TYPES } from '#shared/domain/organizations.ts'
import { accreditationTierFor } from '#shared/domain/tiers.ts'
import { DEMO_FIRM_ID, DEMO_ORGANIZATION_COUNTS, generateDemoOrganizations } from './organizations'
import { TOWNS } from './towns'

const orgs = generateDemoOrganizations()

describe('generateDemoOrganizations', () => {
  it('is deterministic: the same directory on every call', () => {
    expect(generateDemoOrganizations()).toEqual(orgs)
  })

  it('has 180+ conveyancers and 40+ of each other type', () => {
    const count = (type: string) => orgs.filter((o) => o.type === type).length
    expect(count('law')).toBeGreaterThanOrEqual(180)
    for (const type of ['survey', 'broker', 'agent']) expect(count(type)).toBeGreaterThanOrEqual(40)
    for (const type of ORGANIZATION_TYPES) expect(count(type)).toBe(DEMO_ORGANIZATION_COUNTS[type])
  })

  it('stores the tier accreditationTierFor gives, and every tier occurs for every type', () => {
    for (const o of orgs) {
      const m = o.metrics
      expect(
        accreditationTierFor({
          onboardingComplete: m.onboardingComplete,
          academyLiteAccess: m.academyLiteAccess,
          liveCases: m.liveCasesCount,
          slaRate: m.slaRate,
          completedCases: m.casesCount,
          avgDays: m.avgDays,
          collapseRate: m.collapseRate,
          csat: m.csat,
          documentAccuracy: m.documentAccuracy,
        }),
      ).toBe(o.tier)
    }
    for (const type of ORGANIZATION_TYPES) {
      const ofType = orgs.filter((o) => o.type === type)
      const share = (tier: string) => ofType.filter((o) => o.tier === tier).length / ofType.length
      for (const tier of ACCREDITATION_TIERS) expect(share(tier)).toBeGreaterThan(0)
      // Roughly 3% platinum, 15% gold, the rest silver (targets: the engine decides from the history).
      expect(share('platinum')).toBeGreaterThan(0.01)
      expect(share('platinum')).toBeLessThan(0.07)
      expect(share('gold')).toBeGreaterThan(0.1)
      expect(share('gold')).toBeLessThan(0.21)
    }
  })

  it('keeps the figures in the domain brief ranges and at the precision the table stores', () => {
    for (const { metrics: m } of orgs) {
      expect(m.avgDays).toBeGreaterThanOrEqual(40)
      expect(m.avgDays).toBeLessThanOrEqual(120)
      expect(m.collapseRate).toBeGreaterThanOrEqual(0.05)
      expect(m.collapseRate).toBeLessThanOrEqual(0.3)
      expect(m.csat).toBeGreaterThanOrEqual(3.5)
      expect(m.csat).toBeLessThanOrEqual(5)
      expect(m.slaRate).toBeGreaterThan(0.7)
      expect(m.slaRate).toBeLessThanOrEqual(1)
      expect(m.documentAccuracy).toBeLessThanOrEqual(1)
      expect(m.liveCasesCount).toBeGreaterThanOrEqual(3)
      expect(Number.isInteger(m.casesCount)).toBe(true)
      expect(Math.round(m.collapseRate * 1e4) / 1e4).toBe(m.collapseRate)
      expect(Math.round(m.csat * 100) / 100).toBe(m.csat)
    }
  })

  it('places firms in at least 60 real towns across England and Wales', () => {
    const towns = new Set(orgs.map((o) => `${o.town}|${o.postcodeDistrict}`))
    expect(new Set(orgs.map((o) => o.town)).size).toBeGreaterThanOrEqual(60)
    const known = new Set(TOWNS.map((t) => `${t.town}|${t.district}`))
    for (const t of towns) expect(known).toContain(t)
    const nations = new Set(orgs.map((o) => TOWNS.find((t) => t.district === o.postcodeDistrict)!.nation))
    expect([...nations].sort()).toEqual(['england', 'wales'])
    for (const t of TOWNS) expect(t.district).toMatch(/^[A-Z]{1,2}[0-9][0-9A-Z]?$/)
  })

  it('gives unique names and contact emails at a reserved .example domain', () => {
    expect(new Set(orgs.map((o) => o.name)).size).toBe(orgs.length)
    expect(new Set(orgs.map((o) => o.contactEmail)).size).toBe(orgs.length)
    for (const o of orgs) {
      expect(o.contactEmail).toMatch(/^[a-z]+@[a-z0-9]+(-[a-z0-9]+)*\.example$/)
      expect(o.name).not.toMatch(/(\b\w+\b) & \1\b/)
      expect(o.description.length).toBeGreaterThan(150)
      expect(o.description).toContain(o.postcodeDistrict)
    }
  })

  it('gives 0 to 15 reviews, some firms none, ratings 1 to 5 and better on average in higher tiers', () => {
    for (const o of orgs) {
      expect(o.reviews.length).toBeLessThanOrEqual(15)
      for (const r of o.reviews) {
        expect(r.ratingInt).toBeGreaterThanOrEqual(1)
        expect(r.ratingInt).toBeLessThanOrEqual(5)
        expect(r.daysAgo).toBeGreaterThanOrEqual(1)
        expect(r.daysAgo).toBeLessThanOrEqual(730)
        expect(r.authorName).toMatch(/^\S+ [A-Z]\.$/)
        expect(r.body.length).toBeGreaterThan(20)
      }
    }
    expect(orgs.filter((o) => o.reviews.length === 0).length).toBeGreaterThan(10)
    const mean = (tier: string) => {
      const ratings = orgs.filter((o) => o.tier === tier).flatMap((o) => o.reviews.map((r) => r.ratingInt))
      return ratings.reduce((a, b) => a + b, 0) / ratings.length
    }
    expect(mean('platinum')).toBeGreaterThan(mean('gold'))
    expect(mean('gold')).toBeGreaterThan(mean('silver'))
  })

  it('includes the demo conveyancer firm in St Albans, with reviews', () => {
    const firm = orgs.find((o) => o.id === DEMO_FIRM_ID)!
    expect(firm).toMatchObject({ type: 'law', town: 'St Albans', postcodeDistrict: 'AL1', tier: 'gold' })
    expect(firm.reviews.length).toBeGreaterThan(0)
  })
})
