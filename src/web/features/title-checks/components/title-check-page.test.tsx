// @vitest-environment happy-dom
/**
 * The title-check page labels sandbox results with the shared Sandbox badge (decision 044): beside the
 * page title, the form and each register; a real provider's results carry none; with no land registry
 * configured (LAND_REGISTRY_PROVIDER=off) the page says so instead of offering the form.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TitleCheck, TitleChecksResponse } from '#shared/contracts/title-checks.ts'
import { TitleCheckPage } from './title-check-page'

const TX = '11111111-1111-4111-8111-111111111111'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const check = (provider: string): TitleCheck => ({
  id: '22222222-2222-4222-8222-222222222222',
  title_number: 'HD412873',
  provider,
  checked_at: '2026-12-01T10:00:00Z',
  checked_by: 'Priya Shah',
  class_of_title: 'Title absolute',
  tenure: 'freehold',
  property_description: '12 Clarence Road, St Albans',
  postcode: 'AL1 4NG',
  proprietors: [{ name: 'Tom Whitfield', address: '12 Clarence Road, St Albans AL1 4NG' }],
  price_paid: null,
  restrictions: [],
  charges: [],
  edition_date: '2026-11-01',
  flags: [],
  document_id: null,
})

function renderPage(body: TitleChecksResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
  )
  const router = createMemoryRouter(
    [{ path: '/app/transactions/:txId/title', element: <TitleCheckPage txId={TX} /> }],
    {
      initialEntries: [`/app/transactions/${TX}/title`],
    },
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('TitleCheckPage and the Sandbox label', () => {
  it('shows the Sandbox badge by the title, the form and every sandbox register', async () => {
    renderPage({
      checks: [check('sandbox')],
      title_number: 'HD412873',
      can_run: true,
      can_raise_enquiries: true,
      provider: { name: 'sandbox', label: 'Sandbox', known_titles: ['HD412873'] },
    })
    const card = await screen.findByRole('article', { name: /HD412873/ })
    const badges = screen.getAllByTestId('sandbox-badge')
    expect(badges).toHaveLength(3)
    for (const b of badges) {
      expect(b.textContent).toBe('Sandbox')
      expect(b.getAttribute('title')).toMatch(/^Sandbox: .*not HM Land Registry data/)
    }
    const heading = screen.getByRole('heading', { level: 1, name: 'Title check' })
    expect(heading.parentElement?.contains(badges[0]!)).toBe(true)
    expect(within(card).getByTestId('sandbox-badge')).toBeTruthy()
    expect(within(screen.getByRole('form', { name: 'Obtain the register' })).getByTestId('sandbox-badge')).toBeTruthy()
  })

  it('shows no Sandbox badge for a real register', async () => {
    renderPage({
      checks: [check('business-gateway')],
      title_number: 'HD412873',
      can_run: true,
      can_raise_enquiries: true,
      provider: { name: 'business-gateway', label: 'HM Land Registry', known_titles: null },
    })
    await screen.findByRole('article', { name: /HD412873/ })
    expect(screen.queryAllByTestId('sandbox-badge')).toHaveLength(0)
  })

  it('says title checks are unavailable when no land registry is configured, and offers no form', async () => {
    renderPage({
      checks: [],
      title_number: null,
      can_run: true,
      can_raise_enquiries: true,
      provider: { name: 'off', label: 'Not configured', known_titles: null },
    })
    const note = await screen.findByText(/no land registry partner is configured/)
    expect(note.getAttribute('role')).toBe('status')
    expect(screen.queryByRole('form', { name: 'Obtain the register' })).toBeNull()
    expect(screen.queryAllByTestId('sandbox-badge')).toHaveLength(0)
  })
})
