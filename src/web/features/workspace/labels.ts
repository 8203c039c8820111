import { participantRoleLabel } from '#shared/domain/roles.ts'

/** Who ticks a task, for display: "Buyer's side", "Seller's side" or the professional ("Buyer's Conveyancer"). */
export function taskOwnerLabel(ownerSide: string | null | undefined): string {
  if (!ownerSide) return 'Conveyancers'
  if (ownerSide === 'buyer_side') return "Buyer's side"
  if (ownerSide === 'seller_side') return "Seller's side"
  return participantRoleLabel(ownerSide)
}

/** Today's date in the UK (Europe/London) as 'yyyy-mm-dd', the value of a date input. */
export function todayInLondon(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}
