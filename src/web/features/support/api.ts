import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supportEndpoints, type SupportThread } from '#shared/contracts/support.ts'
import { callApi } from '#web/lib/api-client.ts'

const SUPPORT_THREAD_KEY = ['support', 'thread'] as const

/** GET /api/support/messages: the viewer's conversation with support; refreshed every 30 s for replies. */
export const supportThreadQueryOptions = queryOptions({
  queryKey: SUPPORT_THREAD_KEY,
  queryFn: ({ signal }) => callApi(supportEndpoints.thread, { signal }),
  refetchInterval: 30_000,
})

export function useSupportThread() {
  return useQuery(supportThreadQueryOptions)
}

/** POST /api/support/messages: appends the sent message to the thread on success. */
export function useSendSupportMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => callApi(supportEndpoints.post, { body: { body } }),
    onSuccess: (message) => {
      queryClient.setQueryData<SupportThread>(SUPPORT_THREAD_KEY, (old) =>
        old ? { ...old, messages: [...old.messages, message] } : old,
      )
    },
  })
}
