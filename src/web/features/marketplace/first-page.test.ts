import { describe, expect, it } from 'vitest'
import { filterOrganizations } from './filter'
import { directoryFirstPage, PAGE_SIZE, sameFilters } from './first-page'
import { createDirectory } from './organization-factory'

const directory = createDirectory(200)

describe("the server's first page of the marketplace", () => {
  it('is the first PAGE_SIZE results of the whole directory, with the total', () => {
    const page = directoryFirstPage(directory, new URLSearchParams())
    expect(page.filters).toEqual({ search: '', type: 'all', tier: 'all' })
    expect(page.total).toBe(200)
    expect(page.organizations).toEqual(directory.slice(0, PAGE_SIZE))
  })

  it("follows the URL's filters, exactly as the browser filters the loaded directory", () => {
    const sample = directory.find((o) => o.type === 'law' && o.accreditation_tier === 'gold')!
    const params = new URLSearchParams({ type: 'law', tier: 'gold', q: sample.town! })
    const page = directoryFirstPage(directory, params)
    const expected = filterOrganizations(directory, { search: sample.town!, type: 'law', tier: 'gold' })
    expect(expected.length).toBeGreaterThan(0)
    expect(page.total).toBe(expected.length)
    expect(page.organizations).toEqual(expected.slice(0, PAGE_SIZE))
  })

  it('is empty with a zero total when nothing matches', () => {
    const page = directoryFirstPage(directory, new URLSearchParams('q=zz-no-such-firm'))
    expect(page).toMatchObject({ total: 0, organizations: [] })
  })

  it('compares filters by value', () => {
    expect(sameFilters({ search: 'a', type: 'law', tier: 'all' }, { search: 'a', type: 'law', tier: 'all' })).toBe(true)
    expect(sameFilters({ search: 'a', type: 'law', tier: 'all' }, { search: 'ab', type: 'law', tier: 'all' })).toBe(
      false,
    )
    expect(sameFilters({ search: '', type: 'law', tier: 'all' }, { search: '', type: 'agent', tier: 'all' })).toBe(
      false,
    )
    expect(sameFilters({ search: '', type: 'all', tier: 'gold' }, { search: '', type: 'all', tier: 'silver' })).toBe(
      false,
    )
  })
})
