// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MortgageCase } from '#shared/contracts/mortgages.ts'
import { FactFindForm } from './mortgage-case-page'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderForm(factFind: MortgageCase['fact_find'] = null) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ error: { code: 'unprocessable', message: 'Held for the test' } }), {
        status: 422,
        headers: { 'content-type': 'application/json' },
      }),
  )
  vi.stubGlobal('fetch', fetchMock)
  const c = { transaction_id: 'tx1', fact_find: factFind } as unknown as MortgageCase
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FactFindForm c={c} />
    </QueryClientProvider>,
  )
  const sent = () =>
    fetchMock.mock.calls
      .filter(([, init]) => ['PUT', 'POST'].includes(String((init as RequestInit | undefined)?.method)))
      .map(([url, init]) => ({ url: String(url), body: JSON.parse(String((init as RequestInit).body)) as unknown }))
  return { sent }
}

describe('FactFindForm (react-hook-form, FactFindInput)', () => {
  it('explains an amount that is not pounds and sends nothing', async () => {
    const { sent } = renderForm()
    fireEvent.change(screen.getByLabelText('Gross annual income (£)'), { target: { value: 'sixty thousand' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save fact find' }))
    expect(await screen.findByText('Enter the amount in pounds, for example 45000 or 1,250.50')).toBeTruthy()
    expect(sent()).toEqual([])
  })

  it('sends pounds typed as whole pence, empty commitments as none', async () => {
    const { sent } = renderForm()
    fireEvent.change(screen.getByLabelText('Gross annual income (£)'), { target: { value: '£60,000.50' } })
    fireEvent.change(screen.getByLabelText('Deposit (£)'), { target: { value: '40000' } })
    fireEvent.change(screen.getByLabelText('Employment'), { target: { value: 'self_employed' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save fact find' }))
    await vi.waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toEqual({
      url: '/api/mortgages/tx1/fact-find',
      body: {
        gross_annual_income_pence: 6_000_050,
        monthly_commitments_pence: 0,
        deposit_pence: 4_000_000,
        employment_status: 'self_employed',
      },
    })
  })
})
