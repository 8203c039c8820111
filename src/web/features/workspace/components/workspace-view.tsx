import { useSearchParams } from 'react-router'
import type { TransactionDetail } from '../../../../shared/contracts/transactions'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { useThreads } from '../../chat/api'
import { WORKSPACE_TABS, workspaceTabFrom, type WorkspaceTab } from '../tabs'
import { ChatTab } from './chat-tab'
import { DocumentsTab } from './documents-tab'
import { OverviewTab } from './overview-tab'
import { PeopleTab } from './people-tab'
import { TimelineTab } from './timeline-tab'
import { WorkspaceHeader } from './workspace-header'

/**
 * The transaction workspace (spec section 2): header and the five tabs Overview, Timeline,
 * Documents, People and Chat. The open tab lives in `?tab=` so it survives reloads and can be linked.
 */
export function WorkspaceView({
  detail,
  viewerName,
  viewerId,
}: {
  detail: TransactionDetail
  viewerName: string
  /** The viewer's profile id (chat: own messages, mentions). */
  viewerId: string
}) {
  const [params, setParams] = useSearchParams()
  const chatUnread = useThreads(detail.id).data?.unread_total ?? 0
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
      <WorkspaceHeader detail={detail} />
      <Tabs value={tab} onValueChange={setTab} className="flex flex-col gap-5">
        <div className="overflow-x-auto">
          <TabsList className="flex w-full sm:w-fit">
            {WORKSPACE_TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="px-1.5 sm:px-4">
                {t.label}
                {t.value === 'chat' && chatUnread > 0 && (
                  <span
                    data-testid="chat-unread-badge"
                    className="-ml-0.5 inline-flex min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[0.65rem] leading-4 font-semibold text-primary-foreground sm:ml-0 sm:min-w-5 sm:px-1.5 sm:text-xs sm:leading-5"
                  >
                    {chatUnread > 99 ? '99+' : chatUnread}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value={'overview' satisfies WorkspaceTab}>
          <OverviewTab detail={detail} />
        </TabsContent>
        <TabsContent value={'timeline' satisfies WorkspaceTab}>
          <TimelineTab detail={detail} viewerName={viewerName} viewerId={viewerId} />
        </TabsContent>
        <TabsContent value={'documents' satisfies WorkspaceTab}>
          <DocumentsTab detail={detail} />
        </TabsContent>
        <TabsContent value={'people' satisfies WorkspaceTab}>
          <PeopleTab detail={detail} />
        </TabsContent>
        <TabsContent value={'chat' satisfies WorkspaceTab}>
          <ChatTab detail={detail} viewerId={viewerId} />
        </TabsContent>
      </Tabs>
    </div>
  )
}
