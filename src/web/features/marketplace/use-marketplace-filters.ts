import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { MarketplaceFilters, TierFilter, TypeFilter } from './filter'
import { filtersFromParams, paramsFromFilters } from './filter-params'
import { pageFromParams, paramsForPage } from './result-page'

/** Typing pause after which the search is written to the URL (a router navigation costs ~10 ms). */
export const SEARCH_URL_DELAY_MS = 300

/**
 * The marketplace filters, kept in the URL query (?q, ?type, ?tier) so a list can be shared,
 * survives reload and works with Back. The search box filters on every keystroke from local state
 * and is written to the URL once typing pauses (or at once on Search/Enter): the first write of a
 * search adds a history entry, later ones replace it, so Back returns to the list before the
 * search. Choosing a type or tier adds an entry. Back and forward update the search box.
 * `page`: the URL's ?page while the search box still shows the URL's search, else 1 (a search
 * being typed has new results); `pageSearch(n)`: the query string of page n of these results.
 */
export function useMarketplaceFilters() {
  const [params, setParams] = useSearchParams()
  const fromUrl = filtersFromParams(params)
  const [search, setSearchState] = useState(fromUrl.search)
  const lastWritten = useRef(fromUrl.search)
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => {
    if (fromUrl.search !== lastWritten.current) {
      window.clearTimeout(timer.current)
      lastWritten.current = fromUrl.search
      setSearchState(fromUrl.search)
    }
  }, [fromUrl.search])

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const write = useCallback(
    (next: MarketplaceFilters) => {
      window.clearTimeout(timer.current)
      setParams((current) => paramsFromFilters(next, current), {
        // Changing an earlier search replaces its entry; a first search or a select adds one.
        replace: next.search !== lastWritten.current && lastWritten.current !== '',
        preventScrollReset: true,
      })
      lastWritten.current = next.search
    },
    [setParams],
  )

  const filters: MarketplaceFilters = { ...fromUrl, search }

  return {
    filters,
    page: search === fromUrl.search ? pageFromParams(params) : 1,
    pageSearch: (page: number) => {
      const query = paramsForPage(page, paramsFromFilters(filters, params)).toString()
      return query ? `?${query}` : ''
    },
    setSearch: (value: string) => {
      setSearchState(value)
      window.clearTimeout(timer.current)
      timer.current = window.setTimeout(() => write({ ...fromUrl, search: value }), SEARCH_URL_DELAY_MS)
    },
    setType: (type: TypeFilter) => write({ ...filters, type }),
    setTier: (tier: TierFilter) => write({ ...filters, tier }),
    setWelsh: (welsh: boolean) => write({ ...filters, welsh }),
    /** Writes the current search to the URL now (the Search button, Enter). */
    commitSearch: () => {
      if (search !== lastWritten.current) write(filters)
    },
  }
}
