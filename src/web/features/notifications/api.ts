import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  notificationEndpoints,
  type NotificationListResponse,
  type NotificationSettings,
} from '#shared/contracts/notifications.ts'
import { callApi } from '#web/lib/api-client.ts'
import { notificationKeys } from '#web/lib/query-keys.ts'

/** GET /api/notifications: the newest 50 and the unread count. The stream keeps it fresh; 60 s is the fallback. */
export const notificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ signal }) => callApi(notificationEndpoints.list, { signal }),
  staleTime: 15_000,
  refetchInterval: 60_000,
})

export function useNotifications() {
  return useQuery(notificationsQueryOptions)
}

/** POST /api/notifications/read (204) with some ids or all; shown read at once, rolled back on failure. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { ids: string[] } | { all: true }) => callApi(notificationEndpoints.markRead, { body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list })
      const previous = queryClient.getQueryData<NotificationListResponse>(notificationKeys.list)
      if (previous) {
        const now = new Date().toISOString()
        const hit = (id: string) => ('all' in input ? true : input.ids.includes(id))
        const notifications = previous.notifications.map((n) => (!n.read_at && hit(n.id) ? { ...n, read_at: now } : n))
        const newlyRead = previous.notifications.filter((n) => !n.read_at && hit(n.id)).length
        queryClient.setQueryData<NotificationListResponse>(notificationKeys.list, {
          notifications,
          unread_count: 'all' in input ? 0 : Math.max(0, previous.unread_count - newlyRead),
        })
      }
      return { previous }
    },
    onError: (_err, _input, context) => {
      if (context?.previous) queryClient.setQueryData(notificationKeys.list, context.previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  })
}

/** GET /api/notifications/settings: email on or off per kind, and the daily digest. */
export const notificationSettingsQueryOptions = queryOptions({
  queryKey: notificationKeys.settings,
  queryFn: ({ signal }) => callApi(notificationEndpoints.settings, { signal }),
})

export function useNotificationSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationSettingsQueryOptions, enabled })
}

/** PUT /api/notifications/settings: stores the answer as the new settings. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: NotificationSettings) => callApi(notificationEndpoints.saveSettings, { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings, saved),
  })
}
