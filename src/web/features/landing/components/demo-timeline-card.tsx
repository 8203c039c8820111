import { CircleCheck, CircleDashed, Clock } from 'lucide-react'
import { Badge } from '#web/components/ui/badge.tsx'
import { clsx as cn } from 'clsx'
import { DEMO_MILESTONES, demoStepBadge, demoStepStatus, PROGRESS_TARGET, STATIC_HIGHLIGHT } from '../demo-timeline'

const ICONS = { complete: CircleCheck, active: Clock, pending: CircleDashed } as const

/**
 * The illustrative move on the landing page: overall progress (an accessible progressbar) and the
 * six sample milestones, one highlighted. Rendered by the server holding still (65%, the step in
 * progress highlighted: what search engines, people without JavaScript and people who asked for
 * reduced motion see); enhance-demo-timeline.ts sets it moving in the browser through the data-demo
 * attributes below, as the landing page ships without React.
 */
export function DemoTimelineCard({
  progress = PROGRESS_TARGET,
  highlighted = STATIC_HIGHLIGHT,
}: {
  progress?: number
  highlighted?: number
}) {
  return (
    <div className="rounded-2xl border bg-background p-5 shadow-lg sm:p-6" data-testid="demo-timeline-card">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Sample move</p>
          <h3 className="mt-1 text-lg font-semibold">12 Orchard Way, Bath BA2 4QP</h3>
        </div>
        <Badge variant="soft">Illustrative</Badge>
      </div>

      <div className="mt-5">
        <div className="flex items-baseline justify-between text-sm">
          <span id="demo-progress-label" className="font-medium">
            Overall progress
          </span>
          <span className="font-semibold tabular-nums" aria-hidden="true" data-demo-progress-text="">
            {progress}%
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="demo-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${progress}%`}
          data-demo-progress=""
          className="relative mt-2 h-3 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            data-demo-progress-bar=""
            className="h-full w-full bg-primary transition-transform duration-75 ease-linear motion-reduce:transition-none"
            style={{ transform: `translateX(-${100 - progress}%)` }}
          />
        </div>
      </div>

      <ol className="mt-6 flex flex-col gap-2" aria-label="Milestones">
        {DEMO_MILESTONES.map((milestone, index) => {
          const status = demoStepStatus(milestone.progress)
          const badge = demoStepBadge(status)
          const Icon = ICONS[status]
          const isHighlighted = index === highlighted
          return (
            <li
              key={milestone.name}
              aria-current={isHighlighted ? 'step' : undefined}
              data-status={status}
              data-highlighted={isHighlighted || undefined}
              data-demo-step=""
              className="flex items-center gap-3 rounded-lg border border-transparent px-3 py-2.5 transition-colors duration-300 data-highlighted:border-primary/40 data-highlighted:bg-primary-soft/50 motion-reduce:transition-none"
            >
              <Icon
                aria-hidden="true"
                className={cn(
                  'size-5 shrink-0',
                  status === 'complete' && 'text-primary',
                  status === 'active' && 'text-amber-700',
                  status === 'pending' && 'text-slate-500',
                )}
              />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold">{milestone.name}</p>
                <p className="text-xs text-muted-foreground">{milestone.detail}</p>
              </div>
              {badge && <Badge variant={status === 'complete' ? 'success' : 'gold'}>{badge}</Badge>}
            </li>
          )
        })}
      </ol>
    </div>
  )
}
