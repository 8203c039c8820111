// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGE_MAX_CHARS } from '#shared/domain/chat.ts'
import { Composer, type ComposerSubmit } from './composer'

afterEach(cleanup)

const people = [
  { id: '11111111-1111-4111-8111-111111111111', full_name: 'Sarah Mitchell' },
  { id: '22222222-2222-4222-8222-222222222222', full_name: 'James Carter' },
]

function setup(onSubmit = vi.fn<(input: ComposerSubmit) => Promise<unknown>>().mockResolvedValue(undefined)) {
  render(<Composer txId="tx" people={people} documents={[]} onSubmit={onSubmit} label="Message General" />)
  const box = screen.getByRole('textbox', { name: 'Message General' }) as HTMLTextAreaElement
  const type = (value: string) => {
    fireEvent.change(box, { target: { value, selectionStart: value.length } })
  }
  return { box, type, onSubmit }
}

describe('Composer', () => {
  it('sends on Enter with the mentioned ids, keeps Shift+Enter for a new line, and clears after', async () => {
    const { box, type, onSubmit } = setup()
    type('Hello @James Carter, see below')
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })
    expect(onSubmit).not.toHaveBeenCalled()
    fireEvent.keyDown(box, { key: 'Enter' })
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        body_md: 'Hello @James Carter, see below',
        mentions: [people[1]!.id],
        attachment_ids: [],
      }),
    )
    await vi.waitFor(() => expect(box.value).toBe(''))
  })

  it('refuses an empty message with the contract message', async () => {
    const { box, type, onSubmit } = setup()
    type('   ')
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Write a message: it cannot be empty')
    expect(onSubmit).not.toHaveBeenCalled()
    expect(box.getAttribute('aria-invalid')).toBe('true')
  })

  it('shows a counter near the limit and refuses a message over it', async () => {
    const { box, type, onSubmit } = setup()
    type('a'.repeat(MESSAGE_MAX_CHARS - 1_500))
    expect(screen.queryByText(/\/ 10,000/)).toBeNull()
    type('a'.repeat(MESSAGE_MAX_CHARS + 1))
    expect(screen.getByText(/10,001 \/ 10,000/)).toBeTruthy()
    fireEvent.keyDown(box, { key: 'Enter' })
    expect((await screen.findByRole('alert')).textContent).toBe('A message can be at most 10,000 characters')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('shows the server refusal and keeps the text', async () => {
    const { box, type } = setup(vi.fn().mockRejectedValue(new Error('Only people on this move can be mentioned')))
    type('Hi')
    fireEvent.keyDown(box, { key: 'Enter' })
    expect((await screen.findByRole('alert')).textContent).toBe('Only people on this move can be mentioned')
    expect(box.value).toBe('Hi')
  })

  it('offers participants after @ as a listbox driven by the keyboard', () => {
    const { box, type } = setup()
    type('Hi @')
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id)
    const options = screen.getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Sarah Mitchell', 'James Carter'])
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id)
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id)
    expect(options[1]!.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box, { key: 'ArrowDown' }) // wraps
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id)
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(box.value).toBe('Hi @James Carter ')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(box.getAttribute('aria-controls')).toBeNull()
  })

  it('filters by what is typed and closes on Escape without sending', () => {
    const { box, type, onSubmit } = setup()
    type('@sar')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Sarah Mitchell'])
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(box.value).toBe('@sar')
  })
})
