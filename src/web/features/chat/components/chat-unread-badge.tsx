import { useThreads } from '../api'

/**
 * The Chat tab's count of unread messages on this move (all threads), '99+' above 99; nothing when
 * there are none. Reads the thread list, so the count follows live updates.
 */
export function ChatUnreadBadge({ txId }: { txId: string }) {
  const unread = useThreads(txId).data?.unread_total ?? 0
  if (unread <= 0) return null
  return (
    <span
      data-testid="chat-unread-badge"
      className="-ml-0.5 inline-flex min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[0.65rem] leading-4 font-semibold text-primary-foreground sm:ml-0 sm:min-w-5 sm:px-1.5 sm:text-xs sm:leading-5"
    >
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  )
}
