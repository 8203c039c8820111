import type { DepositStatus, LedgerAccountCode } from '#shared/contracts/deposits.ts'
import type { BadgeVariant } from '#web/components/ui/badge.tsx'

/** A deposit's status in words, with its badge. */
export const STATUS_LABEL: Record<DepositStatus, { label: string; variant: BadgeVariant }> = {
  awaiting_funds: { label: 'Waiting for the transfer', variant: 'muted' },
  part_received: { label: 'Part received', variant: 'soft' },
  held: { label: 'Held', variant: 'success' },
  released: { label: "Released to the seller's conveyancer", variant: 'default' },
  refunded: { label: 'Refunded to the buyer', variant: 'outline' },
}

export const ACCOUNT_LABEL: Record<LedgerAccountCode, string> = {
  buyer_payments: 'Paid in by the buyer',
  held_for_buyer: 'Held for the buyer',
  released_to_seller: "Released to the seller's conveyancer",
  refunded: 'Refunded to the buyer',
}
