// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TodoItem } from '#web/lib/todo-item.ts'
import { WhatIsLeft } from './what-is-left'

afterEach(cleanup)

const item = (key: string, state: TodoItem['state']): TodoItem => ({ key, state, label: `Step ${key}` })

describe('WhatIsLeft', () => {
  it('lists what is to do first, then what waits, and folds what is done under Done (n)', () => {
    render(<WhatIsLeft items={[item('a', 'done'), item('b', 'waiting'), item('c', 'todo'), item('d', 'done')]} />)
    const region = screen.getByRole('region', { name: 'What is left for you' })
    const [open, done] = within(region).getAllByRole('list')
    expect(
      within(open!)
        .getAllByRole('listitem')
        .map((li) => li.dataset.testid),
    ).toEqual(['todo-c', 'todo-b'])
    expect(
      within(done!)
        .getAllByRole('listitem', { hidden: true })
        .map((li) => li.dataset.testid),
    ).toEqual(['todo-a', 'todo-d'])
    expect(region.querySelector('summary')!.textContent).toBe('Done (2)')
    expect(region.querySelector('details')!.open).toBe(false)
    expect(within(open!).getByText('Step c').textContent).toBe('Step c (to do)')
  })

  it('says the person is all set, with the done steps open, when nothing is left', () => {
    render(<WhatIsLeft items={[item('a', 'done')]} />)
    expect(screen.getByRole('heading', { name: 'You are all set' })).toBeTruthy()
    expect(document.querySelector('details')!.open).toBe(true)
  })

  it('shows nothing for a role with no steps', () => {
    const { container } = render(<WhatIsLeft items={[]} />)
    expect(container.innerHTML).toBe('')
  })
})
