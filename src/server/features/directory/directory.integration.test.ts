/** The public directory: contract shape, tier order, first metrics row only, profile with reviews. */
import { beforeAll, describe, expect, it } from 'vitest'
import { DirectoryResponse, MarketingClaims, OrganizationProfile } from '#shared/contracts/directory.ts'
import { tierRank } from '#shared/domain/organizations.ts'
import { createOrganization } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()
let gold: string
beforeAll(async () => {
  await createOrganization(t.database, { name: 'Silverline Surveys', type: 'survey' })
  gold = (
    await createOrganization(t.database, {
      name: 'Goldcrest Law',
      metrics: { completedCases: 40, avgDays: 60, collapseRate: 0.1, csat: 4.5 },
      reviewRatings: [5, 4, 5],
    })
  ).organizationId
  await createOrganization(t.database, {
    name: 'Platinum Moves',
    type: 'agent',
    metrics: { completedCases: 150, avgDays: 50, collapseRate: 0.05, csat: 4.8, documentAccuracy: 0.99 },
  })
})

describe('GET /api/organizations', () => {
  it('is public, matches the contract and lists the highest tier first', async () => {
    const res = await t.request('/api/organizations')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
    const body = DirectoryResponse.parse(await res.json())
    expect(body.organizations.map((o) => o.name)).toEqual(['Platinum Moves', 'Goldcrest Law', 'Silverline Surveys'])
    const ranks = body.organizations.map((o) => tierRank(o.accreditation_tier))
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a))
    const goldOrg = body.organizations.find((o) => o.id === gold)!
    expect(goldOrg.marketplace_reviews.map((r) => r.rating_int).sort()).toEqual([4, 5, 5])
    expect(goldOrg.accreditation_metrics).toHaveLength(1)
    expect(goldOrg.accreditation_metrics[0]).toMatchObject({
      avg_days: 60,
      collapse_rate: 0.1,
      csat: 4.5,
      cases_count: 40,
    })
  })

  it('returns only the latest metrics row when there are several', async () => {
    await t.database.query(
      `insert into accreditation_metrics (organization_id, avg_days, collapse_rate, csat, cases_count, recorded_at)
       values ($1, 99, 0.2, 4.0, 41, now() - interval '1 year')`,
      [gold],
    )
    const body = DirectoryResponse.parse(await (await t.request('/api/organizations')).json())
    const goldOrg = body.organizations.find((o) => o.id === gold)!
    expect(goldOrg.accreditation_metrics).toHaveLength(1)
    expect(goldOrg.accreditation_metrics[0].avg_days).toBe(60)
  })
})

describe('GET /api/organizations/{orgId}', () => {
  it('returns the profile with its reviews', async () => {
    const res = await t.request(`/api/organizations/${gold}`)
    expect(res.status).toBe(200)
    const profile = OrganizationProfile.parse(await res.json())
    expect(profile.name).toBe('Goldcrest Law')
    expect(profile.reviews).toHaveLength(3)
  })

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await t.request('/api/organizations/00000000-0000-4000-8000-000000000000')
    expect(missing.status).toBe(404)
    expect((await missing.json()).error.message).toBe('Could not find this professional.')
    const bad = await t.request('/api/organizations/123')
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.fields).toHaveProperty('orgId')
  })
})

describe('GET /api/marketing-claims (decision 068)', () => {
  it('is public and says demo outside production, with the listed accredited conveyancers counted', async () => {
    const res = await t.request('/api/marketing-claims')
    expect(res.status).toBe(200)
    // Goldcrest Law is the one listed conveyancer with a tier; the surveyor and the agent are not counted.
    expect(MarketingClaims.parse(await res.json())).toEqual({ mode: 'demo', listed_conveyancers: 1 })
  })
})
