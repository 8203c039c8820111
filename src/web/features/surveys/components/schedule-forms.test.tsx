// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ScheduleResponse } from '#shared/contracts/surveys.ts'
import { AvailabilityForm } from './availability-form'
import { ProductsForm } from './products-form'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const schedule: ScheduleResponse = {
  firm: { id: '00000000-0000-4000-8000-000000000001', name: 'Hart Surveys' },
  can_edit_products: true,
  set_up: true,
  payments_label: 'Sandbox',
  products: [
    {
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'rics_level_2',
      label: 'RICS Home Survey Level 2',
      price_pence: 650_00,
      duration_minutes: 180,
      active: true,
    },
  ],
  travel_buffer_minutes: 30,
  notice_hours: 24,
  hours: [{ weekday: 1, start_minute: 540, end_minute: 1050 }],
  days_off: [],
  from: '2026-11-30',
  days: 7,
  bookings: [],
}

function renderWith(ui: ReactNode) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(schedule), { status: 200, headers: { 'content-type': 'application/json' } }),
  )
  vi.stubGlobal('fetch', fetchMock)
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  )
  const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')
  return { fetchMock, puts }
}

describe('AvailabilityForm', () => {
  it('refuses a travel buffer past the rule and hours that end before they start, sending nothing', async () => {
    const { puts } = renderWith(<AvailabilityForm data={schedule} onDone={() => {}} />)
    fireEvent.change(screen.getByLabelText('Travel buffer after each visit (minutes)'), { target: { value: '500' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '08:00' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }))
    expect(await screen.findByText('Travel buffer is 0 to 240 minutes')).toBeTruthy()
    expect(await screen.findByText('Each period of hours must end after it starts')).toBeTruthy()
    expect(puts()).toHaveLength(0)
  })

  it('sends hours as minutes after midnight, with the days off added', async () => {
    const done = vi.fn()
    const { puts } = renderWith(<AvailabilityForm data={schedule} onDone={done} />)
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '08:30' } })
    fireEvent.change(screen.getByLabelText('Add a day off'), { target: { value: '2026-12-24' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }))
    await vi.waitFor(() => expect(done).toHaveBeenCalled())
    const [[url, init]] = puts() as unknown as [[string, RequestInit]]
    expect(url).toBe('/api/schedule/availability')
    expect(JSON.parse(String(init.body))).toEqual({
      travel_buffer_minutes: 30,
      notice_hours: 24,
      hours: [{ weekday: 1, start_minute: 510, end_minute: 1050 }],
      days_off: ['2026-12-24'],
    })
  })
})

describe('ProductsForm', () => {
  it('sends each kind with its price in pence, unpriced kinds not offered', async () => {
    const done = vi.fn()
    const { puts } = renderWith(<ProductsForm data={schedule} onDone={done} />)
    fireEvent.change(document.getElementById('product-rics_level_2-price')!, { target: { value: '675.50' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save products' }))
    await vi.waitFor(() => expect(done).toHaveBeenCalled())
    const [[url, init]] = puts() as unknown as [[string, RequestInit]]
    expect(url).toBe('/api/schedule/products')
    const body = JSON.parse(String(init.body)) as { products: { kind: string; price_pence: number; active: boolean }[] }
    expect(body.products.find((p) => p.kind === 'rics_level_2')).toMatchObject({ price_pence: 675_50, active: true })
    expect(body.products.filter((p) => p.active).map((p) => p.kind)).toEqual(['rics_level_2'])
    expect(body.products).toHaveLength(4)
  })

  it('refuses a price under £1.00 naming the rule', async () => {
    const { puts } = renderWith(<ProductsForm data={schedule} onDone={() => {}} />)
    fireEvent.change(document.getElementById('product-rics_level_2-price')!, { target: { value: '0.5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save products' }))
    expect(await screen.findByText('A price is at least £1.00')).toBeTruthy()
    expect(puts()).toHaveLength(0)
  })
})
