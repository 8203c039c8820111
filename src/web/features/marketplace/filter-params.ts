import { DEFAULT_FILTERS, isTierFilter, isTypeFilter, type MarketplaceFilters } from './filter'

/**
 * Marketplace filters live in the URL query so that a filtered list can be shared, survives a
 * reload and works with the back button: ?q=<search>&type=<law|survey|broker|agent>&tier=<silver|gold|platinum>&welsh=1
 * (and ?page=N, result-page.ts).
 * Unknown values read as the default; defaults are left out of the URL.
 */
export function filtersFromParams(params: URLSearchParams): MarketplaceFilters {
  const type = params.get('type')
  const tier = params.get('tier')
  return {
    search: params.get('q') ?? DEFAULT_FILTERS.search,
    type: isTypeFilter(type) ? type : DEFAULT_FILTERS.type,
    tier: isTierFilter(tier) ? tier : DEFAULT_FILTERS.tier,
    welsh: params.get('welsh') === '1',
  }
}

/**
 * The query for `filters`, keeping any unrelated parameters of `base` but not its ?page: new
 * filters are new results, which start at their first page.
 */
export function paramsFromFilters(filters: MarketplaceFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base)
  params.delete('page')
  const set = (key: string, value: string, fallback: string) => {
    if (value === fallback) params.delete(key)
    else params.set(key, value)
  }
  set('q', filters.search, DEFAULT_FILTERS.search)
  set('type', filters.type, DEFAULT_FILTERS.type)
  set('tier', filters.tier, DEFAULT_FILTERS.tier)
  set('welsh', filters.welsh ? '1' : '', '')
  return params
}
