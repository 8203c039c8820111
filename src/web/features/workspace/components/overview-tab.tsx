import { Building2, CheckCircle2, Clock, FileText, MessageSquare, UserPlus, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { overallProgress } from '#shared/domain/progress.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { transactionPath } from '#shared/paths.ts'
import { NotOnHomewardBadge } from '#web/components/not-on-homeward-badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Progress } from '#web/components/ui/progress.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { recentActivity } from '../activity'
import { countDocuments } from '../documents'
import { stageCounts } from '../optimistic'
import { ParticipantAvatar } from './participant-avatar'

/** Spec: Business constants and limits: Key Participants shows 4. */
export const KEY_PARTICIPANTS = 4

/**
 * Overview (spec: Screens and routes): progress bar; completed and in-progress stage counts,
 * participants, documents; then the viewer's 'What is left for you' (one list by their role,
 * decision 063) beside 'Key Participants' (first 4, then the firms recorded as not on Homeward with
 * that badge, Invite Professional to /marketplace) and 'Recent Activity' (the latest 5 messages,
 * with a link to the Activity view, where the system's own entries are).
 */
export function OverviewTab({
  detail,
  whatIsLeft,
}: {
  detail: TransactionDetail
  /** 'What is left for you' (WhatIsLeft), from the app shell. */
  whatIsLeft?: ReactNode
}) {
  const progress = overallProgress(detail.timeline_stages)
  const counts = stageCounts(detail.timeline_stages)
  const stats = [
    { label: 'Stages completed', value: counts.completed, Icon: CheckCircle2 },
    { label: 'Stages in progress', value: counts.inProgress, Icon: Clock },
    { label: 'Participants', value: detail.transaction_participants.length, Icon: Users },
    { label: 'Documents', value: countDocuments(detail.documents), Icon: FileText },
  ]
  const activity = recentActivity(detail.messages)
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="overall-progress" className="rounded-xl border bg-background p-5 shadow-sm sm:p-6">
        <div className="mb-3 flex items-baseline justify-between">
          <h2 id="overall-progress" className="text-lg font-semibold">
            Overall progress
          </h2>
          <span className="text-2xl font-bold" data-testid="overall-percent">
            {progress}%
          </span>
        </div>
        <Progress value={progress} aria-labelledby="overall-progress" className="h-3" />
        <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {stats.map(({ label, value, Icon }) => (
            <div key={label} className="rounded-lg bg-surface p-3">
              <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                <Icon aria-hidden="true" className="size-3.5" />
                {label}
              </dt>
              <dd
                className="mt-1 text-xl font-bold"
                data-testid={`overview-${label.toLowerCase().replace(/\s+/g, '-')}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        {whatIsLeft && <div className="flex min-w-0 flex-col gap-6">{whatIsLeft}</div>}
        <div className="flex min-w-0 flex-col gap-6">
          <section
            aria-labelledby="key-participants"
            className="flex min-w-0 flex-col gap-4 rounded-xl border bg-background p-5 shadow-sm sm:p-6"
          >
            <div className="flex items-center justify-between gap-2">
              <h2 id="key-participants" className="text-lg font-semibold">
                Key Participants
              </h2>
              <Button asChild variant="outline" size="sm">
                <Link to="/marketplace">
                  <UserPlus aria-hidden="true" />
                  Invite Professional
                </Link>
              </Button>
            </div>
            <ul className="flex flex-col gap-3">
              {detail.transaction_participants.slice(0, KEY_PARTICIPANTS).map((p) => (
                <li key={p.id} className="flex min-w-0 items-center gap-3">
                  <ParticipantAvatar name={p.profile.full_name} />
                  <div className="min-w-0">
                    <p className="truncate font-medium">{p.profile.full_name}</p>
                    <p className="truncate text-sm text-muted-foreground">
                      {participantRoleLabel(p.role)}
                      {p.organization && ` · ${p.organization.name}`}
                    </p>
                  </div>
                </li>
              ))}
              {/* A seat held by a firm recorded as not on Homeward reads as that firm, not as empty. */}
              {detail.off_platform_parties.map((p) => (
                <li key={p.id} className="flex min-w-0 items-center gap-3" data-testid="key-participant-off-platform">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-full border border-dashed bg-muted text-muted-foreground"
                  >
                    <Building2 className="size-4" />
                  </span>
                  <div className="min-w-0">
                    <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="min-w-0 truncate font-medium">{p.person_name ?? p.firm_name}</span>
                      <NotOnHomewardBadge />
                    </p>
                    <p className="text-sm break-words text-muted-foreground">
                      {participantRoleLabel(p.role)}
                      {p.person_name && ` · ${p.firm_name}`}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <section
            aria-labelledby="recent-activity"
            className="flex min-w-0 flex-col gap-4 rounded-xl border bg-background p-5 shadow-sm sm:p-6"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="recent-activity" className="text-lg font-semibold">
                Recent Activity
              </h2>
              <Link
                to={transactionPath(detail.id, { view: 'activity' })}
                className="text-sm font-medium text-primary underline"
                data-testid="all-activity-link"
              >
                All activity
              </Link>
            </div>
            {activity.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No messages yet. Messages in{' '}
                <Link to={transactionPath(detail.id, { tab: 'chat' })} className="font-medium text-primary underline">
                  Chat
                </Link>{' '}
                appear here; ticks, status changes and documents are in All activity.
              </p>
            ) : (
              <ol className="flex flex-col gap-4" data-testid="recent-activity">
                {activity.map((item) => (
                  <li key={item.id} className="flex gap-3">
                    <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                      <MessageSquare aria-hidden="true" className="size-4" />
                    </span>
                    <div className="min-w-0 text-sm">
                      <p className="line-clamp-3 break-words">
                        <span className="font-semibold">{item.who} </span>wrote: “{item.text}”
                      </p>
                      <p className="text-xs text-muted-foreground">
                        <time dateTime={item.at}>{formatUkDate(item.at)}</time>
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </div>
  )
}
