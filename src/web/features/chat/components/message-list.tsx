import { ArrowDown, LoaderCircle } from 'lucide-react'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ChatMessage } from '#shared/contracts/chat.ts'
import { Button } from '#web/components/ui/button.tsx'
import type { Mentionable } from '../mentions'
import { MessageItem } from './message-item'

/** Within this many pixels of the end counts as 'at the bottom' (the view then follows new messages). */
const BOTTOM_SLACK_PX = 48
/** Older messages start loading when the reader is this close to the top. */
const TOP_LOAD_PX = 200

/** Re-renders every `ms` so relative times and the 15-minute edit window stay true. */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const t = window.setInterval(() => setNow(new Date()), ms)
    return () => window.clearInterval(t)
  }, [ms])
  return now
}

/** The first message whose bottom is below the top of the view, with its offset from that top. */
function findAnchor(el: HTMLElement): { id: string; offset: number } | null {
  for (const node of el.querySelectorAll<HTMLElement>('[data-message-id]')) {
    if (node.offsetTop + node.offsetHeight > el.scrollTop) {
      return { id: node.dataset.messageId ?? '', offset: node.offsetTop - el.scrollTop }
    }
  }
  return null
}

/**
 * A thread's messages, oldest first, in a scrolling box. Scrolling near the top loads
 * older pages, keeping the reader's place when they are prepended. At the bottom, the view follows
 * new messages; scrolled up, it stays still and a 'New messages' pill offers to jump down. New
 * messages from others are announced politely to screen readers.
 */
export function MessageList({
  txId,
  messages,
  viewerId,
  people,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onReachBottom,
}: {
  txId: string
  messages: readonly ChatMessage[]
  viewerId: string
  people: readonly Mentionable[]
  hasOlder: boolean
  loadingOlder: boolean
  onLoadOlder: () => void
  /** Called when the reader is at the newest message (to mark the thread read). */
  onReachBottom?: () => void
}) {
  const now = useNow(30_000)
  const box = useRef<HTMLDivElement>(null)
  const atBottom = useRef(true)
  const last = useRef<{ lastId?: string; count: number }>({ count: 0 })
  /** The first message at least partly in view and its distance from the top of the view, in px. */
  const anchor = useRef<{ id: string; offset: number } | null>(null)
  const [unseen, setUnseen] = useState(0)
  const [announcement, setAnnouncement] = useState('')

  const scrollToBottom = useCallback(() => {
    const el = box.current
    if (!el) return
    el.scrollTop = el.scrollHeight
    atBottom.current = true
    setUnseen(0)
  }, [])

  // After each change of the list, before paint: follow the newest message when at the bottom (or
  // when the viewer sent it); otherwise keep the message the reader is looking at exactly where it was,
  // whatever happened above it (older pages prepended, a refetch dropping or reshaping older ones).
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const prev = last.current
    const lastId = messages[messages.length - 1]?.id
    const newOnes =
      prev.count > 0 && lastId !== prev.lastId && messages.some((m) => m.id === prev.lastId)
        ? messages.slice(messages.findIndex((m) => m.id === prev.lastId) + 1)
        : []
    const mine = newOnes.some((m) => m.author?.id === viewerId)
    if (prev.count === 0 || atBottom.current || mine) {
      el.scrollTop = el.scrollHeight
      atBottom.current = true
      setUnseen(0)
    } else {
      const a = anchor.current
      const node = a ? el.querySelector<HTMLElement>(`[data-message-id="${a.id}"]`) : null
      if (a && node) el.scrollTop = node.offsetTop - a.offset
      if (newOnes.length > 0) setUnseen((n) => n + newOnes.length)
    }
    const fromOthers = newOnes.filter((m) => m.author?.id !== viewerId && !m.deleted_at)
    const latest = fromOthers[fromOthers.length - 1]
    if (latest) {
      const preview = latest.body_md.replace(/\s+/g, ' ').slice(0, 120)
      setAnnouncement(`New message from ${latest.author?.full_name ?? 'a participant'}: ${preview}`)
    }
    last.current = { lastId, count: messages.length }
    anchor.current = findAnchor(el)
  }, [messages, viewerId])

  // When the box itself resizes (phone keyboard, window) at the bottom, the newest message stays in view.
  useEffect(() => {
    const el = box.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    if (atBottom.current) onReachBottom?.()
  }, [messages, onReachBottom])

  const onScroll = () => {
    const el = box.current
    if (!el) return
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX
    if (bottom && !atBottom.current) {
      setUnseen(0)
      onReachBottom?.()
    }
    atBottom.current = bottom
    anchor.current = findAnchor(el)
    if (el.scrollTop < TOP_LOAD_PX && hasOlder && !loadingOlder) onLoadOlder()
  }

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={box}
        onScroll={onScroll}
        tabIndex={0}
        aria-label="Messages"
        role="region"
        className="relative h-full overflow-y-auto px-2 py-3 outline-none [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-4"
      >
        <div className="flex justify-center pb-2">
          {loadingOlder ? (
            <span className="inline-flex items-center gap-2 text-xs text-muted-foreground">
              <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" />
              Loading older messages…
            </span>
          ) : hasOlder ? (
            <Button variant="ghost" size="sm" onClick={onLoadOlder}>
              Load older messages
            </Button>
          ) : messages.length > 0 ? (
            <span className="text-xs text-muted-foreground">Start of the conversation</span>
          ) : null}
        </div>
        {messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No messages yet. Say hello below.</p>
        ) : (
          <ol className="flex flex-col gap-1.5">
            {messages.map((m) => (
              <li key={m.id} data-message-id={m.id}>
                <MessageItem txId={txId} message={m} viewerId={viewerId} people={people} now={now} />
              </li>
            ))}
          </ol>
        )}
      </div>
      {unseen > 0 && (
        <Button
          size="sm"
          onClick={scrollToBottom}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full shadow-lg"
        >
          <ArrowDown aria-hidden="true" />
          {unseen === 1 ? '1 new message' : `${unseen} new messages`}
        </Button>
      )}
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </div>
  )
}
