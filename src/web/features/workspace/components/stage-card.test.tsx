// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Task, TimelineStage } from '#shared/contracts/transactions.ts'
import { StageCard } from './stage-card'

afterEach(cleanup)

const task = (n: number, owner: Task['owner_side'], status: Task['status'] = 'not_completed'): Task => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Task number ${n}`,
  status,
  sort_index: n,
  owner_side: owner,
  version: 1,
  completed_at: status === 'completed' ? '2025-05-01T10:00:00Z' : null,
  completed_by: null,
  completed_by_name: status === 'completed' ? 'Priya Shah' : null,
})

const searches: TimelineStage = {
  id: '00000000-0000-4000-8000-0000000000aa',
  stage_name: 'Searches',
  sort_index: 3,
  status: 'blocked',
  percent_complete: 20,
  blocked_reason: 'Council backlog',
  blocked_by_name: 'Priya Shah',
  blocked_at: '2025-05-02T10:00:00Z',
  version: 2,
  tasks: [
    task(1, 'buyer_side', 'completed'),
    task(2, 'buyer_conveyancer'),
    task(3, 'seller_side'),
    task(4, 'buyer_conveyancer'),
    task(5, 'buyer_conveyancer'),
  ],
}

function renderCard(role: string | null, onToggle = vi.fn()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>
      <ol>{children}</ol>
    </QueryClientProvider>
  )
  render(
    <StageCard
      txId="tx"
      stage={searches}
      viewerRole={role}
      rolesOnMove={['buyer', 'seller', 'buyer_conveyancer', 'seller_conveyancer']}
      onToggleTask={onToggle}
    />,
    { wrapper },
  )
  return { onToggle, card: screen.getByRole('article', { name: /Searches/ }) }
}

describe('StageCard', () => {
  it('shows name, Blocked badge, percent, N of M and the reason', () => {
    const { card } = renderCard('buyer')
    expect(within(card).getByRole('heading', { name: 'Searches' })).toBeTruthy()
    expect(within(card).getByText('Blocked')).toBeTruthy()
    expect(within(card).getByText('20%')).toBeTruthy()
    expect(within(card).getByText('1 of 5 tasks complete')).toBeTruthy()
    expect(within(card).getByRole('note').textContent).toBe(
      'Blocked: Council backlogBlocked by Priya Shah on 02 May 2025',
    )
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20')
  })

  it('lists the first 3 tasks, then all of them on request', () => {
    const { card } = renderCard('buyer')
    expect(within(card).getAllByTestId('task-row')).toHaveLength(3)
    const toggle = within(card).getByRole('button', { name: 'See all 5 tasks in Searches' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    expect(within(card).getAllByTestId('task-row')).toHaveLength(5)
    expect(
      within(card).getByRole('button', { name: 'Show fewer tasks in Searches' }).getAttribute('aria-expanded'),
    ).toBe('true')
  })

  it('gives the buyer a checkbox for buyer-side tasks only, and no block control', () => {
    const { card, onToggle } = renderCard('buyer')
    const boxes = within(card).getAllByRole('checkbox')
    expect(boxes).toHaveLength(1)
    expect(within(card).getByLabelText(/Task number 1/)).toBe(boxes[0])
    fireEvent.click(boxes[0]!)
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ title: 'Task number 1' }), false)
    expect(within(card).queryByRole('button', { name: /block/i })).toBeNull()
    expect(within(card).getByText(/Ticked by Priya Shah on 01 May 2025/)).toBeTruthy()
  })

  it('shows a sent untick at once, before the detail changes, and keeps the tick while a confirmation is asked', () => {
    const sent = renderCard(
      'buyer',
      vi.fn(() => true),
    )
    const box = within(sent.card).getByRole<HTMLInputElement>('checkbox')
    fireEvent.click(box)
    expect(box.checked).toBe(false)
    cleanup()
    const asked = renderCard(
      'buyer',
      vi.fn(() => false),
    )
    const kept = within(asked.card).getByRole<HTMLInputElement>('checkbox')
    fireEvent.click(kept)
    expect(asked.onToggle).toHaveBeenCalledTimes(1)
    expect(kept.checked).toBe(true)
  })

  it('lets the buyer’s conveyancer tick their side and clear the block', () => {
    const { card } = renderCard('buyer_conveyancer')
    expect(within(card).getAllByRole('checkbox')).toHaveLength(2) // of the first three: 1 (buyer side) and 2
    expect(within(card).getByRole('button', { name: 'Clear block on Searches' })).toBeTruthy()
  })

  it('gives someone not on the move nothing to change', () => {
    const { card } = renderCard(null)
    expect(within(card).queryAllByRole('checkbox')).toHaveLength(0)
    expect(within(card).getAllByTestId('task-row')[1]!.textContent).toContain('Task number 2 (not done)')
  })
})
