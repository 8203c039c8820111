import { Gift } from 'lucide-react'
import { Link } from 'react-router'
import type { MyGifts } from '#shared/contracts/funds.ts'
import { giftorGiftPath, MY_GIFTS_PATH } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { formatGbpFromPence } from '#web/lib/formatters.ts'
import { useMyGifts } from '../api'

type MyGift = MyGifts['gifts'][number]

/** What is left for the giftor, in words; the move's end when nothing more can be done. */
function statusText(g: MyGift): { text: string; done: boolean } {
  if (g.progress === 'evidenced') return { text: 'Done: declaration signed', done: true }
  if (g.move_status === 'completed' || g.move_status === 'cancelled')
    return { text: `The move is ${g.move_status}`, done: true }
  if (g.next_step === 'identity') return { text: 'To do: verify your identity', done: false }
  if (g.next_step === 'bank') return { text: 'To do: connect your bank', done: false }
  return { text: 'To do: sign the declaration', done: false }
}

/**
 * "Your gifts" (decision 069): each gift the signed-in person gives towards someone's deposit, with
 * what is left to do and a link to its page; nothing at all for someone who gives none. On the home
 * page and at /app/gifts, so that a giftor who stops half-way always finds their way back.
 */
export function YourGifts({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const q = useMyGifts()
  const gifts = q.data?.gifts ?? []
  if (headingLevel === 2 && gifts.length === 0) return null
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section aria-labelledby="your-gifts-heading" className="flex flex-col gap-3">
      <Heading
        id="your-gifts-heading"
        className={headingLevel === 1 ? 'text-3xl font-bold tracking-tight' : 'text-xl font-semibold'}
      >
        Your gifts
      </Heading>
      {q.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {q.error.message}
        </p>
      ) : q.isPending ? null : gifts.length === 0 ? (
        <p className="text-muted-foreground">
          You have no gifts to confirm. When a buyer records a gift from you, the invitation email brings you here.
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {gifts.map((g) => {
            const status = statusText(g)
            const to = g.buyer_names.join(' and ') || 'the buyer'
            return (
              <li key={g.id} className="flex flex-col gap-2 rounded-xl border bg-background p-4">
                <p className="flex items-center gap-2 font-semibold">
                  <Gift aria-hidden="true" className="size-5 text-primary" />
                  <span className="tabular-nums">{formatGbpFromPence(g.amount_pence)}</span> to {to}
                </p>
                <p className="text-sm text-muted-foreground">Towards the deposit on {g.property_address}</p>
                <p>
                  <Badge variant={status.done ? 'success' : 'muted'}>{status.text}</Badge>
                </p>
                <Button asChild variant={status.done ? 'outline' : 'default'} className="self-start">
                  <Link to={giftorGiftPath(g.id)}>
                    {status.done ? 'Open your gift' : 'Continue with your gift'}
                    <span className="sr-only"> to {to}</span>
                  </Link>
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** The header's "Your gifts" link, for someone who gives at least one gift (decision 069). */
export function YourGiftsLink({ className }: { className?: string }) {
  const q = useMyGifts()
  if (!q.data?.gifts.length) return null
  return (
    <Button asChild variant="ghost" className={className}>
      <Link to={MY_GIFTS_PATH}>
        <Gift aria-hidden="true" />
        <span className="sr-only lg:not-sr-only">Your gifts</span>
      </Link>
    </Button>
  )
}
