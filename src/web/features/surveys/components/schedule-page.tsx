import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { ScheduleResponse, SurveyBooking, SurveyPayout } from '#shared/contracts/surveys.ts'
import { addDays, londonWallClock, WEEKDAY_LABELS } from '#shared/domain/surveys.ts'
import { firmPath, transactionPath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatGbpFromPence, formatUkDate, formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { newIdempotencyKey } from '#web/lib/uploads/idempotency-key.ts'
import { uploadFile } from '#web/lib/uploads/upload-file.ts'
import { useReadyReport, useReleaseReport, useSchedule } from '../api'
import { CalendarFeedCard, CoverageCard, StatementCard } from './schedule-extras'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx'
import { AvailabilityForm, minuteToTime } from './availability-form'
import { BookingStatus } from './booking-status'
import { ProductsForm } from './products-form'
import { isProRequired, ProUpsell } from '#web/components/pro-upsell.tsx'
import { ProviderBadge } from '#web/components/sandbox-badge.tsx'

const TIME = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/London',
})

/**
 * The surveyor's workbench (/app/schedule): their firm's survey bookings by day or week (Europe/London),
 * each with its move, time, product and price; uploading the report PDF to a booking (into the move's
 * Property folder) and the payout it creates (fee, platform fee, status; "Sandbox" when no money
 * moves); a visit the buyer moved or cancelled says so; their weekly hours, days off, travel buffer and
 * notice, and the firm's products (admins), each shown and edited in place. Without a survey firm: a link to
 * create one.
 */
export function SchedulePage() {
  const [view, setView] = useState<'day' | 'week'>('week')
  const [from, setFrom] = useState(() => londonWallClock(new Date()).date)
  const days = view === 'day' ? 1 : 7
  const schedule = useSchedule(from, days)
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Schedule</h1>
          <p className="text-muted-foreground">
            {schedule.data?.firm ? `${schedule.data.firm.name}: survey visits` : 'Your survey visits'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Range">
          <Button
            variant={view === 'day' ? 'default' : 'outline'}
            size="sm"
            aria-pressed={view === 'day'}
            onClick={() => setView('day')}
          >
            Day
          </Button>
          <Button
            variant={view === 'week' ? 'default' : 'outline'}
            size="sm"
            aria-pressed={view === 'week'}
            onClick={() => setView('week')}
          >
            Week
          </Button>
          <Button variant="outline" size="sm" onClick={() => setFrom(addDays(from, -days))}>
            Previous
          </Button>
          <Button variant="outline" size="sm" onClick={() => setFrom(londonWallClock(new Date()).date)}>
            Today
          </Button>
          <Button variant="outline" size="sm" onClick={() => setFrom(addDays(from, days))}>
            Next
          </Button>
        </div>
      </div>
      {schedule.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading the schedule">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : schedule.isError && isProRequired(schedule.error) ? (
        <ProUpsell message={schedule.error.message} />
      ) : schedule.isError ? (
        <p role="alert" className="text-destructive">
          The schedule could not be loaded: {schedule.error.message}{' '}
          <Button variant="link" onClick={() => void schedule.refetch()}>
            Try again
          </Button>
        </p>
      ) : !schedule.data.firm ? (
        <Card>
          <CardContent>
            <p>
              Bookings come to your survey firm.{' '}
              <Link className="underline" to={firmPath()}>
                Create or join your firm
              </Link>{' '}
              first, then set your hours and products here.
            </p>
          </CardContent>
        </Card>
      ) : (
        <ScheduleBody data={schedule.data} />
      )}
    </div>
  )
}

function ScheduleBody({ data }: { data: ScheduleResponse }) {
  const dayList = Array.from({ length: data.days }, (_, i) => addDays(data.from, i))
  const byDay = new Map<string, SurveyBooking[]>()
  for (const b of data.bookings) {
    const day = londonWallClock(new Date(b.starts_at)).date
    byDay.set(day, [...(byDay.get(day) ?? []), b])
  }
  return (
    <>
      <section aria-labelledby="visits-heading" className="flex flex-col gap-4">
        <h2 id="visits-heading" className="sr-only">
          Visits from {formatUkDate(data.from)}
        </h2>
        {dayList.map((day) => {
          const list = byDay.get(day) ?? []
          const off = data.days_off.includes(day)
          return (
            <div key={day} className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold text-muted-foreground">
                {WEEKDAY_LABELS[londonWallClock(new Date(`${day}T12:00:00Z`)).weekday - 1]}{' '}
                {formatUkDate(`${day}T12:00:00Z`)}
                {off ? ' · Day off' : ''}
              </h3>
              {list.length === 0 ? (
                <p className="text-sm text-muted-foreground">No visits.</p>
              ) : (
                <ul className="flex flex-col gap-3">
                  {list.map((b) => (
                    <li key={b.id}>
                      <BookingCard booking={b} paymentsLabel={data.payments_label} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )
        })}
      </section>
      <div className="grid items-start gap-4 md:grid-cols-2">
        <AvailabilityCard data={data} />
        <ProductsCard data={data} />
        <CoverageCard canEdit={data.can_edit_products} />
        <CalendarFeedCard />
      </div>
      <StatementCard />
    </>
  )
}

function AvailabilityCard({ data }: { data: ScheduleResponse }) {
  const [editing, setEditing] = useState(false)
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle as="h2">Availability</CardTitle>
        {editing ? null : (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {data.set_up ? 'Edit availability' : 'Set your hours'}
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        {editing ? (
          <AvailabilityForm data={data} onDone={() => setEditing(false)} />
        ) : data.set_up ? (
          <>
            <ul>
              {data.hours.map((h, i) => (
                <li key={i}>
                  {WEEKDAY_LABELS[h.weekday - 1]}: {minuteToTime(h.start_minute)} to {minuteToTime(h.end_minute)}
                </li>
              ))}
            </ul>
            {data.days_off.length > 0 ? (
              <p>Days off: {data.days_off.map((d) => formatUkDate(`${d}T12:00:00Z`)).join(', ')}</p>
            ) : null}
            <p>Travel buffer after each visit: {data.travel_buffer_minutes} minutes</p>
            <p>Buyers may move or cancel up to {data.notice_hours} hours before a visit.</p>
          </>
        ) : (
          <p>Your hours are not set yet: buyers see no slots of yours until they are.</p>
        )}
      </CardContent>
    </Card>
  )
}

function ProductsCard({ data }: { data: ScheduleResponse }) {
  const [editing, setEditing] = useState(false)
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle as="h2">Products</CardTitle>
        {editing || !data.can_edit_products ? null : (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit products
          </Button>
        )}
      </CardHeader>
      <CardContent className="text-sm">
        {editing ? (
          <ProductsForm data={data} onDone={() => setEditing(false)} />
        ) : data.products.length === 0 ? (
          <p>Your firm offers no survey products yet.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {data.products.map((p) => (
              <li key={p.id} className="flex justify-between gap-2">
                <span>
                  {p.label} ({p.duration_minutes} min){p.active ? '' : ', not offered'}
                </span>
                <span className="font-medium">{formatGbpFromPence(p.price_pence)} inc. VAT</span>
              </li>
            ))}
          </ul>
        )}
        {!editing && !data.can_edit_products ? (
          <p className="mt-2 text-muted-foreground">Your firm&apos;s admins set its products and prices.</p>
        ) : null}
      </CardContent>
    </Card>
  )
}

const PAYOUT_STATUS: Record<SurveyPayout['status'], string> = {
  held: 'Held until the report is released',
  pending: 'Transfer under way',
  paid: 'Paid to your firm',
  refunded: 'Refunded to the buyer',
}

function BookingCard({ booking: b, paymentsLabel }: { booking: SurveyBooking; paymentsLabel: string }) {
  const inputId = useId()
  const ready = useReadyReport()
  const release = useReleaseReport()
  const [uploading, setUploading] = useState(false)
  const [confirming, setConfirming] = useState(false)
  async function onFile(file: File | undefined) {
    if (!file) return
    setUploading(true)
    try {
      const doc = await uploadFile({
        txId: b.transaction_id,
        folder: 'Property',
        file,
        idempotencyKey: newIdempotencyKey(),
      })
      await ready.mutateAsync({ bookingId: b.id, documentId: doc.id })
      notify.success('Report ready to release', 'The buyer is not told until you release it.')
    } catch (err) {
      notify.error('The report was not attached', (err as Error).message)
    } finally {
      setUploading(false)
    }
  }
  return (
    <Card data-testid="survey-booking">
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold">
              {TIME.format(new Date(b.starts_at))} to {TIME.format(new Date(b.ends_at))} · {b.product.label}
            </p>
            <p className="text-sm break-words">
              <Link className="underline" to={transactionPath(b.transaction_id)}>
                {b.property_address}
              </Link>
            </p>
            <p className="text-sm text-muted-foreground">
              {b.surveyor.full_name}
              {b.booked_by_name ? ` · booked by ${b.booked_by_name}` : ''} · {formatGbpFromPence(b.price_pence)} inc.
              VAT{b.paid_at ? ` · paid ${formatUkDate(b.paid_at)}` : ''}
            </p>
          </div>
          <div className="flex flex-wrap gap-1">
            {b.moved && b.status === 'booked' ? <Badge variant="outline">Moved by the buyer</Badge> : null}
            {b.status === 'booked' && b.ready_to_release_at ? <Badge variant="outline">Ready to release</Badge> : null}
            <BookingStatus status={b.status} />
          </div>
        </div>
        {b.status === 'cancelled' ? (
          <p className="text-sm text-muted-foreground">The buyer cancelled this visit; its time is free again.</p>
        ) : null}
        {b.status === 'booked' ? (
          <div className="flex flex-col gap-2">
            <label htmlFor={inputId} className="text-sm font-medium">
              {b.pending_report_document_id ? 'Replace the report (PDF)' : 'Attach the report (PDF)'}
            </label>
            <input
              id={inputId}
              type="file"
              accept="application/pdf,.pdf"
              disabled={uploading}
              className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            {uploading ? <p className="text-sm text-muted-foreground">Uploading…</p> : null}
            {b.pending_report_document_id ? (
              <div className="flex flex-col gap-1">
                <div>
                  <Button size="sm" disabled={release.isPending} onClick={() => setConfirming(true)}>
                    Release the report to the buyer
                  </Button>
                </div>
                {b.release_problem ? (
                  <p className="text-sm text-muted-foreground" data-testid="release-problem">
                    {b.release_problem}
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
        ) : null}
        <AlertDialog open={confirming} onOpenChange={(open) => !open && !release.isPending && setConfirming(false)}>
          <AlertDialogContent>
            <AlertDialogTitle>Release the {b.product.label} report?</AlertDialogTitle>
            <AlertDialogDescription>
              The buyer is told at once and can open it in the move&apos;s Property folder; the payout transfer starts.
              This cannot be undone.
            </AlertDialogDescription>
            <AlertDialogFooter>
              <AlertDialogCancel>Not yet</AlertDialogCancel>
              <Button
                disabled={release.isPending}
                onClick={() =>
                  release.mutate(b.id, {
                    onSuccess: () => {
                      setConfirming(false)
                      notify.success('Report released', 'The buyer has been told, and the payout transfer has started.')
                    },
                    onError: (err) => {
                      setConfirming(false)
                      notify.error('The report was not released', err.message)
                    },
                  })
                }
              >
                Release report
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
        {b.payout ? (
          <div className="rounded-md border p-3 text-sm" role="group" aria-label="Payout">
            <div className="mb-1 flex flex-wrap items-center gap-2">
              <span className="font-medium">Payout</span>
              <Badge variant={b.payout.status === 'paid' ? 'success' : 'outline'}>
                {PAYOUT_STATUS[b.payout.status]}
              </Badge>
              <ProviderBadge label={b.payout.provider_label || paymentsLabel} detail="no money is paid out" />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4">
              <dt>Paid by</dt>
              <dd>{b.payout.paid_by_name ?? 'Not paid through Homeward'}</dd>
              <dt>Fee paid</dt>
              <dd>{formatGbpFromPence(b.payout.fee_pence)}</dd>
              <dt>Fee ex VAT</dt>
              <dd>{formatGbpFromPence(b.payout.fee_ex_vat_pence)}</dd>
              <dt>VAT</dt>
              <dd>{formatGbpFromPence(b.payout.vat_pence)}</dd>
              <dt>Platform fee (10% of fee ex VAT)</dt>
              <dd>{formatGbpFromPence(b.payout.platform_fee_pence)}</dd>
              <dt>Paid out to your firm</dt>
              <dd className="font-medium">{formatGbpFromPence(b.payout.net_pence)}</dd>
              {b.payout.paid_at ? (
                <>
                  <dt>Paid</dt>
                  <dd>{formatUkDateTime(b.payout.paid_at)}</dd>
                </>
              ) : null}
            </dl>
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}
