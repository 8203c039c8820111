import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { SurveyBooking, TransactionSurveysResponse } from '#shared/contracts/surveys.ts'
import { surveyTermsText } from '#shared/domain/surveys.ts'
import { postcodeDistrict } from '#shared/domain/chains.ts'
import { Input } from '#web/components/ui/input.tsx'
import { isSandboxProvider, SandboxBadge } from '#web/components/sandbox-badge.tsx'
import { SlotCalendar, slotKey } from './slot-calendar'
import { transactionPath } from '#shared/paths.ts'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatGbpFromPence, formatUkDate, formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useBookSurvey, useCancelBooking, useSlots, useTransactionSurveys } from '../api'
import { BookingStatus } from './booking-status'
import { RescheduleDialog } from './reschedule-dialog'

/**
 * Booking a survey for one move (/app/transactions/{txId}/survey): the move's bookings (move to another
 * slot, or cancel with a confirmation, while the firm's notice rule allows), and for the buyer side a product (price incl.
 * VAT) and a free slot to book. Times are UK time; prices GBP.
 */
export function SurveyBookingPage({ txId }: { txId: string }) {
  const surveys = useTransactionSurveys(txId)
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <Link className="text-sm underline" to={transactionPath(txId)}>
          Back to the move
        </Link>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight">Survey</h1>
        <p className="text-muted-foreground">Book a RICS Home Survey or a valuation with a surveyor on Homeward.</p>
      </div>
      {surveys.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading surveys">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : surveys.isError ? (
        <p role="alert" className="text-destructive">
          Surveys could not be loaded: {surveys.error.message}
        </p>
      ) : (
        <>
          <section aria-labelledby="bookings-heading" className="flex flex-col gap-3">
            <h2 id="bookings-heading" className="text-xl font-semibold">
              Bookings
            </h2>
            {surveys.data.bookings.length === 0 ? (
              <p className="text-sm text-muted-foreground">No survey booked yet.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {surveys.data.bookings.map((b) => (
                  <li key={b.id}>
                    <BookingRow txId={txId} booking={b} canBook={surveys.data.can_book} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {surveys.data.can_book ? (
            <BookForm txId={txId} data={surveys.data} />
          ) : (
            <p className="text-sm text-muted-foreground">The buyer&apos;s side of the move books its survey.</p>
          )}
        </>
      )}
    </div>
  )
}

function BookingRow({ txId, booking: b, canBook }: { txId: string; booking: SurveyBooking; canBook: boolean }) {
  const [confirming, setConfirming] = useState(false)
  const [moving, setMoving] = useState(false)
  const cancel = useCancelBooking(txId)
  return (
    <Card data-testid="survey-booking">
      <CardContent className="flex flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <p className="font-semibold">{b.product.label}</p>
            <p className="text-sm">
              {formatUkDateTime(b.starts_at)} (UK time) with {b.surveyor.full_name}, {b.firm_name}
            </p>
            <p className="text-sm text-muted-foreground">
              {formatGbpFromPence(b.price_pence)} including VAT
              {b.paid_at ? ` · paid ${formatUkDate(b.paid_at)}` : ''}
              {b.terms_accepted_at ? ' · terms of engagement accepted' : ''}
            </p>
          </div>
          <div className="flex flex-wrap gap-1">
            {b.moved && b.status === 'booked' ? <Badge variant="outline">Moved</Badge> : null}
            <BookingStatus status={b.status} />
          </div>
        </div>
        {b.status === 'report_delivered' ? (
          <p className="text-sm">
            The report is in the{' '}
            <Link className="underline" to={transactionPath(txId, { tab: 'documents' })}>
              Property folder
            </Link>
            .
          </p>
        ) : null}
        {canBook && b.status === 'booked' ? (
          b.can_change ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setMoving(true)}>
                Move to another time
              </Button>
              <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
                Cancel booking
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              Within {b.notice_hours} hours of the visit it can no longer be moved or cancelled here: contact the
              surveyor.
            </p>
          )
        ) : null}
      </CardContent>
      {/* Mounted while the booking is the buyer side's to change: the move can take it inside the notice
          period, and the dialog must outlive that refetch to close itself and say so. */}
      {canBook && b.status === 'booked' ? (
        <RescheduleDialog txId={txId} booking={b} open={moving} onOpenChange={setMoving} />
      ) : null}
      <AlertDialog open={confirming} onOpenChange={(open) => !open && !cancel.isPending && setConfirming(false)}>
        <AlertDialogContent>
          <AlertDialogTitle>Cancel the {b.product.label}?</AlertDialogTitle>
          <AlertDialogDescription>
            The visit on {formatUkDateTime(b.starts_at)} is cancelled and both of you get an email.
            {b.paid_at ? ' The fee is refunded in full to your card.' : ''} The slot may be taken by someone else.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(b.id, {
                  onSuccess: () => {
                    setConfirming(false)
                    notify.success('Survey cancelled')
                  },
                  onError: (err) => notify.error('Could not cancel', err.message),
                })
              }
            >
              Cancel booking
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  )
}

function BookForm({ txId, data }: { txId: string; data: TransactionSurveysResponse }) {
  const offers = data.offers
  const [productId, setProductId] = useState<string | null>(null)
  const [slot, setSlot] = useState('')
  const [card, setCard] = useState('')
  const [accepted, setAccepted] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const slots = useSlots(txId, productId)
  const book = useBookSurvey(txId)
  const cardId = useId()
  const termsId = useId()
  const sandbox = isSandboxProvider(data.payments_provider)
  if (!data.property_postcode)
    return (
      <p className="text-sm text-muted-foreground" data-testid="survey-empty">
        Add the property&apos;s postcode to the move first: surveyors are offered by the area they cover.
      </p>
    )
  if (offers.length === 0)
    return (
      <Card data-testid="survey-empty">
        <CardContent className="text-sm">
          <p className="font-medium">
            No surveying firm on Homeward covers {postcodeDistrict(data.property_postcode)} yet.
          </p>
          <p className="text-muted-foreground">
            Firms are offered only where they work. Your conveyancer or estate agent can recommend a local RICS surveyor
            in the meantime.
          </p>
        </CardContent>
      </Card>
    )
  const choices = offers.flatMap((o) =>
    o.products.map((p) => ({
      value: p.id,
      label: `${p.label}: ${formatGbpFromPence(p.price_pence)}`,
      description: `${o.firm_name} · about ${Math.round(p.duration_minutes / 60)} h on site · VAT included`,
    })),
  )
  const offer = offers.find((o) => o.products.some((p) => p.id === productId))
  const product = offer?.products.find((p) => p.id === productId)
  const terms =
    offer && product
      ? surveyTermsText({
          firmName: offer.firm_name,
          kind: product.kind,
          pricePence: product.price_pence,
          noticeHours: offer.notice_hours,
        })
      : null
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Book a survey</CardTitle>
        <p className="text-sm text-muted-foreground">
          Firms that cover {postcodeDistrict(data.property_postcode)}, where the property is.
        </p>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault()
            setError(null)
            const chosen = slots.data?.slots.find((s) => slotKey(s) === slot)
            if (!productId || !chosen) return setError('Choose a survey, a day and a time.')
            if (!accepted) return setError('Read and accept the terms of engagement to book.')
            const digits = card.replace(/[\s-]/g, '')
            if (!/^\d{12,19}$/.test(digits)) return setError('Enter the card number (12 to 19 digits).')
            book.mutate(
              {
                product_id: productId,
                surveyor_id: chosen.surveyor_id,
                starts_at: chosen.starts_at,
                payment_method: `pm_sandbox_card_${digits}`,
                terms_version: data.terms_version,
                accept_terms: true,
              },
              {
                onSuccess: () => {
                  setSlot('')
                  setCard('')
                  setAccepted(false)
                  notify.success(
                    'Survey booked and paid',
                    'A confirmation with a calendar invite is on its way to you and the surveyor.',
                  )
                },
                onError: (err) => setError(err.message),
              },
            )
          }}
        >
          <ChoiceGroup
            name="product"
            legend="Survey"
            columns={1}
            choices={choices}
            value={productId ?? ''}
            onValueChange={(v) => {
              setProductId(v)
              setSlot('')
            }}
          />
          {productId ? (
            slots.isPending ? (
              <Skeleton className="h-40 w-full" />
            ) : slots.isError ? (
              <p role="alert" className="text-destructive">
                Slots could not be loaded: {slots.error.message}
              </p>
            ) : slots.data.slots.length === 0 ? (
              <p className="text-sm">No free slots in the next three weeks.</p>
            ) : (
              <SlotCalendar key={productId} slots={slots.data.slots} value={slot} onChange={setSlot} />
            )
          ) : null}
          {terms ? (
            <section aria-labelledby={termsId} className="flex flex-col gap-2">
              <h3 id={termsId} className="text-sm font-medium">
                Terms of engagement
              </h3>
              <div className="rounded-md border p-3 text-sm whitespace-pre-line" data-testid="survey-terms">
                {terms}
              </div>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={accepted}
                  onChange={(e) => setAccepted(e.target.checked)}
                />
                I have read and accept the terms of engagement
              </label>
            </section>
          ) : null}
          {product ? (
            sandbox ? (
              <div className="flex flex-col gap-2">
                <div className="flex items-center gap-2">
                  <label htmlFor={cardId} className="text-sm font-medium">
                    Card number
                  </label>
                  <SandboxBadge provider={data.payments_provider} detail="test cards only; no money moves" />
                </div>
                <Input
                  id={cardId}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  value={card}
                  onChange={(e) => setCard(e.target.value)}
                  aria-describedby={`${cardId}-hint`}
                />
                <p id={`${cardId}-hint`} className="text-xs text-muted-foreground">
                  Sandbox test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.
                </p>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground" role="note">
                Card payments with {data.payments_label} need its card form (Stripe.js), which this page does not load
                yet: booking is not available here.
              </p>
            )
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={book.isPending || (product !== undefined && !sandbox)}>
              {product ? `Pay ${formatGbpFromPence(product.price_pence)} and book` : 'Book survey'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
