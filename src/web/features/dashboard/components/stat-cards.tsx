import { FolderOpen, Home, TrendingUp, Users, type LucideIcon } from 'lucide-react'
import type { DashboardStats } from '../stats'

/** The four stat cards of /app/home (spec: Screens and routes). */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const cards: { label: string; value: string; Icon: LucideIcon }[] = [
    { label: 'Active Moves', value: String(stats.activeMoves), Icon: Home },
    { label: 'Avg Progress', value: `${stats.avgProgress}%`, Icon: TrendingUp },
    { label: 'Team Members', value: String(stats.teamMembers), Icon: Users },
    { label: 'Total Moves', value: String(stats.totalMoves), Icon: FolderOpen },
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {cards.map(({ label, value, Icon }) => (
        <div key={label} className="relative flex flex-col gap-1 rounded-xl border bg-background p-4 shadow-sm sm:p-5">
          <dt className="text-sm font-medium text-muted-foreground">
            {label}
            <span className="absolute top-4 right-4 hidden size-10 items-center justify-center rounded-lg bg-primary-soft text-primary sm:top-5 sm:right-5 sm:flex">
              <Icon aria-hidden="true" className="size-5" />
            </span>
          </dt>
          <dd
            className="text-2xl font-bold tracking-tight sm:text-3xl"
            data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
