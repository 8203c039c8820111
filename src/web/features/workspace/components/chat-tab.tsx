import { MessagesSquare } from 'lucide-react'

/** Chat (spec section 2): a placeholder until the chat issue replaces it. */
export function ChatTab() {
  return (
    <section
      aria-labelledby="chat-title"
      className="flex flex-col items-center gap-3 rounded-xl border bg-background px-6 py-14 text-center shadow-sm"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
        <MessagesSquare aria-hidden="true" className="size-7" />
      </span>
      <h2 id="chat-title" className="text-xl font-semibold">
        Chat coming soon
      </h2>
      <p className="max-w-md text-muted-foreground">
        Threaded conversations with everyone on your move, with @mentions and attachments, all kept with the
        transaction.
      </p>
    </section>
  )
}
