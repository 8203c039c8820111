import type { DirectoryOrganization } from '#shared/contracts/directory.ts'
import { filterOrganizations, type MarketplaceFilters } from './filter'
import { filtersFromParams } from './filter-params'

/**
 * Cards on one page of results: about what a phone shows in a few screens and a desktop in four
 * rows, so that the server renders and the browser hydrates only what is on screen. Divisible by
 * the grid's 1, 2 and 3 columns.
 */
export const PAGE_SIZE = 12

/** Number of pages for `total` results: at least 1 (an empty result is one empty page). */
export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size))
}

/** The page number of ?page=N: a whole number from 1; anything else (missing, 0, 'x', 2.5) is 1. */
export function pageFromParams(params: URLSearchParams): number {
  const raw = params.get('page')
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1
  return Math.max(1, Number(raw))
}

/** The query of page `page` of the current results: `base` with ?page=N, or without it for page 1. */
export function paramsForPage(page: number, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base)
  if (page <= 1) params.delete('page')
  else params.set('page', String(page))
  return params
}

/** `page` (from 1) of `results`, a page past the end read as the last page. */
export function pageOf<T>(
  results: readonly T[],
  page: number,
  size = PAGE_SIZE,
): { page: number; pages: number; items: T[] } {
  const pages = pageCount(results.length, size)
  const current = Math.min(Math.max(1, page), pages)
  return { page: current, pages, items: results.slice((current - 1) * size, current * size) }
}

/**
 * What the server renders of /marketplace: one page of results for the filters and page in the
 * URL (?q, ?type, ?tier, ?page), the page number shown (a page past the end is the last) and how
 * many results there are in all. The browser shows it until the whole directory has arrived, then
 * filters that itself (the same filterOrganizations and pageOf, so the same cards).
 */
export interface DirectoryPage {
  filters: MarketplaceFilters
  page: number
  total: number
  organizations: DirectoryOrganization[]
}

/** Page ?page of `all` filtered by the URL's ?q, ?type and ?tier, PAGE_SIZE cards long. */
export function directoryPage(all: readonly DirectoryOrganization[], params: URLSearchParams): DirectoryPage {
  const filters = filtersFromParams(params)
  const results = filterOrganizations(all, filters)
  const { page, items } = pageOf(results, pageFromParams(params))
  return { filters, page, total: results.length, organizations: items }
}

/** Whether two sets of filters select the same results. */
export function sameFilters(a: MarketplaceFilters, b: MarketplaceFilters): boolean {
  return a.search === b.search && a.type === b.type && a.tier === b.tier && a.welsh === b.welsh
}
