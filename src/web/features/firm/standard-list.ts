import { DEFAULT_STANDARD_ENQUIRIES, type EnquiryCategory } from '#shared/domain/enquiries.ts'

/** What removing one item of a category's standard list does. */
export interface StandardRemoval {
  /** The list to save: without the item, or empty (which the server takes as "restore Homeward's"). */
  next: string[]
  /** Removing it leaves nothing, so Homeward's list comes back: a category always has a list to raise from. */
  restores: boolean
  /** How many enquiries Homeward's list for the category holds. */
  defaultCount: number
}

/**
 * Removing item `index` of `items` in `category`. Removing the last item of a firm's own list
 * restores Homeward's list for the category (an empty list is never kept: raising from the standard
 * list would then offer nothing), and the confirmation says so. Decision 019.
 */
export function planStandardRemoval(
  category: EnquiryCategory,
  items: readonly string[],
  index: number,
): StandardRemoval {
  const next = items.filter((_, i) => i !== index)
  return { next, restores: next.length === 0, defaultCount: DEFAULT_STANDARD_ENQUIRIES[category].length }
}
