import { lazy, Suspense } from 'react'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { Skeleton } from '#web/components/ui/skeleton.tsx'

// Loaded when the Chat tab first opens: the Markdown renderer and the composer stay out of the
// workspace's first download.
const ChatPanel = lazy(() => import('./chat-panel').then((m) => ({ default: m.ChatPanel })))

/** Chat (spec: Screens and routes): threaded conversations of everyone on the move. */
export function ChatTab({ detail, viewerId }: { detail: TransactionDetail; viewerId: string }) {
  return (
    <section aria-labelledby="chat-title" className="flex flex-col gap-3">
      <h2 id="chat-title" className="sr-only">
        Chat
      </h2>
      <Suspense
        fallback={
          <div
            aria-busy="true"
            className="grid h-[70dvh] min-h-[28rem] gap-3 rounded-xl border bg-background p-4 md:grid-cols-[18rem_1fr]"
          >
            <Skeleton className="h-full" />
            <Skeleton className="hidden h-full md:block" />
          </div>
        }
      >
        <ChatPanel detail={detail} viewerId={viewerId} />
      </Suspense>
    </section>
  )
}
