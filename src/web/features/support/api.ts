import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SupportMessage, SupportThread } from '../../../shared/contracts/support'
import { apiFetch } from '../../lib/api-client'

const SUPPORT_THREAD_KEY = ['support', 'thread'] as const

/** GET /api/support/messages: the viewer's conversation with support; refreshed every 30 s for replies. */
export const supportThreadQueryOptions = queryOptions({
  queryKey: SUPPORT_THREAD_KEY,
  queryFn: ({ signal }) => apiFetch<SupportThread>('/api/support/messages', { signal }),
  refetchInterval: 30_000,
})

export function useSupportThread() {
  return useQuery(supportThreadQueryOptions)
}

/** POST /api/support/messages: appends the sent message to the thread on success. */
export function useSendSupportMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => apiFetch<SupportMessage>('/api/support/messages', { method: 'POST', body: { body } }),
    onSuccess: (message) => {
      queryClient.setQueryData<SupportThread>(SUPPORT_THREAD_KEY, (old) =>
        old ? { ...old, messages: [...old.messages, message] } : old,
      )
    },
  })
}
