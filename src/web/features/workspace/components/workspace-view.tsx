import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import type { TransactionView } from '#shared/paths.ts'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx'
import type { WorkspaceSlots } from '../slots'
import { WORKSPACE_TABS, workspacePlaceFrom, type WorkspaceTab } from '../tabs'
import { OverviewTab } from './overview-tab'
import { PeopleTab } from './people-tab'
import { TabViewSwitcher } from './tab-view-switcher'
import { TimelineTab } from './timeline-tab'
import { WorkspaceHeader } from './workspace-header'

/**
 * The transaction workspace (spec: Screens and routes): header and the five tabs Overview, Timeline,
 * Documents, People and Chat. Documents holds the Enquiries and Activity views and Timeline the
 * Chain view, each switched inside its tab (decision 063). The open tab lives in `?tab=` and the
 * view in `?view=`, so both survive reloads and can be linked; an old `?tab=enquiries` or
 * `?tab=chain` link is rewritten to its new place. Documents, Chat and the pieces from other
 * features come in `slots` (see WorkspaceSlots).
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
  const { tab, view } = workspacePlaceFrom(params.get('tab'), params.get('view'))
  const place = (nextTab: string, nextView: TransactionView | null) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev)
        if (nextTab === 'overview') p.delete('tab')
        else p.set('tab', nextTab)
        if (nextView) p.set('view', nextView)
        else p.delete('view')
        if (nextTab !== 'chat') p.delete('thread')
        return p
      },
      { replace: true, preventScrollReset: true },
    )

  // A link from before the views (?tab=enquiries, ?tab=chain) or a view outside its tab: the
  // address says where the person really is.
  const raw = { tab: params.get('tab'), view: params.get('view') }
  const canonical = raw.tab !== (tab === 'overview' ? null : tab) || raw.view !== view
  useEffect(() => {
    if (canonical) place(tab, view)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the address changes
  }, [canonical, raw.tab, raw.view])

  // At 390 px the row may scroll sideways: the open tab is always in view.
  const list = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('[data-state="active"]')
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [tab])

  return (
    <div className="flex flex-col gap-6">
      <WorkspaceHeader
        detail={detail}
        liveStatus={slots.liveStatus}
        actions={slots.headerActions}
        offPlatformSummary={slots.offPlatformSummary}
      />
      <Tabs value={tab} onValueChange={(value) => place(value, null)} className="flex flex-col gap-5">
        <div ref={list} className="-mx-1 overflow-x-auto px-1">
          <TabsList aria-label="Move" className="flex w-full sm:w-fit">
            {WORKSPACE_TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="px-2 sm:px-4">
                {t.label}
                {t.value === 'chat' && slots.chatBadge}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value={'overview' satisfies WorkspaceTab}>
          <OverviewTab detail={detail} whatIsLeft={slots.whatIsLeft} />
        </TabsContent>
        <TabsContent value={'timeline' satisfies WorkspaceTab} className="flex flex-col gap-5">
          <TabViewSwitcher tab="timeline" view={view} onChange={(v) => place('timeline', v)} />
          {view === 'chain' ? (
            slots.chainView
          ) : (
            <TimelineTab detail={detail} viewerName={viewerName} viewerId={viewerId} taskExtra={slots.taskExtra} />
          )}
        </TabsContent>
        <TabsContent value={'documents' satisfies WorkspaceTab} className="flex flex-col gap-5">
          <TabViewSwitcher tab="documents" view={view} onChange={(v) => place('documents', v)} />
          {view === 'enquiries' ? slots.enquiriesView : view === 'activity' ? slots.activityView : slots.documentsTab}
        </TabsContent>
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
      </Tabs>
    </div>
  )
}
