import { useSearchParams } from 'react-router'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx'
import type { WorkspaceSlots } from '../slots'
import { WORKSPACE_TABS, workspaceTabFrom, type WorkspaceTab } from '../tabs'
import { OverviewTab } from './overview-tab'
import { PeopleTab } from './people-tab'
import { TimelineTab } from './timeline-tab'
import { WorkspaceHeader } from './workspace-header'

/**
 * The transaction workspace (spec: Screens and routes): header and the five tabs Overview, Timeline,
 * Documents, People and Chat. The open tab lives in `?tab=` so it survives reloads and can be linked.
 * Documents, Chat and the pieces from other features come in `slots` (see WorkspaceSlots).
 */
export function WorkspaceView({
  detail,
  viewerName,
  viewerId,
  slots,
}: {
  detail: TransactionDetail
  viewerName: string
  /** The viewer's profile id (ticks: 'ticked by'). */
  viewerId: string
  slots: WorkspaceSlots
}) {
  const [params, setParams] = useSearchParams()
  const tab = workspaceTabFrom(params.get('tab'))
  const setTab = (value: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev)
        if (value === 'overview') p.delete('tab')
        else p.set('tab', value)
        if (value !== 'chat') p.delete('thread')
        return p
      },
      { replace: true, preventScrollReset: true },
    )

  return (
    <div className="flex flex-col gap-6">
      <WorkspaceHeader
        detail={detail}
        liveStatus={slots.liveStatus}
        actions={slots.headerActions}
        offPlatformSummary={slots.offPlatformSummary}
      />
      <Tabs value={tab} onValueChange={setTab} className="flex flex-col gap-5">
        <div className="overflow-x-auto">
          <TabsList className="flex w-full sm:w-fit">
            {WORKSPACE_TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="px-1.5 sm:px-4">
                {t.label}
                {t.value === 'chat' && slots.chatBadge}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value={'overview' satisfies WorkspaceTab}>
          <OverviewTab detail={detail} checklist={slots.overviewChecklist} cards={slots.overviewCards} />
        </TabsContent>
        <TabsContent value={'timeline' satisfies WorkspaceTab}>
          <TimelineTab detail={detail} viewerName={viewerName} viewerId={viewerId} taskExtra={slots.taskExtra} />
        </TabsContent>
        <TabsContent value={'documents' satisfies WorkspaceTab}>{slots.documentsTab}</TabsContent>
        <TabsContent value={'people' satisfies WorkspaceTab}>
          <PeopleTab
            detail={detail}
            feeEarner={slots.feeEarner}
            inviteButton={slots.inviteButton}
            pendingInvitations={slots.pendingInvitations}
            partyBadges={slots.partyBadges}
            recordOffPlatform={slots.recordOffPlatform}
            offPlatformParties={slots.offPlatformParties}
          />
        </TabsContent>
        <TabsContent value={'chat' satisfies WorkspaceTab}>{slots.chatTab}</TabsContent>
        <TabsContent value={'enquiries' satisfies WorkspaceTab}>{slots.enquiriesTab}</TabsContent>
        <TabsContent value={'chain' satisfies WorkspaceTab}>{slots.chainTab}</TabsContent>
      </Tabs>
    </div>
  )
}
