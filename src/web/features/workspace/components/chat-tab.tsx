import type { TransactionDetail } from '../../../../shared/contracts/transactions'
import { ChatPanel } from '../../chat/components/chat-panel'

/** Chat (spec section 2, issue 6): threaded conversations of everyone on the move. */
export function ChatTab({ detail, viewerId }: { detail: TransactionDetail; viewerId: string }) {
  return (
    <section aria-labelledby="chat-title" className="flex flex-col gap-3">
      <h2 id="chat-title" className="sr-only">
        Chat
      </h2>
      <ChatPanel detail={detail} viewerId={viewerId} />
    </section>
  )
}
