import { type RefObject, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useThreads } from '../api'
import type { Mentionable } from '../mentions'
import { NewThreadDialog } from './new-thread-dialog'
import { ThreadList } from './thread-list'
import { ThreadView } from './thread-view'

const WIDE = '(min-width: 768px)'

/** True from the md breakpoint: thread list and thread side by side; below it, one at a time. */
function useWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(WIDE)
      mql.addEventListener('change', onChange)
      return () => mql.removeEventListener('change', onChange)
    },
    () => window.matchMedia(WIDE).matches,
    () => true,
  )
}

/** Least height (px) of the desktop chat panel, and the gap (px) kept below it. */
const MIN_WIDE_HEIGHT = 320
const BOTTOM_GAP = 16

/**
 * On wide screens, the panel's height in px so that it ends `BOTTOM_GAP` above the bottom of the
 * viewport when the page is scrolled to the top: the composer is on screen without scrolling
 *. Follows window resizes; null on phones, where CSS sizes the panel.
 */
function useFitToViewport(panel: RefObject<HTMLDivElement | null>, wide: boolean, ready: boolean) {
  const [height, setHeight] = useState<number | null>(null)
  useEffect(() => {
    if (!wide || !ready) return
    const fit = () => {
      const el = panel.current
      if (!el) return
      const top = el.getBoundingClientRect().top + window.scrollY
      setHeight(Math.max(MIN_WIDE_HEIGHT, Math.floor(window.innerHeight - top - BOTTOM_GAP)))
    }
    fit()
    window.addEventListener('resize', fit)
    return () => window.removeEventListener('resize', fit)
  }, [panel, wide, ready])
  return wide && ready ? height : null
}

/**
 * The Chat tab: threads beside the open thread; the open thread lives in
 * `?tab=chat&thread=<id>`. On wide screens 'General' opens when none is chosen; on phones the list
 * shows first and a thread replaces it, with a back button.
 */
export function ChatPanel({ detail, viewerId }: { detail: TransactionDetail; viewerId: string }) {
  const threads = useThreads(detail.id)
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const wide = useWide()
  const [creating, setCreating] = useState(false)
  const [justCreated, setJustCreated] = useState<string | null>(null)
  const chosen = params.get('thread')
  const panel = useRef<HTMLDivElement>(null)
  const fittedHeight = useFitToViewport(panel, wide, threads.isSuccess)

  // On phones a chosen thread fills the panel: bring the whole panel (and its message box) into view.
  useEffect(() => {
    if (!wide && chosen) panel.current?.scrollIntoView({ block: 'start' })
  }, [wide, chosen])

  const people = useMemo<Mentionable[]>(
    () =>
      detail.transaction_participants
        .map((p) => ({ id: p.user_id, full_name: p.profile.full_name }))
        .filter((p, i, all) => p.full_name && all.findIndex((q) => q.id === p.id) === i),
    [detail.transaction_participants],
  )

  const hrefFor = useCallback(
    (threadId: string | null) => {
      const p = new URLSearchParams(params)
      p.set('tab', 'chat')
      if (threadId) p.set('thread', threadId)
      else p.delete('thread')
      return `?${p}`
    },
    [params],
  )

  if (threads.isPending) {
    return (
      <div
        className="grid h-[70dvh] min-h-[28rem] gap-3 rounded-xl border bg-background p-4 md:grid-cols-[18rem_1fr]"
        aria-busy="true"
      >
        <Skeleton className="h-full" />
        <Skeleton className="hidden h-full md:block" />
      </div>
    )
  }
  if (threads.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border bg-background p-6">
        <p>We could not load the chat. {threads.error.message}</p>
        <Button variant="outline" onClick={() => void threads.refetch()}>
          Try again
        </Button>
      </div>
    )
  }

  const list = threads.data.threads
  const open = list.find((t) => t.id === chosen) ?? (wide ? list[0] : undefined) ?? null
  const showList = wide || !open
  const showThread = !!open

  return (
    <div
      ref={panel}
      style={fittedHeight ? { height: fittedHeight } : undefined}
      className="flex h-[calc(100dvh-6rem)] scroll-mt-20 min-h-[26rem] overflow-hidden rounded-xl border bg-background shadow-sm md:h-[70dvh] md:min-h-80"
    >
      {showList && (
        <div className={wide ? 'w-72 shrink-0 border-r' : 'w-full'}>
          <ThreadList
            detail={detail}
            threads={list}
            activeId={open?.id ?? null}
            hrefFor={hrefFor}
            onNewThread={() => setCreating(true)}
          />
        </div>
      )}
      {showThread && open && (
        <div className="flex min-w-0 flex-1 flex-col bg-surface">
          <ThreadView
            key={open.id}
            detail={detail}
            thread={open}
            viewerId={viewerId}
            people={people}
            backHref={wide ? null : hrefFor(null)}
            focusComposer={open.id === justCreated}
          />
        </div>
      )}
      <NewThreadDialog
        detail={detail}
        people={people.filter((p) => p.id !== viewerId)}
        open={creating}
        onOpenChange={setCreating}
        onCreated={(thread) => {
          setJustCreated(thread.id)
          navigate(hrefFor(thread.id), { replace: true, preventScrollReset: true })
        }}
      />
    </div>
  )
}
