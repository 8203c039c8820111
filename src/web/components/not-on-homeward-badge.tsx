import type { SeatHolder } from '#shared/contracts/off-platform-parties.ts'
import { NOT_ON_HOMEWARD } from '#shared/domain/off-platform-parties.ts'
import { cn } from '#web/lib/cn.ts'
import { Badge } from './ui/badge'

/**
 * The small "not on Homeward" badge (NOT_ON_HOMEWARD) beside a professional recorded as not on
 * Homeward (an off-platform party), wherever a participant appears: the People tab, the header,
 * Overview's Key Participants, the chain and the cases board.
 */
export function NotOnHomewardBadge({ className }: { className?: string }) {
  return (
    <Badge variant="outline" className={cn('shrink-0', className)}>
      {NOT_ON_HOMEWARD}
    </Badge>
  )
}

/**
 * Who holds a conveyancer's seat (SeatHolder from the cases board or the chain): the firm, the fee
 * earner beside it when known, and the badge when they are not on Homeward; "Not recorded" when
 * nobody is. `compact` puts the person on the same line (phone cards, chain cards); `dense` draws a
 * smaller badge (a table cell).
 */
export function SeatHolderName({
  holder,
  compact = false,
  dense = false,
}: {
  holder: SeatHolder | null
  compact?: boolean
  dense?: boolean
}) {
  if (!holder) return <span className="text-muted-foreground">Not recorded</span>
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5">
      <span className="min-w-0 break-words">
        {holder.name}
        {holder.person_name && compact && <span className="text-muted-foreground"> ({holder.person_name})</span>}
      </span>
      {!holder.on_homeward && <NotOnHomewardBadge className={dense ? 'px-1.5 text-[11px]' : undefined} />}
      {holder.person_name && !compact && (
        <span className="block w-full text-xs text-muted-foreground">{holder.person_name}</span>
      )}
    </span>
  )
}
