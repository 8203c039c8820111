import { CreditCard, Download } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { billingEndpoints, type CompletionFee } from '#shared/contracts/billing.ts'
import { endpointUrl } from '#shared/contracts/endpoint.ts'
import { COMPLETION_FEE_COVERS } from '#shared/domain/billing.ts'
import { Button } from '#web/components/ui/button.tsx'
import { formatGbpFromPence, formatUkDate } from '#web/lib/formatters.ts'
import { useAcceptCompletionFee, useCompletionFee } from '../api'
import { SandboxBadge } from '#web/components/sandbox-badge.tsx'
import type { TodoItem } from '#web/lib/todo-item.ts'

/** The parties a move's completion fee is shown to: the buyers and sellers (professionals never pay it). */
const PARTIES = ['buyer', 'seller']

/** The card's sentences for the fee as the viewer sees it (the payer, or another buyer or seller). */
function feeText(f: CompletionFee): string[] {
  const amount = formatGbpFromPence(f.amount_pence)
  const vat = formatGbpFromPence(f.vat_pence)
  const payer = f.payer === 'none' ? null : `the ${f.payer} (${f.payer_name ?? 'not on Homeward yet'})`
  const mine = f.viewer_is_payer
  const a = f.acceptance
  switch (f.status) {
    case 'paid':
      return [
        `${amount} was charged to ${mine ? 'you' : payer}${f.charged_at ? ` on ${formatUkDate(f.charged_at)}` : ''} when the move completed.`,
      ]
    case 'waived':
      return ['No completion fee is charged on this move.']
    case 'due':
    case 'failed':
      if (!mine) return [`The completion fee of ${amount} including VAT is due from ${payer}.`]
      return f.status === 'failed'
        ? [
            `The move has completed. Charging ${amount} including VAT to your saved card did not go through${f.failure_reason ? `: ${f.failure_reason}` : '.'}`,
            'Pay it with another card.',
          ]
        : [
            `The move has completed and the completion fee of ${amount} including VAT is due. You had not accepted it before completion, so nothing was charged.`,
            'Pay it with a card; it covers ' + COMPLETION_FEE_COVERS + '.',
          ]
    default:
      if (!mine)
        return [
          `${amount} including VAT, paid by ${payer} only when the move completes. Nothing is charged if it does not.${f.accepted ? ` The ${f.payer} has accepted it.` : ''}`,
        ]
      if (a?.status === 'accepted')
        return [
          `You accepted the fee${f.accepted_at ? ` on ${formatUkDate(f.accepted_at)}` : ''}: ${a.card_label ?? 'your card'} will be charged ${amount} including VAT when the move completes.`,
          'Nothing is charged if the move does not complete.',
        ]
      return [
        `${amount} including VAT (${vat} of it VAT), paid by you only when the move completes. It covers ${COMPLETION_FEE_COVERS}.`,
        'Accept it by saving a card: nothing is charged now, and nothing at all if the move does not complete.',
      ]
  }
}

/**
 * Homeward's flat completion fee as a step on 'What is left for you' (decision 063), for the move's
 * buyers and sellers from the start: who pays it, how much with VAT, what it covers, and that
 * nothing is charged if the move does not complete. For the payer it is theirs to do: accept it by
 * saving a card on the provider's page, or pay it after a completion it was not accepted before;
 * for the other party it is the other side's. The receipt follows completion
 * (docs/decisions/033-billing-and-pro.md, 036-completion-fee-acceptance.md).
 */
export function useCompletionFeeTodos(txId: string, viewerRole: string | null): TodoItem[] {
  const party = !!viewerRole && PARTIES.includes(viewerRole)
  const [params] = useSearchParams()
  const back = params.get('fee')
  const fee = useCompletionFee(txId, party, back !== null)
  const accept = useAcceptCompletionFee(txId)
  if (!party || !fee.data) return []
  const f = fee.data
  const waiting = back !== null && f.acceptance?.status === 'pending'
  const action = f.viewer_action
  const settled = f.status === 'paid' || f.status === 'waived' || f.acceptance?.status === 'accepted'
  return [
    {
      key: 'completion-fee',
      state: settled ? 'done' : f.viewer_is_payer ? (waiting ? 'waiting' : 'todo') : 'waiting',
      label: f.viewer_is_payer && !settled ? 'Accept the completion fee' : 'Completion fee',
      badge: <SandboxBadge provider={f.provider_label} detail="no real card is charged" />,
      hint: (
        <span className="flex flex-col gap-1" data-testid="completion-fee-card">
          {feeText(f).map((line) => (
            <span key={line}>{line}</span>
          ))}
          {waiting && (
            <span role="status" className="text-foreground">
              Checking your card with the payment provider…
            </span>
          )}
          {f.acceptance?.problem && !waiting && (
            <span role="alert" className="font-medium text-destructive">
              {f.acceptance.problem}
            </span>
          )}
          {accept.isError && (
            <span role="alert" className="font-medium text-destructive">
              {accept.error.message}
            </span>
          )}
        </span>
      ),
      action:
        (action && !waiting) || f.receipt_available ? (
          <>
            {action && !waiting && (
              <Button size="sm" onClick={() => accept.mutate()} disabled={accept.isPending}>
                <CreditCard aria-hidden="true" />
                {action === 'accept' ? 'Accept the fee' : `Pay ${formatGbpFromPence(f.amount_pence)}`}
              </Button>
            )}
            {f.receipt_available && (
              <Button asChild size="sm" variant="outline">
                <a href={endpointUrl(billingEndpoints.completionFeeReceipt, { params: { txId } })} download>
                  <Download aria-hidden="true" />
                  Download receipt
                  {f.invoice_number && <span className="sr-only"> {f.invoice_number}</span>}
                </a>
              </Button>
            )}
          </>
        ) : undefined,
    },
  ]
}
