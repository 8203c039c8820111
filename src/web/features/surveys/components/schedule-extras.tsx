import { useId, useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx'
import { formatGbpFromPence, formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useCalendarFeed, useCoverage, useRegenerateCalendarFeed, useSaveCoverage, useStatement } from '../api'

/**
 * The firm's coverage area on the schedule page: the postcode districts it works in (buyers elsewhere
 * are not offered the firm). Admins edit them as a list separated by commas or spaces.
 */
export function CoverageCard({ canEdit }: { canEdit: boolean }) {
  const coverage = useCoverage()
  const save = useSaveCoverage()
  const [editing, setEditing] = useState(false)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle as="h2">Coverage area</CardTitle>
        {canEdit && !editing && coverage.data ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setText(coverage.data.districts.join(', '))
              setEditing(true)
            }}
          >
            Edit coverage
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        {coverage.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : coverage.isError ? (
          <p role="alert" className="text-destructive">
            Coverage could not be loaded: {coverage.error.message}
          </p>
        ) : editing ? (
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault()
              setError(null)
              const districts = text
                .split(/[\s,;]+/)
                .map((d) => d.trim().toUpperCase())
                .filter(Boolean)
              save.mutate(districts, {
                onSuccess: () => {
                  setEditing(false)
                  notify.success('Coverage saved')
                },
                onError: (err) => setError(err.message),
              })
            }}
          >
            <label htmlFor={inputId} className="font-medium">
              Postcode districts you cover
            </label>
            <Input
              id={inputId}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-describedby={`${inputId}-hint`}
            />
            <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
              The first half of a postcode, separated by commas: AL1, AL2, AL3, WD17.
            </p>
            {error ? (
              <p role="alert" className="text-destructive">
                {error}
              </p>
            ) : null}
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={save.isPending}>
                Save coverage
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : coverage.data.districts.length === 0 ? (
          <p>
            No coverage set: buyers are not offered your firm until it says where it works.
            {canEdit ? '' : " Your firm's admins set it."}
          </p>
        ) : (
          <p data-testid="coverage-districts">Buyers in {coverage.data.districts.join(', ')} are offered your firm.</p>
        )}
      </CardContent>
    </Card>
  )
}

/**
 * The surveyor's iCalendar feed: create a secret URL to subscribe to from Google Calendar or Outlook
 * (shown once, with how to add it), or regenerate it (confirmed: the old URL stops working).
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed()
  const regenerate = useRegenerateCalendarFeed()
  const [url, setUrl] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const urlId = useId()
  const create = () =>
    regenerate.mutate(undefined, {
      onSuccess: (res) => {
        setConfirming(false)
        setUrl(res.url)
      },
      onError: (err) => {
        setConfirming(false)
        notify.error('The feed URL was not created', err.message)
      },
    })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Calendar sync</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <p>
          Subscribe to your visits from Google Calendar (Other calendars, From URL) or Outlook (Add calendar, Subscribe
          from web). The feed is read-only; anyone with the URL can read it, so keep it private.
        </p>
        {url ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={urlId} className="font-medium">
              Your feed URL (copy it now: it is not shown again)
            </label>
            <Input id={urlId} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          </div>
        ) : null}
        {feed.isPending ? (
          <Skeleton className="h-8 w-40" />
        ) : feed.data?.exists && !url ? (
          <div>
            <Button variant="outline" size="sm" disabled={regenerate.isPending} onClick={() => setConfirming(true)}>
              Regenerate the feed URL
            </Button>
          </div>
        ) : !url ? (
          <div>
            <Button size="sm" disabled={regenerate.isPending} onClick={create}>
              Create a feed URL
            </Button>
          </div>
        ) : null}
        <AlertDialog open={confirming} onOpenChange={(open) => !open && !regenerate.isPending && setConfirming(false)}>
          <AlertDialogContent>
            <AlertDialogTitle>Regenerate the feed URL?</AlertDialogTitle>
            <AlertDialogDescription>
              The current URL stops working at once: calendars subscribed to it stop updating until you add the new one.
            </AlertDialogDescription>
            <AlertDialogFooter>
              <AlertDialogCancel>Keep the current URL</AlertDialogCancel>
              <Button disabled={regenerate.isPending} onClick={create}>
                Regenerate
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  )
}

const STATUS: Record<string, string> = {
  held: 'Held until release',
  pending: 'Transfer under way',
  paid: 'Paid',
  refunded: 'Refunded',
}

/**
 * The firm's payout statement: one row per paid survey with who paid, the fee, VAT, the platform fee
 * (10% of the fee ex VAT) and what is paid out, totals, and the CSV export.
 */
export function StatementCard() {
  const statement = useStatement()
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h2">Payout statement</CardTitle>
        {statement.data ? (
          <a
            className="text-sm underline"
            href={`/api/schedule/statement.csv?from=${statement.data.from}&to=${statement.data.to}`}
            download
          >
            Download CSV
          </a>
        ) : null}
      </CardHeader>
      <CardContent className="text-sm">
        {statement.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : statement.isError ? (
          <p role="alert" className="text-destructive">
            The statement could not be loaded: {statement.error.message}
          </p>
        ) : statement.data.lines.length === 0 ? (
          <p>
            No paid surveys from {formatUkDate(`${statement.data.from}T12:00:00Z`)} to{' '}
            {formatUkDate(`${statement.data.to}T12:00:00Z`)}. Buyers pay when they book; the money is passed to your
            firm once you release the report.
          </p>
        ) : (
          <div role="region" aria-label="Payouts (scrolls sideways)" tabIndex={0} className="overflow-x-auto">
            <table className="w-full min-w-[720px] text-left" data-testid="payout-statement">
              <caption className="sr-only">Payouts by visit date</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="py-1 pr-2">
                    Visit
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Survey
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Paid by
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Fee paid
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Fee ex VAT
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    VAT
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Platform fee
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Paid out
                  </th>
                  <th scope="col" className="py-1">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {statement.data.lines.map((l) => (
                  <tr key={l.payout_id} className="border-b">
                    <td className="py-1 pr-2">{formatUkDate(l.visit_at)}</td>
                    <td className="py-1 pr-2">{l.product_label}</td>
                    <td className="py-1 pr-2">{l.paid_by_name ?? '—'}</td>
                    <td className="py-1 pr-2 text-right">{formatGbpFromPence(l.fee_pence)}</td>
                    <td className="py-1 pr-2 text-right">{formatGbpFromPence(l.fee_ex_vat_pence)}</td>
                    <td className="py-1 pr-2 text-right">{formatGbpFromPence(l.vat_pence)}</td>
                    <td className="py-1 pr-2 text-right">{formatGbpFromPence(l.platform_fee_pence)}</td>
                    <td className="py-1 pr-2 text-right font-medium">{formatGbpFromPence(l.net_pence)}</td>
                    <td className="py-1">{STATUS[l.status]}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-medium">
                  <th scope="row" colSpan={3} className="py-1 pr-2">
                    Total (refunds left out)
                  </th>
                  <td className="py-1 pr-2 text-right">{formatGbpFromPence(statement.data.totals.fee_pence)}</td>
                  <td className="py-1 pr-2 text-right">{formatGbpFromPence(statement.data.totals.fee_ex_vat_pence)}</td>
                  <td className="py-1 pr-2 text-right">{formatGbpFromPence(statement.data.totals.vat_pence)}</td>
                  <td className="py-1 pr-2 text-right">
                    {formatGbpFromPence(statement.data.totals.platform_fee_pence)}
                  </td>
                  <td className="py-1 pr-2 text-right">{formatGbpFromPence(statement.data.totals.net_pence)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
