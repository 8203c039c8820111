import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { canManageFirm, memberRoleLabel } from '#shared/domain/firms.ts'
import { ENQUIRY_CATEGORIES, type EnquiryCategory } from '#shared/domain/enquiries.ts'
import { firmPath, PAGE_PATHS, type FirmSection } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/cn.ts'
import { useMyFirm } from '../api'
import { FirmActivity } from './firm-activity'
import { FirmOnboarding } from './firm-onboarding'
import { FirmProfileSection } from './firm-profile-section'
import { InvitationsSection } from './invitations-section'
import { MembersSection } from './members-section'
import { SlaTargets } from './sla-targets'
import { StandardEnquiryLists } from './standard-enquiry-lists'

const SECTION_LABELS: Record<FirmSection, string> = {
  members: 'Members',
  invitations: 'Invitations',
  settings: 'Settings',
  billing: 'Billing',
  activity: 'Activity',
}

/**
 * /app/firm[/invitations|/settings|/activity]: the professional's firm. Its sections are links (the
 * section is in the path, the enquiry category in `?category=`): members and their roles, invitations
 * (admins invite and withdraw), settings (the public profile, SLA targets and standard enquiry lists; admins edit, others
 * read), billing (the Pro plan: `billing`, a slot the app shell fills from the billing feature),
 * activity (admins: the firm's events).
 * Without a firm it offers to claim a listing or create one.
 */
export function FirmPage({
  section,
  email,
  adminSettings,
  billing,
}: {
  section: FirmSection
  email?: string
  /** More of the settings section for the firm's admins, composed by the route (the firm's API keys and webhooks). */
  adminSettings?: (firm: { id: string; name: string }) => ReactNode
  /** The billing section's content (the Pro plan), filled by the route from the billing feature. */
  billing?: ReactNode
}) {
  const firm = useMyFirm()
  const [params, setParams] = useSearchParams()
  const raw = params.get('category')
  const category: EnquiryCategory = (ENQUIRY_CATEGORIES as readonly string[]).includes(raw ?? '')
    ? (raw as EnquiryCategory)
    : 'title'

  if (firm.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading your firm" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-10 w-full" />
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    )
  }
  if (firm.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4">
        <h1 className="text-2xl font-bold">Your firm</h1>
        <p>We could not load your firm: {firm.error.message}</p>
        <Button onClick={() => void firm.refetch()}>Try again</Button>
      </div>
    )
  }
  const data = firm.data
  if (!data.firm) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">Your firm</h1>
        <FirmOnboarding email={email} />
      </div>
    )
  }
  const admin = canManageFirm(data.my_role)
  const sections: FirmSection[] = admin
    ? ['members', 'invitations', 'settings', 'billing', 'activity']
    : ['members', 'invitations', 'settings', 'billing']

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{data.firm.name}</h1>
          <p className="text-sm text-muted-foreground">
            {[data.firm.town, data.firm.postcode_district].filter(Boolean).join(', ')}
            {data.my_role ? ` · you are ${memberRoleLabel(data.my_role).toLowerCase()}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={data.firm.listed ? 'success' : 'muted'}>
            {data.firm.listed ? 'Listed in the marketplace' : 'Not listed yet'}
          </Badge>
          <Button asChild variant="outline" size="sm">
            <Link to={PAGE_PATHS.cases}>Cases board</Link>
          </Button>
        </div>
      </div>
      <nav aria-label="Firm sections" className="border-b">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {sections.map((s) => (
            <li key={s}>
              <Link
                to={firmPath(s)}
                aria-current={s === section ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap',
                  s === section
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                {SECTION_LABELS[s]}
                {s === 'members' ? ` (${data.members.length})` : ''}
                {s === 'invitations' && admin && data.invitations.length ? ` (${data.invitations.length})` : ''}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {section === 'members' && <MembersSection firm={data} />}
      {section === 'invitations' && <InvitationsSection firm={data} />}
      {section === 'billing' && billing}
      {section === 'activity' && <FirmActivity orgId={data.firm.id} admin={admin} firmName={data.firm.name} />}
      {section === 'settings' && (
        <div className="flex flex-col gap-4">
          <FirmProfileSection orgId={data.firm.id} admin={admin} />
          <SlaTargets orgId={data.firm.id} admin={admin} />
          <StandardEnquiryLists
            orgId={data.firm.id}
            admin={admin}
            category={category}
            onCategory={(c) => {
              const next = new URLSearchParams(params)
              if (c === 'title') next.delete('category')
              else next.set('category', c)
              setParams(next, { replace: true })
            }}
          />
          {admin && adminSettings?.({ id: data.firm.id, name: data.firm.name })}
        </div>
      )}
    </div>
  )
}
