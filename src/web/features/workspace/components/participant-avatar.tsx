import { cn } from '#web/lib/cn.ts'
import { initials } from '#web/lib/avatar.ts'

/** A round badge with a person's initials; decorative (the name is always shown beside it). */
export function ParticipantAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-soft-foreground',
        className,
      )}
    >
      {initials(name)}
    </span>
  )
}
