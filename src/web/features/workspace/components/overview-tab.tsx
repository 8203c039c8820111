import { Building2, CheckCircle2, Clock, FileText, MessageSquare, Star, UserPlus, Users, Activity } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { overallProgress } from '#shared/domain/progress.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { fundsPath, propertyFormPath, reviewPath, surveyBookingPath, titleCheckPath } from '#shared/paths.ts'
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
 * Overview (spec: Screens and routes): progress bar; completed and in-progress stage counts, participants,
 * documents; 'Key Participants' (first 4, then the firms recorded as not on Homeward with that badge,
 * Invite Professional to /marketplace); 'Recent Activity'
 * (latest 5). Once the move has completed, its buyer and seller are asked to review the firms that
 * worked on it (the same page the review request email links to). `checklist` (from the verification
 * feature) says what is left for a buyer or seller to do.
 */
export function OverviewTab({
  detail,
  checklist,
  cards,
}: {
  detail: TransactionDetail
  checklist?: ReactNode
  /** Cards from other features, under the checklist. */
  cards?: ReactNode
}) {
  const progress = overallProgress(detail.timeline_stages)
  const counts = stageCounts(detail.timeline_stages)
  const stats = [
    { label: 'Stages completed', value: counts.completed, Icon: CheckCircle2 },
    { label: 'Stages in progress', value: counts.inProgress, Icon: Clock },
    { label: 'Participants', value: detail.transaction_participants.length, Icon: Users },
    { label: 'Documents', value: countDocuments(detail.documents), Icon: FileText },
  ]
  const activity = recentActivity(detail.messages, detail.activity)
  const canReview = detail.status === 'completed' && (detail.viewer_role === 'buyer' || detail.viewer_role === 'seller')
  const surveySide = ['buyer', 'buyer_conveyancer', 'buyers_agent', 'surveyor'].includes(detail.viewer_role ?? '')
  const conveyancer = detail.viewer_role === 'buyer_conveyancer' || detail.viewer_role === 'seller_conveyancer'
  // The buyer's source of funds is the buyer's and their conveyancer's alone (access/funds.ts).
  const fundsSide = detail.viewer_role === 'buyer' || detail.viewer_role === 'buyer_conveyancer'
  return (
    <div className="flex flex-col gap-6">
      {checklist}
      {cards}
      {canReview && (
        <section
          aria-labelledby="review-your-professionals"
          className="flex flex-col gap-3 rounded-xl border bg-primary-soft p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
        >
          <div>
            <h2 id="review-your-professionals" className="text-lg font-semibold">
              Your move is complete
            </h2>
            <p className="text-sm text-muted-foreground">
              Rate the firms that worked on it: your review helps the next buyer or seller choose.
            </p>
          </div>
          <Button asChild className="shrink-0">
            <Link to={reviewPath(detail.id)}>
              <Star aria-hidden="true" />
              Review your professionals
            </Link>
          </Button>
        </section>
      )}
      {surveySide && detail.status !== 'completed' && (
        <section
          aria-labelledby="survey-heading"
          className="flex flex-col gap-3 rounded-xl border bg-background p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
        >
          <div>
            <h2 id="survey-heading" className="text-lg font-semibold">
              Survey
            </h2>
            <p className="text-sm text-muted-foreground">
              Book a RICS Home Survey or valuation, or see the one booked.
            </p>
          </div>
          <Button asChild variant="outline" className="shrink-0">
            <Link to={surveyBookingPath(detail.id)}>Book or view the survey</Link>
          </Button>
        </section>
      )}
      {conveyancer && (
        <section
          aria-labelledby="title-heading"
          className="flex flex-col gap-3 rounded-xl border bg-background p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
        >
          <div>
            <h2 id="title-heading" className="text-lg font-semibold">
              Title
            </h2>
            <p className="text-sm text-muted-foreground">
              Obtain the official copy of the register and check the sellers against its proprietors.
            </p>
          </div>
          <Button asChild variant="outline" className="shrink-0">
            <Link to={titleCheckPath(detail.id)}>Title check</Link>
          </Button>
        </section>
      )}
      <section
        aria-labelledby="forms-heading"
        className="flex flex-col gap-3 rounded-xl border bg-background p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
      >
        <div>
          <h2 id="forms-heading" className="text-lg font-semibold">
            Property information forms
          </h2>
          <p className="text-sm text-muted-foreground">
            {detail.viewer_role === 'seller' || detail.viewer_role === 'seller_conveyancer'
              ? 'Fill in the TA6 and TA10 here, question by question, and sign them when done.'
              : "The seller's TA6 and TA10 answers, once signed."}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={propertyFormPath(detail.id, 'ta6')}>TA6 form</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={propertyFormPath(detail.id, 'ta10')}>TA10 form</Link>
          </Button>
        </div>
      </section>
      {fundsSide && detail.status !== 'completed' && (
        <section
          aria-labelledby="funds-heading"
          className="flex flex-col gap-3 rounded-xl border bg-background p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
        >
          <div>
            <h2 id="funds-heading" className="text-lg font-semibold">
              Source of funds
            </h2>
            <p className="text-sm text-muted-foreground">
              Connect a bank and see the deposit, mortgage, SDLT and fees added up.
            </p>
          </div>
          <Button asChild variant="outline" className="shrink-0">
            <Link to={fundsPath(detail.id)}>Open source of funds</Link>
          </Button>
        </section>
      )}
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
          <h2 id="recent-activity" className="text-lg font-semibold">
            Recent Activity
          </h2>
          {activity.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing yet. Ticks, blocks and status changes appear here.</p>
          ) : (
            <ol className="flex flex-col gap-4" data-testid="recent-activity">
              {activity.map((item) => {
                const Icon = item.kind === 'message' ? MessageSquare : Activity
                return (
                  <li key={item.id} className="flex gap-3">
                    <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                      <Icon aria-hidden="true" className="size-4" />
                    </span>
                    <div className="min-w-0 text-sm">
                      <p className="line-clamp-3 break-words">
                        {item.who && <span className="font-semibold">{item.who} </span>}
                        {item.kind === 'message' ? <>wrote: “{item.text}”</> : item.text}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        <time dateTime={item.at}>{formatUkDate(item.at)}</time>
                      </p>
                    </div>
                  </li>
                )
              })}
            </ol>
          )}
        </section>
      </div>
    </div>
  )
}
