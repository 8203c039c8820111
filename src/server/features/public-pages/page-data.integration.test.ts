/** The server renderer's marketing claims (decision 068): live with NODE_ENV=production, else the demo's. */
import { describe, expect, it } from 'vitest'
import { publicPagesPorts } from '#server/feature-ports.ts'
import { createOrganization } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'
import { publicPageData } from './page-data'

const t = useTestApp()

describe('publicPageData.loadMarketingClaims', () => {
  it('is live in production and counts the listed accredited conveyancers', async () => {
    const production = publicPageData(t.database, publicPagesPorts, true)
    expect(await production.loadMarketingClaims()).toEqual({ mode: 'live', listed_conveyancers: 0 })
    await createOrganization(t.database, {
      name: 'Goldcrest Law',
      metrics: { completedCases: 40, avgDays: 60, collapseRate: 0.1, csat: 4.5 },
    })
    expect(await production.loadMarketingClaims()).toEqual({ mode: 'live', listed_conveyancers: 1 })
    expect((await publicPageData(t.database, publicPagesPorts, false).loadMarketingClaims()).mode).toBe('demo')
  })
})
