import { MessageSquarePlus } from 'lucide-react'
import { Link } from 'react-router'
import type { ChatThread } from '#shared/contracts/chat.ts'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatMessageTime } from '#web/lib/time-formatters.ts'
import { plainText } from '#shared/domain/plain-text.ts'

/** What a thread is about, for people: 'Stage: Searches', 'Document: TA6.pdf', 'Enquiry' ... or null for General. */
export function threadTopicLabel(thread: ChatThread, detail: TransactionDetail): string | null {
  switch (thread.topic) {
    case 'stage': {
      const stage = detail.timeline_stages.find((s) => s.id === thread.topic_ref)
      return `Stage: ${stage?.stage_name ?? 'a stage'}`
    }
    case 'document': {
      const doc = detail.documents.find((d) => d.id === thread.topic_ref)
      return `Document: ${doc?.filename ?? 'a document'}`
    }
    case 'enquiry':
      return 'Enquiry'
    case 'other':
      return 'Other topic'
    default:
      return null
  }
}

/**
 * The threads of a move, 'General' first, each a link to `?tab=chat&thread=<id>` with its latest
 * message and the viewer's unread count; the 'New thread' button above.
 */
export function ThreadList({
  detail,
  threads,
  activeId,
  hrefFor,
  onNewThread,
}: {
  detail: TransactionDetail
  threads: readonly ChatThread[]
  activeId: string | null
  hrefFor: (threadId: string) => string
  onNewThread: () => void
}) {
  return (
    <nav aria-label="Chat threads" className="flex h-full min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-3 py-2.5">
        <h3 className="font-semibold">Threads</h3>
        <Button size="sm" variant="outline" onClick={onNewThread}>
          <MessageSquarePlus aria-hidden="true" />
          New thread
        </Button>
      </div>
      <ul className="flex min-h-0 flex-1 flex-col overflow-y-auto p-1.5">
        {threads.map((t) => {
          const current = t.id === activeId
          const topic = threadTopicLabel(t, detail)
          return (
            <li key={t.id}>
              <Link
                to={hrefFor(t.id)}
                replace
                preventScrollReset
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex flex-col gap-0.5 rounded-md px-2.5 py-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  current && 'bg-primary-soft hover:bg-primary-soft',
                )}
              >
                <span className="flex items-center gap-2">
                  <span className={cn('min-w-0 flex-1 truncate', t.unread_count > 0 ? 'font-bold' : 'font-medium')}>
                    {t.title}
                  </span>
                  {t.unread_count > 0 && (
                    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                      {t.unread_count > 99 ? '99+' : t.unread_count}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                  {t.last_message_at && (
                    <time dateTime={t.last_message_at} className="shrink-0 text-xs text-muted-foreground">
                      {formatMessageTime(t.last_message_at)}
                    </time>
                  )}
                </span>
                {topic && <span className="truncate text-xs text-primary">{topic}</span>}
                <span className="line-clamp-1 text-xs text-muted-foreground">
                  {t.last_message_preview ? plainText(t.last_message_preview) : 'No messages yet'}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
