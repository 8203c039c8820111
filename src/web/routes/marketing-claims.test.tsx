/**
 * Decision 068: the landing page and the conveyancers' page show the spec's marketing copy in the
 * demo; live (production) only the listed conveyancers' count when there is one, and never "40%",
 * "92%", "180+" or a testimonial. Renders the landing page's component with its loader data, as
 * the server renderer does.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { MarketingClaims } from '../../shared/contracts/directory'
import { Component as Landing } from './landing'
import { Component as Conveyancers } from './professionals-conveyancers'
import { conveyancersFigure, showsUnbackedClaims } from '../features/landing/marketing-claims'

const DEMO: MarketingClaims = { mode: 'demo', listed_conveyancers: 3 }
const LIVE_EMPTY: MarketingClaims = { mode: 'live', listed_conveyancers: 0 }
const LIVE_SEVEN: MarketingClaims = { mode: 'live', listed_conveyancers: 7 }

async function renderPage(Page: () => React.ReactNode, claims: MarketingClaims): Promise<string> {
  const router = createMemoryRouter([{ path: '/', loader: () => claims, Component: Page }], {
    hydrationData: { loaderData: { '0': claims } },
  })
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

const UNBACKED = ['40%', '92%', '180+', 'Hannah Okafor', 'Tom Evans', 'stress was reduced']

describe('marketing claims', () => {
  it('in the demo the landing page shows the spec copy', async () => {
    const html = await renderPage(Landing, DEMO)
    for (const text of UNBACKED) expect(html).toContain(text)
    expect(await renderPage(Conveyancers, DEMO)).toContain('Join 180+ accredited conveyancers')
  })

  it('live with no listed conveyancer it shows no figure and no testimonial', async () => {
    const html = await renderPage(Landing, LIVE_EMPTY)
    for (const text of UNBACKED) expect(html).not.toContain(text)
    expect(html).not.toContain('accredited conveyancers')
    expect(html).toContain('Faster Completion')
    const page = await renderPage(Conveyancers, LIVE_EMPTY)
    expect(page).not.toContain('180+')
    expect(page).toContain('Join the accredited conveyancers on Homeward')
  })

  it('live with listed conveyancers it shows their count only', async () => {
    const html = await renderPage(Landing, LIVE_SEVEN)
    for (const text of UNBACKED) expect(html).not.toContain(text)
    expect(html).toContain('7 accredited conveyancers')
    expect(await renderPage(Conveyancers, LIVE_SEVEN)).toContain('Join 7 accredited conveyancers')
  })

  it('decides the figure and the unbacked claims by mode', () => {
    expect(conveyancersFigure(DEMO)).toBe('180+')
    expect(conveyancersFigure(LIVE_EMPTY)).toBeNull()
    expect(conveyancersFigure(LIVE_SEVEN)).toBe('7')
    expect(showsUnbackedClaims(DEMO)).toBe(true)
    expect(showsUnbackedClaims(LIVE_SEVEN)).toBe(false)
  })
})
