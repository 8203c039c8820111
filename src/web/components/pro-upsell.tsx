import { Link } from 'react-router'
import { PRO_FEATURES, PRO_SEAT_MONTHLY_PENCE } from '#shared/domain/billing.ts'
import { Button } from './ui/button'

/** Whether an error is the server's Pro gate (402 'payment_required'). */
export function isProRequired(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { code?: unknown }).code === 'payment_required'
}

/**
 * What a professional tool shows when the firm's Pro has lapsed (the server answered 402): the
 * server's message (which tool, since when, who can subscribe), what Pro includes, that nothing was
 * deleted, and links to the firm's billing page and the pricing page.
 */
export function ProUpsell({ message }: { message: string }) {
  return (
    <section
      aria-labelledby="pro-upsell-title"
      data-testid="pro-upsell"
      className="flex flex-col items-start gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4"
    >
      <h2 id="pro-upsell-title" className="text-lg font-semibold">
        This is a Homeward Pro tool
      </h2>
      <p>{message.replace(/ on the billing page \([^)]*\)/, ' on the billing page')}</p>
      <ul className="list-disc pl-5 text-sm text-muted-foreground">
        {PRO_FEATURES.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <p className="text-sm">
        From £{PRO_SEAT_MONTHLY_PENCE / 100} per seat per month plus VAT. Your cases, clocks and settings are kept while
        Pro is off.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/app/firm/billing">Go to billing</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/pricing">See pricing</Link>
        </Button>
      </div>
    </section>
  )
}
