import { ArrowLeft } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { ChatThread } from '#shared/contracts/chat.ts'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { messagesInOrder, useMarkThreadRead, useMessages, usePostMessage } from '../api'
import type { Mentionable } from '../mentions'
import { Composer } from './composer'
import { MessageList } from './message-list'
import { threadTopicLabel } from './thread-list'

/** True while the browser tab is visible (the Page Visibility API). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(
    () => typeof document === 'undefined' || document.visibilityState === 'visible',
  )
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible')
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  }, [])
  return visible
}

/**
 * One open thread: its title and topic, the messages and the composer. The thread is marked read
 * while it is open, the page is visible and the reader is at the newest message.
 */
export function ThreadView({
  detail,
  thread,
  viewerId,
  people,
  backHref,
  focusComposer = false,
}: {
  detail: TransactionDetail
  thread: ChatThread
  viewerId: string
  people: readonly Mentionable[]
  /** On phones, the link back to the list of threads. */
  backHref: string | null
  /** Put the caret in the message box at once (just after starting the thread). */
  focusComposer?: boolean
}) {
  const txId = detail.id
  const messages = useMessages(txId, thread.id)
  const post = usePostMessage(txId, thread.id)
  const markRead = useMarkThreadRead(txId)
  const visible = usePageVisible()
  const unread = thread.unread_count
  const { mutate: markThreadRead } = markRead
  // One request per batch of unread messages: the open-effect and reaching the bottom can coincide.
  const marking = useRef(false)
  const markNow = useCallback(() => {
    if (marking.current) return
    marking.current = true
    markThreadRead(thread.id, { onSettled: () => void (marking.current = false) })
  }, [markThreadRead, thread.id])

  const onReachBottom = useCallback(() => {
    if (visible && unread > 0) markNow()
  }, [visible, unread, markNow])

  useEffect(() => {
    // Opening the thread (or coming back to the page) with unread messages marks it read.
    if (visible && unread > 0 && messages.isSuccess) markNow()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per open/visible, not per unread change
  }, [visible, thread.id, messages.isSuccess])

  const ordered = useMemo(() => messagesInOrder(messages.data), [messages.data])
  const topic = threadTopicLabel(thread, detail)
  return (
    <section aria-labelledby={`thread-${thread.id}-title`} className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-2 border-b px-3 py-2.5 sm:px-4">
        {backHref && (
          <Button asChild variant="ghost" size="icon" className="shrink-0 md:hidden">
            <Link to={backHref} replace preventScrollReset>
              <ArrowLeft aria-hidden="true" />
              <span className="sr-only">All threads</span>
            </Link>
          </Button>
        )}
        <div className="min-w-0">
          <h3 id={`thread-${thread.id}-title`} className="truncate font-semibold">
            {thread.title}
          </h3>
          {topic && <p className="truncate text-xs text-muted-foreground">{topic}</p>}
        </div>
      </header>
      {messages.isPending ? (
        <div className="flex flex-1 flex-col gap-3 p-4" aria-busy="true">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-12 w-1/2 self-end" />
          <Skeleton className="h-12 w-3/5" />
        </div>
      ) : messages.isError ? (
        <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <p className="text-sm">{messages.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void messages.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <MessageList
          key={thread.id}
          txId={txId}
          messages={ordered}
          viewerId={viewerId}
          people={people}
          hasOlder={!!messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          onLoadOlder={() => void messages.fetchNextPage()}
          onReachBottom={onReachBottom}
        />
      )}
      <Composer
        key={`composer-${thread.id}`}
        txId={txId}
        people={people.filter((p) => p.id !== viewerId)}
        documents={detail.documents}
        label={`Message ${thread.title}`}
        // True only right after the person created this thread: they will type its first message.
        // eslint-disable-next-line jsx-a11y-x/no-autofocus
        autoFocus={focusComposer}
        onSubmit={(input) => post.mutateAsync(input)}
      />
    </section>
  )
}
