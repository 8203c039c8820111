import { Download } from 'lucide-react'
import { billingEndpoints } from '#shared/contracts/billing.ts'
import { endpointUrl } from '#shared/contracts/endpoint.ts'
import { Button } from '#web/components/ui/button.tsx'
import { formatGbpFromPence, formatUkDate } from '#web/lib/formatters.ts'
import { useCompletionFee } from '../api'

/** The parties a move's completion fee is shown to: the buyers and sellers (professionals never pay it). */
const PARTIES = ['buyer', 'seller']

/**
 * Overview card: Homeward's flat completion fee, shown to the move's buyers and sellers from the start
 * (who pays it, how much with VAT, and that nothing is charged if the move does not complete), then
 * settled at completion with the receipt for the payer (docs/decisions/033-billing-and-pro.md).
 */
export function CompletionFeeCard({ txId, viewerRole }: { txId: string; viewerRole: string | null }) {
  const party = !!viewerRole && PARTIES.includes(viewerRole)
  const fee = useCompletionFee(txId, party)
  if (!party || !fee.data) return null
  const f = fee.data
  const amount = formatGbpFromPence(f.amount_pence)
  const youPay = f.payer === viewerRole && f.payer_name !== null
  const who = f.payer === 'none' ? null : youPay ? 'you' : `the ${f.payer} (${f.payer_name ?? 'not on Homeward yet'})`
  const text =
    f.status === 'paid'
      ? `${amount} was charged to ${who}${f.charged_at ? ` on ${formatUkDate(f.charged_at)}` : ''} when the move completed.`
      : f.status === 'waived'
        ? 'No completion fee is charged on this move.'
        : f.status === 'failed'
          ? `Charging ${amount} did not go through; we will try again and email ${who === 'you' ? 'you' : 'the payer'}.`
          : `${amount} including VAT, paid by ${who} only when the move completes. Nothing is charged if it does not.`
  return (
    <section
      aria-labelledby="completion-fee-heading"
      className="flex flex-col gap-3 rounded-xl border bg-background p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div>
        <h2 id="completion-fee-heading" className="text-lg font-semibold">
          Completion fee
        </h2>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      {f.receipt_available && (
        <Button asChild variant="outline" className="shrink-0">
          <a href={endpointUrl(billingEndpoints.completionFeeReceipt, { params: { txId } })} download>
            <Download aria-hidden="true" />
            Download receipt
            {f.invoice_number && <span className="sr-only"> {f.invoice_number}</span>}
          </a>
        </Button>
      )}
    </section>
  )
}
