import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { SurveyBooking } from '#shared/contracts/surveys.ts'
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
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatGbpFromPence, formatUkDateTime } from '#web/lib/formatters.ts'
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
            <BookForm txId={txId} offers={surveys.data.offers} />
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
            <p className="text-sm text-muted-foreground">{formatGbpFromPence(b.price_pence)} including VAT</p>
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
            The visit on {formatUkDateTime(b.starts_at)} is cancelled and both of you get an email. The slot may be
            taken by someone else.
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

function BookForm({
  txId,
  offers,
}: {
  txId: string
  offers: {
    organization_id: string
    firm_name: string
    products: { id: string; label: string; price_pence: number; duration_minutes: number }[]
  }[]
}) {
  const [productId, setProductId] = useState<string | null>(null)
  const [slot, setSlot] = useState('')
  const [error, setError] = useState<string | null>(null)
  const slots = useSlots(txId, productId)
  const book = useBookSurvey(txId)
  const slotId = useId()
  if (offers.length === 0)
    return <p className="text-sm text-muted-foreground">No survey firm takes bookings on Homeward yet.</p>
  const choices = offers.flatMap((o) =>
    o.products.map((p) => ({
      value: p.id,
      label: `${p.label}: ${formatGbpFromPence(p.price_pence)}`,
      description: `${o.firm_name} · about ${Math.round(p.duration_minutes / 60)} h on site · VAT included`,
    })),
  )
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Book a survey</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault()
            setError(null)
            const chosen = slots.data?.slots.find((s) => `${s.surveyor_id}|${s.starts_at}` === slot)
            if (!productId || !chosen) return setError('Choose a survey and a time slot.')
            book.mutate(
              { product_id: productId, surveyor_id: chosen.surveyor_id, starts_at: chosen.starts_at },
              {
                onSuccess: () => {
                  setSlot('')
                  notify.success(
                    'Survey booked',
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
            <div className="flex flex-col gap-2">
              <label htmlFor={slotId} className="text-sm font-medium">
                Time slot (UK time)
              </label>
              {slots.isPending ? (
                <Skeleton className="h-10 w-full" />
              ) : slots.isError ? (
                <p role="alert" className="text-destructive">
                  Slots could not be loaded: {slots.error.message}
                </p>
              ) : slots.data.slots.length === 0 ? (
                <p className="text-sm">No free slots in the next three weeks.</p>
              ) : (
                <NativeSelect id={slotId} value={slot} onChange={(e) => setSlot(e.target.value)}>
                  <option value="">Choose a slot</option>
                  {slots.data.slots.map((s) => (
                    <option key={`${s.surveyor_id}|${s.starts_at}`} value={`${s.surveyor_id}|${s.starts_at}`}>
                      {formatUkDateTime(s.starts_at)} with {s.surveyor_name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={book.isPending}>
              Book survey
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
