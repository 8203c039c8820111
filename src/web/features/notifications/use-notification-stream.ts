import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Notification } from '../../../shared/contracts/chat'
import { notify } from '../../lib/toast'
import { openEventStream } from '../../lib/event-stream'
import { notificationKeys } from '../../lib/query-keys'

/**
 * While signed in: listens to GET /api/notifications/stream (SSE, `event: notification`) and, for
 * each new notification, refreshes the bell's list and shows it as a toast.
 */
export function useNotificationStream(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    return openEventStream({
      url: '/api/notifications/stream',
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
