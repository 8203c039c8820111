/**
 * Numbered pages of a list (the agent's portfolio, the broker's pipeline): `?page=N&page_size=M` in
 * the query, the page's place in the answer. Pages count from 1; without the parameters a caller
 * gets the first page of LIST_PAGE_SIZE rows. A page past the last is an empty page, not an error
 * (the list may have shrunk since the link was made).
 */
import { z } from 'zod'

/** Rows on a page unless the caller asks for another size. */
export const LIST_PAGE_SIZE = 25
/** The largest page a caller may ask for. */
export const LIST_MAX_PAGE_SIZE = 100

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v)

/** Query fields of a paged list: page (from 1, default 1) and page_size (1 to 100, default 25). */
export const PageQueryFields = {
  page: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'Page must be a number' }).int().min(1, 'Pages count from 1').max(100_000).default(1),
  ),
  page_size: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'Page size must be a number' })
      .int()
      .min(1, 'A page holds at least 1 row')
      .max(LIST_MAX_PAGE_SIZE, `A page holds at most ${LIST_MAX_PAGE_SIZE} rows`)
      .default(LIST_PAGE_SIZE),
  ),
}

/** Where the answer's rows sit: the page asked for, its size and the rows matching the filters on every page. */
export const PageInfo = {
  page: z.number().int(),
  page_size: z.number().int(),
  /** Rows matching the search and filters, across every page. */
  matching: z.number().int(),
}

/** Rows to skip for `page` of `pageSize` (pages from 1). */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize
}

/** The last page's number for `matching` rows (1 when there are none). */
export function pageCount(matching: number, pageSize: number): number {
  return Math.max(1, Math.ceil(matching / pageSize))
}
