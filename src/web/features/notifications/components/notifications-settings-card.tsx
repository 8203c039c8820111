import type { Notification } from '#shared/contracts/notifications.ts'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useMarkNotificationsRead, useNotifications, useNotificationSettings } from '../api'
import { EmailSettingsForm } from './email-settings-dialog'
import { MarkAllReadButton } from './mark-all-read-button'
import { NotificationLink } from './notification-bell'

/**
 * Notifications on /app/settings: the history (the newest 50, as the bell shows,
 * with 'Mark all as read') and which notifications also come by email, the same form as the bell's
 * 'Email settings' dialog, so that both are found where people look for settings.
 */
export function NotificationsSettingsCard() {
  const list = useNotifications()
  const settings = useNotificationSettings()
  const markRead = useMarkNotificationsRead()
  const items = list.data?.notifications ?? []
  const unread = list.data?.unread_count ?? 0
  const choose = (n: Notification) => {
    if (!n.read_at) markRead.mutate({ ids: [n.id] })
  }

  return (
    <Card role="region" aria-labelledby="notifications-settings-title">
      <CardHeader>
        <CardTitle as="h2" id="notifications-settings-title">
          Notifications
        </CardTitle>
        <CardDescription>What happened on your moves, and what also comes to you by email.</CardDescription>
      </CardHeader>
      <section aria-labelledby="notification-history-title" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="notification-history-title" className="font-semibold">
            Notification history
          </h3>
          <MarkAllReadButton unread={unread} variant="outline" />
        </div>
        {list.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : list.isError ? (
          <p role="alert" className="text-sm">
            We could not load your notifications. {list.error.message}
          </p>
        ) : items.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
            No notifications yet. We will tell you here when something happens on one of your moves.
          </p>
        ) : (
          <ul
            aria-label="Notification history, newest first"
            className="flex max-h-96 flex-col overflow-y-auto rounded-lg border p-1"
          >
            {items.map((n) => (
              <li key={n.id}>
                <NotificationLink notification={n} onChoose={() => choose(n)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="email-settings-title" className="flex flex-col gap-2 border-t pt-4">
        <h3 id="email-settings-title" className="font-semibold">
          Email settings
        </h3>
        <p className="text-sm text-muted-foreground">
          You always see notifications in the app. Choose which also come by email.
        </p>
        {settings.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : settings.isError ? (
          <p role="alert" className="text-sm">
            We could not load your email settings. {settings.error.message}
          </p>
        ) : (
          <EmailSettingsForm key={JSON.stringify(settings.data)} initial={settings.data} />
        )}
      </section>
    </Card>
  )
}
