import { Star } from 'lucide-react'
import { averageRating } from '#shared/domain/organizations.ts'

/**
 * Average star rating to one decimal with the review count, e.g. '4.6 (12 reviews)'. Renders
 * nothing when there are no reviews (spec: Screens and routes).
 */
export function StarRating({ ratings }: { ratings: readonly number[] }) {
  if (ratings.length === 0) return null
  const average = averageRating(ratings)
  const count = `${ratings.length} ${ratings.length === 1 ? 'review' : 'reviews'}`
  return (
    <p className="flex items-center gap-1 text-sm" data-testid="rating">
      <Star aria-hidden="true" className="size-4 fill-current text-star" />
      <span className="font-semibold">{average}</span>
      <span className="sr-only">out of 5 from</span>
      <span className="text-muted-foreground">({count})</span>
    </p>
  )
}
