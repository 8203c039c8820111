import { describe, expect, it } from 'vitest'
import { activeMention, insertMention, matchPeople, mentionIdsIn } from './mentions'

const people = [
  { id: 'a', full_name: 'Sarah Mitchell' },
  { id: 'b', full_name: 'James Carter' },
  { id: 'c', full_name: 'Priya Shah' },
  { id: 'd', full_name: 'Tom Sarahson' },
]

describe('activeMention', () => {
  it('finds the name being typed after @', () => {
    expect(activeMention('Hi @Sar', 7)).toEqual({ start: 3, query: 'Sar' })
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' })
    expect(activeMention('Hi @Sarah Mi', 12)).toEqual({ start: 3, query: 'Sarah Mi' })
  })
  it('ignores e-mail addresses, line breaks and a space straight after @', () => {
    expect(activeMention('jo@example', 10)).toBeNull()
    expect(activeMention('@Sarah\nnext', 11)).toBeNull()
    expect(activeMention('@ hello', 7)).toBeNull()
    expect(activeMention('no mention', 5)).toBeNull()
  })
})

describe('matchPeople', () => {
  it('puts word-start matches before other matches', () => {
    expect(matchPeople(people, 'sarah').map((p) => p.id)).toEqual(['a', 'd'])
    expect(matchPeople(people, 'car').map((p) => p.id)).toEqual(['b'])
    expect(matchPeople(people, 'arah').map((p) => p.id)).toEqual(['a', 'd'])
    expect(matchPeople(people, '')).toHaveLength(4)
  })
})

describe('insertMention', () => {
  it('replaces the typed query with the full name and a space', () => {
    expect(insertMention('Hi @Sa please', 3, 6, 'Sarah Mitchell')).toEqual({
      text: 'Hi @Sarah Mitchell please',
      caret: 19,
    })
    expect(insertMention('@', 0, 1, 'Priya Shah')).toEqual({ text: '@Priya Shah ', caret: 12 })
  })
})

describe('mentionIdsIn', () => {
  it('collects only the mentions still in the text', () => {
    expect(mentionIdsIn('@Sarah Mitchell and @Priya Shah, and @Sarah Mitchell again', people)).toEqual(['a', 'c'])
    expect(mentionIdsIn('Sarah Mitchell without the at', people)).toEqual([])
  })
})
