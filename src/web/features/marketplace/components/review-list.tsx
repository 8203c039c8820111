import { Star } from 'lucide-react'
import type { MarketplaceReview } from '#shared/contracts/directory.ts'
import { formatUkDate } from '#web/lib/formatters.ts'

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={i <= rating ? 'size-4 fill-current text-star' : 'size-4 text-slate-400'}
        />
      ))}
    </span>
  )
}

/** Reviews, newest first, with rating, author, date (dd MMM yyyy) and text. */
export function ReviewList({ reviews }: { reviews: readonly MarketplaceReview[] }) {
  if (reviews.length === 0) {
    return (
      <p className="text-muted-foreground">
        No reviews yet. Reviews come from clients who completed a move with this firm.
      </p>
    )
  }
  return (
    <ul className="flex flex-col gap-4">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-xl border bg-background p-5" data-testid="review">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Stars rating={review.rating_int} />
            <time dateTime={review.created_at} className="text-sm text-muted-foreground">
              {formatUkDate(review.created_at)}
            </time>
          </div>
          <p className="mt-3 text-slate-800">{review.body}</p>
          <p className="mt-2 text-sm font-semibold">{review.author_name}</p>
        </li>
      ))}
    </ul>
  )
}
