import { describe, expect, it } from 'vitest'
import { filtersFromParams, paramsFromFilters } from './filter-params'

describe('marketplace URL state', () => {
  it('reads q, type and tier', () => {
    expect(filtersFromParams(new URLSearchParams('q=bath&type=survey&tier=gold'))).toEqual({
      search: 'bath',
      type: 'survey',
      tier: 'gold',
      welsh: false,
    })
  })

  it('unknown or missing values read as the defaults', () => {
    expect(filtersFromParams(new URLSearchParams('type=wizard&tier=diamond'))).toEqual({
      search: '',
      type: 'all',
      tier: 'all',
      welsh: false,
    })
  })

  it('leaves defaults out and keeps unrelated parameters', () => {
    const params = paramsFromFilters(
      { search: '', type: 'law', tier: 'all', welsh: false },
      new URLSearchParams('utm=x&q=old'),
    )
    expect(params.toString()).toBe('utm=x&type=law')
  })

  it('drops the page: new filters start at the first page of their results', () => {
    const params = paramsFromFilters(
      { search: '', type: 'law', tier: 'all', welsh: false },
      new URLSearchParams('type=survey&page=3'),
    )
    expect(params.toString()).toBe('type=law')
  })

  it('round-trips', () => {
    const filters = { search: 'St Albans & Co', type: 'agent', tier: 'platinum', welsh: false } as const
    expect(filtersFromParams(paramsFromFilters(filters))).toEqual(filters)
  })
})

describe('the Welsh-speaking filter in the URL', () => {
  it('reads ?welsh=1 and writes it only when on', () => {
    expect(filtersFromParams(new URLSearchParams('welsh=1')).welsh).toBe(true)
    expect(filtersFromParams(new URLSearchParams('welsh=yes')).welsh).toBe(false)
    expect(paramsFromFilters({ search: '', type: 'all', tier: 'all', welsh: true }).toString()).toBe('welsh=1')
    expect(paramsFromFilters({ search: '', type: 'all', tier: 'all', welsh: false }).toString()).toBe('')
  })
})
