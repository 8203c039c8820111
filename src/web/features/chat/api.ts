import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import {
  chatEndpoints,
  type ChatMessage,
  type CreateThreadInput,
  type EditMessageInput,
  type MessagePage,
  type PostMessageInput,
  type ThreadListResponse,
} from '#shared/contracts/chat.ts'
import { MESSAGE_PAGE_SIZE } from '#shared/domain/chat.ts'
import { callApi } from '#web/lib/api-client.ts'
import { chatKeys, transactionQueryKey } from '#web/lib/query-keys.ts'

/** GET .../threads: 'General' first, then by latest message, with the viewer's unread counts. */
export function threadsQueryOptions(txId: string) {
  return queryOptions({
    queryKey: chatKeys.threads(txId),
    queryFn: ({ signal }) => callApi(chatEndpoints.threads, { params: { txId }, signal }),
    staleTime: 10_000,
  })
}

/** The threads of one transaction and the unread total (the Chat tab's badge). */
export function useThreads(txId: string) {
  return useQuery(threadsQueryOptions(txId))
}

/**
 * GET .../threads/{threadId}/messages: pages of MESSAGE_PAGE_SIZE, newest page first; the next page
 * is the one before the oldest message loaded (history loads as the reader scrolls up). Each page is
 * oldest first, so the thread reads `pages` reversed.
 */
export function messagesQueryOptions(txId: string, threadId: string) {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages(txId, threadId),
    queryFn: ({ signal, pageParam }) =>
      callApi(chatEndpoints.messages, {
        params: { txId, threadId },
        query: { limit: MESSAGE_PAGE_SIZE, before: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: MessagePage) => (page.has_more && page.messages[0] ? page.messages[0].id : undefined),
    staleTime: 10_000,
  })
}

export function useMessages(txId: string, threadId: string | null) {
  return useInfiniteQuery({ ...messagesQueryOptions(txId, threadId ?? ''), enabled: !!threadId })
}

/** The loaded messages of a thread in reading order (oldest first), without duplicates. */
export function messagesInOrder(data: InfiniteData<MessagePage> | undefined): ChatMessage[] {
  if (!data) return []
  const seen = new Set<string>()
  const out: ChatMessage[] = []
  for (const page of [...data.pages].reverse()) {
    for (const m of page.messages) {
      if (seen.has(m.id)) continue
      seen.add(m.id)
      out.push(m)
    }
  }
  return out
}

/** Puts a posted or changed message into the cached thread: replaced in place, or added at the end. */
function storeMessage(queryClient: QueryClient, txId: string, message: ChatMessage): void {
  queryClient.setQueryData<InfiniteData<MessagePage>>(chatKeys.messages(txId, message.thread_id), (data) => {
    if (!data) return data
    const exists = data.pages.some((p) => p.messages.some((m) => m.id === message.id))
    if (exists) {
      return {
        ...data,
        pages: data.pages.map((p) => ({ ...p, messages: p.messages.map((m) => (m.id === message.id ? message : m)) })),
      }
    }
    const [newest, ...rest] = data.pages
    if (!newest) return data
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...rest] }
  })
}

/** The thread list (previews, order) and the detail (Overview's recent messages) after a change. */
function refreshAround(queryClient: QueryClient, txId: string): void {
  void queryClient.invalidateQueries({ queryKey: chatKeys.threads(txId) })
  void queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId), exact: true })
}

/** POST .../threads: starts a thread with its first message; 201 { thread, message }. */
export function useCreateThread(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateThreadInput) => callApi(chatEndpoints.createThread, { params: { txId }, body: input }),
    onSuccess: () => refreshAround(queryClient, txId),
  })
}

/** POST .../threads/{threadId}/messages: 201 with the message, added to the thread at once. */
export function usePostMessage(txId: string, threadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PostMessageInput) =>
      callApi(chatEndpoints.postMessage, { params: { txId, threadId }, body: input }),
    onSuccess: (message) => {
      storeMessage(queryClient, txId, message)
      refreshAround(queryClient, txId)
    },
  })
}

/** PATCH .../messages/{messageId}: the author, within 15 minutes (403/409 with a message otherwise). */
export function useEditMessage(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ messageId, ...input }: EditMessageInput & { messageId: string }) =>
      callApi(chatEndpoints.editMessage, { params: { txId, messageId }, body: input }),
    onSuccess: (message) => {
      storeMessage(queryClient, txId, message)
      refreshAround(queryClient, txId)
    },
  })
}

/** DELETE .../messages/{messageId}: the message stays in place, shown as deleted. */
export function useDeleteMessage(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (messageId: string) => callApi(chatEndpoints.deleteMessage, { params: { txId, messageId } }),
    onSuccess: (message) => {
      storeMessage(queryClient, txId, message)
      refreshAround(queryClient, txId)
    },
  })
}

/**
 * POST .../threads/{threadId}/read (204): the thread is read up to now. Its unread count drops to 0
 * in the cache at once, so the badges change without waiting for the list to reload.
 */
export function useMarkThreadRead(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (threadId: string) => callApi(chatEndpoints.markThreadRead, { params: { txId, threadId } }),
    onMutate: (threadId) => {
      queryClient.setQueryData<ThreadListResponse>(chatKeys.threads(txId), (data) => {
        if (!data) return data
        const thread = data.threads.find((t) => t.id === threadId)
        if (!thread || thread.unread_count === 0) return data
        return {
          threads: data.threads.map((t) => (t.id === threadId ? { ...t, unread_count: 0 } : t)),
          unread_total: Math.max(0, data.unread_total - thread.unread_count),
        }
      })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.threads(txId) }),
  })
}
