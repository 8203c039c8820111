import { describe, expect, it } from 'vitest'
import { filterOrganizations } from './filter'
import { directoryPage, pageCount, pageFromParams, pageOf, PAGE_SIZE, paramsForPage, sameFilters } from './result-page'
import { createDirectory } from './organization-factory'

const directory = createDirectory(200)

describe('pages of marketplace results', () => {
  it('PAGE_SIZE fills whole rows of one, two and three columns', () => {
    expect([PAGE_SIZE % 1, PAGE_SIZE % 2, PAGE_SIZE % 3]).toEqual([0, 0, 0])
  })

  it('counts pages, an empty result being one page', () => {
    expect(pageCount(0)).toBe(1)
    expect(pageCount(1)).toBe(1)
    expect(pageCount(PAGE_SIZE)).toBe(1)
    expect(pageCount(PAGE_SIZE + 1)).toBe(2)
    expect(pageCount(200)).toBe(Math.ceil(200 / PAGE_SIZE))
  })

  it('reads ?page as a whole number from 1, anything else as 1', () => {
    expect(pageFromParams(new URLSearchParams('page=3'))).toBe(3)
    for (const raw of ['', 'page=', 'page=0', 'page=-2', 'page=2.5', 'page=x', 'page=1e3', 'page=99999999']) {
      expect(pageFromParams(new URLSearchParams(raw)), raw).toBe(1)
    }
  })

  it('writes ?page, leaving it out for page 1 and keeping the filters', () => {
    expect(paramsForPage(3, new URLSearchParams('type=law')).toString()).toBe('type=law&page=3')
    expect(paramsForPage(1, new URLSearchParams('type=law&page=3')).toString()).toBe('type=law')
  })

  it('slices a page, reading a page past the end as the last', () => {
    const items = Array.from({ length: 30 }, (_, i) => i)
    expect(pageOf(items, 1, 12)).toEqual({ page: 1, pages: 3, items: items.slice(0, 12) })
    expect(pageOf(items, 3, 12)).toEqual({ page: 3, pages: 3, items: items.slice(24) })
    expect(pageOf(items, 9, 12)).toEqual({ page: 3, pages: 3, items: items.slice(24) })
    expect(pageOf([], 2, 12)).toEqual({ page: 1, pages: 1, items: [] })
  })
})

describe("the server's page of the marketplace", () => {
  it('is the first PAGE_SIZE results of the whole directory, with the total', () => {
    const page = directoryPage(directory, new URLSearchParams())
    expect(page.filters).toEqual({ search: '', type: 'all', tier: 'all', welsh: false })
    expect(page).toMatchObject({ page: 1, total: 200 })
    expect(page.organizations).toEqual(directory.slice(0, PAGE_SIZE))
  })

  it('is the page ?page asks for, the last one when it asks past the end', () => {
    expect(directoryPage(directory, new URLSearchParams('page=2')).organizations).toEqual(
      directory.slice(PAGE_SIZE, 2 * PAGE_SIZE),
    )
    const last = pageCount(200)
    const past = directoryPage(directory, new URLSearchParams('page=500'))
    expect(past.page).toBe(last)
    expect(past.organizations).toEqual(directory.slice((last - 1) * PAGE_SIZE))
  })

  it("follows the URL's filters, exactly as the browser filters the loaded directory", () => {
    const sample = directory.find((o) => o.type === 'law' && o.accreditation_tier === 'gold')!
    const params = new URLSearchParams({ type: 'law', tier: 'gold', q: sample.town! })
    const page = directoryPage(directory, params)
    const expected = filterOrganizations(directory, { search: sample.town!, type: 'law', tier: 'gold', welsh: false })
    expect(expected.length).toBeGreaterThan(0)
    expect(page.total).toBe(expected.length)
    expect(page.organizations).toEqual(expected.slice(0, PAGE_SIZE))
  })

  it('is empty with a zero total when nothing matches', () => {
    const page = directoryPage(directory, new URLSearchParams('q=zz-no-such-firm'))
    expect(page).toMatchObject({ page: 1, total: 0, organizations: [] })
  })

  it('compares filters by value', () => {
    expect(
      sameFilters(
        { search: 'a', type: 'law', tier: 'all', welsh: false },
        { search: 'a', type: 'law', tier: 'all', welsh: false },
      ),
    ).toBe(true)
    expect(
      sameFilters(
        { search: 'a', type: 'law', tier: 'all', welsh: false },
        { search: 'ab', type: 'law', tier: 'all', welsh: false },
      ),
    ).toBe(false)
    expect(
      sameFilters(
        { search: '', type: 'law', tier: 'all', welsh: false },
        { search: '', type: 'agent', tier: 'all', welsh: false },
      ),
    ).toBe(false)
    expect(
      sameFilters(
        { search: '', type: 'all', tier: 'gold', welsh: false },
        { search: '', type: 'all', tier: 'silver', welsh: false },
      ),
    ).toBe(false)
  })
})
