import { AppLink } from '../lib/app-link'
import { clsx as cn } from 'clsx'

/** The Homeward wordmark linking to `to`: the landing page, or a signed-in person's home (app header). */
export function Logo({ className, inverse = false, to = '/' }: { className?: string; inverse?: boolean; to?: string }) {
  return (
    <AppLink
      to={to}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight',
        inverse ? 'text-white' : 'text-foreground',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" fill={inverse ? '#ffffff' : '#115e59'} />
        <path
          d="M8 15.5 16 9l8 6.5V24a1 1 0 0 1-1 1h-4.5v-5.5h-5V25H9a1 1 0 0 1-1-1z"
          fill={inverse ? '#115e59' : '#ffffff'}
        />
      </svg>
      <span>Homeward</span>
    </AppLink>
  )
}
