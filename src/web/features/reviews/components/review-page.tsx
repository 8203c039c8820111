import { Star } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import type { ReviewForm } from '#shared/contracts/reviews.ts'
import { REVIEW_BODY_MAX_CHARS } from '#shared/contracts/reviews.ts'
import { organizationTypeLabel } from '#shared/domain/organizations.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { useReviewForm, useSubmitReview } from '../api'

function FirmReview({ txId, firm }: { txId: string; firm: ReviewForm['firms'][number] }) {
  const submit = useSubmitReview(txId)
  const [rating, setRating] = useState(0)
  const [body, setBody] = useState('')
  const [error, setError] = useState<string | null>(null)
  const id = `firm-${firm.organization_id}`
  if (firm.my_review) {
    return (
      <p className="text-sm">
        You rated {firm.name} {firm.my_review.rating_int} out of 5 on {formatUkDate(firm.my_review.created_at)}. Thank
        you.
      </p>
    )
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (rating < 1) {
      setError('Choose a rating from 1 to 5 stars')
      return
    }
    setError(null)
    submit.mutate({ organization_id: firm.organization_id, rating_int: rating, body })
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                className="peer sr-only"
                checked={rating === n}
                onChange={() => setRating(n)}
              />
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}
              </span>
              <Star
                aria-hidden="true"
                className={`size-8 rounded peer-focus-visible:outline peer-focus-visible:outline-2 ${n <= rating ? 'fill-amber-500 text-amber-600' : 'text-muted-foreground'}`}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-body`} className="text-sm font-medium">
        Comment (optional)
      </label>
      <textarea
        id={`${id}-body`}
        value={body}
        maxLength={REVIEW_BODY_MAX_CHARS}
        onChange={(e) => setBody(e.target.value)}
        rows={3}
        className="rounded-md border bg-background p-2"
      />
      {error || submit.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {error ?? submit.error?.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Sending…' : `Review ${firm.name}`}
        </Button>
      </div>
    </form>
  )
}

/** The review page of a completed move: one form per firm that worked on it. */
export function ReviewPage({ txId }: { txId: string }) {
  const form = useReviewForm(txId)
  if (form.isPending) return <Skeleton className="h-72 w-full" aria-busy="true" />
  if (form.isError) {
    return (
      <div role="alert" className="mx-auto w-full max-w-2xl rounded-lg border bg-background p-6">
        <h1 className="text-xl font-semibold">Review your professionals</h1>
        <p className="mt-2">{form.error.message}</p>
      </div>
    )
  }
  const { transaction, firms } = form.data
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">How did your move go?</h1>
        <p className="text-muted-foreground">
          {transaction.address}
          {transaction.completion_date ? `, completed ${formatUkDate(transaction.completion_date)}` : ''}. Your review
          appears on each firm's marketplace profile.
        </p>
      </header>
      {firms.length === 0 ? <p>No firm worked on this move through Homeward.</p> : null}
      {firms.map((f) => (
        <section key={f.organization_id} className="flex flex-col gap-3 rounded-lg border bg-background p-5">
          <h2 className="text-lg font-semibold">
            {f.name} <span className="text-sm font-normal text-muted-foreground">{organizationTypeLabel(f.type)}</span>
          </h2>
          <FirmReview txId={txId} firm={f} />
        </section>
      ))}
    </div>
  )
}
