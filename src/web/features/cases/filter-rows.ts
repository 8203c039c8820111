/**
 * The cases board's free-text filter in the browser, so that typing narrows the loaded matters at
 * once while the server's answer for the same text is on its way. It matches as the board's SQL does
 * (src/server/features/firms/list-board.ts): case-insensitive, anywhere in the address, the postcode,
 * the postcode without its space, or the client names joined by spaces. Spec: Cases board ("free
 * text on address, postcode and client"; filtering 100 rows within one frame, 16 ms, per keystroke).
 */
import type { BoardRow } from '#shared/contracts/firms.ts'

/** What the filter reads of a row, lower-cased once per row and kept with it. */
export type SearchableRow = Pick<BoardRow, 'address' | 'postcode' | 'client_names'>

const haystacks = new WeakMap<SearchableRow, string[]>()

function haystackOf(row: SearchableRow): string[] {
  let h = haystacks.get(row)
  if (!h) {
    const postcode = row.postcode.toLowerCase()
    h = [row.address.toLowerCase(), postcode, postcode.replace(/ /g, ''), row.client_names.join(' ').toLowerCase()]
    haystacks.set(row, h)
  }
  return h
}

/** The rows whose address, postcode or client names contain `text` (trimmed); all rows for blank text. */
export function filterBoardRows<R extends SearchableRow>(rows: readonly R[], text: string): R[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return rows as R[]
  return rows.filter((row) => haystackOf(row).some((h) => h.includes(needle)))
}
