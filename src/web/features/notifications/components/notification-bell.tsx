import { Bell, Settings } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { Notification } from '#shared/contracts/notifications.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover.tsx'
import { cn } from '#web/lib/cn.ts'
import { timeAgo } from '#web/lib/time-formatters.ts'
import { useMarkNotificationsRead, useNotifications } from '../api'
import { useNotificationStream } from '../use-notification-stream'
import { EmailSettingsDialog } from './email-settings-dialog'
import { MarkAllReadButton } from './mark-all-read-button'

/** A notification's link when it is a same-origin path; anything else is not followed. */
export function safeInternalPath(link: string): string | null {
  return link.startsWith('/') && !link.startsWith('//') && !link.includes('\\') ? link : null
}

/** The bell's accessible name: 'Notifications, 3 unread' or 'Notifications, none unread'. */
export function bellLabel(unread: number): string {
  return `Notifications, ${unread === 0 ? 'none' : unread} unread`
}

/**
 * The bell in the app's top bar: the unread count, a list of the newest notifications
 * (title, excerpt, time ago; choosing one opens its page and marks it read), 'Mark all as read' and
 * the email settings. Listens to the notification stream while mounted (every signed-in page).
 */
export function NotificationBell() {
  useNotificationStream()
  const list = useNotifications()
  const markRead = useMarkNotificationsRead()
  const [open, setOpen] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const unread = list.data?.unread_count ?? 0
  const items = list.data?.notifications ?? []

  const choose = (n: Notification) => {
    if (!n.read_at) markRead.mutate({ ids: [n.id] })
    setOpen(false)
  }

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={bellLabel(unread)}
            className="relative"
            data-testid="notification-bell"
          >
            <Bell aria-hidden="true" />
            {unread > 0 && (
              <span
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.7rem] leading-5 font-bold text-destructive-foreground"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </Button>
        </PopoverTrigger>
        <PopoverContent aria-label="Notifications" className="flex max-h-[min(32rem,calc(100dvh-5rem))] w-96 flex-col">
          <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
            <h2 className="font-semibold">Notifications</h2>
            <MarkAllReadButton unread={unread} />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {list.isPending ? (
              <p className="p-4 text-sm text-muted-foreground">Loading…</p>
            ) : list.isError ? (
              <p role="alert" className="p-4 text-sm">
                {list.error.message}
              </p>
            ) : items.length === 0 ? (
              <p className="p-6 text-center text-sm text-muted-foreground">
                Nothing new. We will tell you here when something happens.
              </p>
            ) : (
              <ul className="flex flex-col p-1">
                {items.map((n) => (
                  <li key={n.id}>
                    <NotificationLink notification={n} onChoose={() => choose(n)} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="border-t p-1.5">
            <Button
              variant="ghost"
              size="sm"
              className="w-full justify-start"
              onClick={() => {
                setOpen(false)
                setSettingsOpen(true)
              }}
            >
              <Settings aria-hidden="true" />
              Email settings
            </Button>
          </div>
        </PopoverContent>
      </Popover>
      <EmailSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </>
  )
}

/** One notification: a link to its page (same-origin paths only) that also marks it read. */
export function NotificationLink({ notification: n, onChoose }: { notification: Notification; onChoose: () => void }) {
  const path = safeInternalPath(n.link)
  const className = cn(
    'flex w-full gap-2 rounded-md px-2.5 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
    !n.read_at && 'bg-primary-soft/40',
  )
  const content = (
    <>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.read_at ? 'bg-transparent' : 'bg-primary')}
      />
      <span className="min-w-0 flex-1">
        <span className={cn('block', !n.read_at && 'font-semibold')}>
          {n.title}
          {!n.read_at && <span className="sr-only"> (unread)</span>}
        </span>
        {n.body && <span className="line-clamp-2 block text-xs text-muted-foreground">{n.body}</span>}
        <time dateTime={n.created_at} className="block text-xs text-muted-foreground">
          {timeAgo(n.created_at)}
        </time>
      </span>
    </>
  )
  return path ? (
    <Link to={path} onClick={onChoose} className={className}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={onChoose} className={className}>
      {content}
    </button>
  )
}
