import type { DirectoryOrganization } from '#shared/contracts/directory.ts'
import { filterOrganizations, type MarketplaceFilters } from './filter'
import { filtersFromParams } from './filter-params'

/** Cards shown at a time; more appear with 'Show more'. Divisible by 1, 2 and 3 columns. */
export const PAGE_SIZE = 30

/**
 * What the server renders of /marketplace: the first page of results for the filters in the URL
 * and how many there are in all. The browser shows it until the whole directory has arrived, then
 * filters that itself (the same filterOrganizations, so the same first page).
 */
export interface DirectoryFirstPage {
  filters: MarketplaceFilters
  total: number
  organizations: DirectoryOrganization[]
}

/** The first `size` results of `all` for the filters in `params` (?q, ?type, ?tier), and their count. */
export function directoryFirstPage(
  all: readonly DirectoryOrganization[],
  params: URLSearchParams,
  size = PAGE_SIZE,
): DirectoryFirstPage {
  const filters = filtersFromParams(params)
  const results = filterOrganizations(all, filters)
  return { filters, total: results.length, organizations: results.slice(0, size) }
}

/** Whether two sets of filters select the same results. */
export function sameFilters(a: MarketplaceFilters, b: MarketplaceFilters): boolean {
  return a.search === b.search && a.type === b.type && a.tier === b.tier
}
