import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { endpointUrl } from '#shared/contracts/endpoint.ts'
import { notificationEndpoints, type Notification } from '#shared/contracts/notifications.ts'
import { notify } from '#web/lib/toast.ts'
import { openEventStream } from '#web/lib/event-stream.ts'
import { notificationKeys } from '#web/lib/query-keys.ts'

/**
 * While signed in: listens to GET /api/notifications/stream (SSE, `event: notification`) and, for
 * each new notification, refreshes the bell's list and shows it as a toast.
 */
export function useNotificationStream(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    return openEventStream({
      url: endpointUrl(notificationEndpoints.stream),
      event: 'notification',
      onMessage: (data) => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list })
        const n = data as Partial<Notification>
        if (typeof n.title === 'string') notify.info(n.title, n.body ?? undefined)
      },
      onReopen: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
    })
  }, [queryClient])
}
