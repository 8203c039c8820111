import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  apiAccessEndpoints as endpoints,
  type CreateApiTokenInput,
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
} from '#shared/contracts/api-access.ts'
import { callApi } from '#web/lib/api-client.ts'

/** Query keys by owner: the viewer's own (`'me'`) or a firm's id. */
export const apiAccessKeys = {
  all: ['api-access'] as const,
  tokens: (owner: string) => ['api-access', owner, 'tokens'] as const,
  webhooks: (owner: string) => ['api-access', owner, 'webhooks'] as const,
  deliveries: (endpointId: string) => ['api-access', 'deliveries', endpointId] as const,
}

const ownerKey = (firmId?: string) => firmId ?? 'me'

/** GET /api/api-tokens[?firm_id=]: the viewer's tokens, or the firm's API keys. */
export function apiTokensQueryOptions(firmId?: string) {
  return queryOptions({
    queryKey: apiAccessKeys.tokens(ownerKey(firmId)),
    queryFn: ({ signal }) => callApi(endpoints.listTokens, { query: { firm_id: firmId }, signal }),
  })
}

export function useApiTokens(firmId?: string) {
  return useQuery(apiTokensQueryOptions(firmId))
}

/** POST /api/api-tokens: answers the secret once; the list is refetched. */
export function useCreateApiToken(firmId?: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => callApi(endpoints.createToken, { body: { ...input, firm_id: firmId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiAccessKeys.tokens(ownerKey(firmId)) }),
  })
}

/** DELETE /api/api-tokens/{tokenId}. */
export function useRevokeApiToken(firmId?: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (tokenId: string) => callApi(endpoints.revokeToken, { params: { tokenId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiAccessKeys.tokens(ownerKey(firmId)) }),
  })
}

/** GET /api/webhook-endpoints[?firm_id=]; refreshed every 5 s while shown, so new deliveries appear. */
export function webhooksQueryOptions(firmId?: string) {
  return queryOptions({
    queryKey: apiAccessKeys.webhooks(ownerKey(firmId)),
    queryFn: ({ signal }) => callApi(endpoints.listWebhooks, { query: { firm_id: firmId }, signal }),
    refetchInterval: 5_000,
  })
}

export function useWebhookEndpoints(firmId?: string) {
  return useQuery(webhooksQueryOptions(firmId))
}

/** GET /api/webhook-endpoints/{endpointId}/deliveries, refreshed every 3 s while open (retries and answers land). */
export function useDeliveries(endpointId: string, enabled: boolean) {
  return useQuery({
    queryKey: apiAccessKeys.deliveries(endpointId),
    queryFn: ({ signal }) => callApi(endpoints.listDeliveries, { params: { endpointId }, signal }),
    enabled,
    refetchInterval: 3_000,
  })
}

/** Invalidates an owner's endpoints and every delivery log. */
function useInvalidateWebhooks(firmId?: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiAccessKeys.webhooks(ownerKey(firmId)) }),
      queryClient.invalidateQueries({ queryKey: ['api-access', 'deliveries'] }),
    ])
}

/** POST /api/webhook-endpoints: answers the signing secret once. */
export function useCreateWebhook(firmId?: string) {
  const invalidate = useInvalidateWebhooks(firmId)
  return useMutation({
    mutationFn: (input: CreateWebhookEndpointInput) =>
      callApi(endpoints.createWebhook, { body: { ...input, firm_id: firmId } }),
    onSuccess: invalidate,
  })
}

export function useUpdateWebhook(firmId?: string) {
  const invalidate = useInvalidateWebhooks(firmId)
  return useMutation({
    mutationFn: ({ endpointId, input }: { endpointId: string; input: UpdateWebhookEndpointInput }) =>
      callApi(endpoints.updateWebhook, { params: { endpointId }, body: input }),
    onSuccess: invalidate,
  })
}

export function useDeleteWebhook(firmId?: string) {
  const invalidate = useInvalidateWebhooks(firmId)
  return useMutation({
    mutationFn: (endpointId: string) => callApi(endpoints.deleteWebhook, { params: { endpointId } }),
    onSuccess: invalidate,
  })
}

export function useRotateWebhookSecret(firmId?: string) {
  const invalidate = useInvalidateWebhooks(firmId)
  return useMutation({
    mutationFn: (endpointId: string) => callApi(endpoints.rotateWebhookSecret, { params: { endpointId } }),
    onSuccess: invalidate,
  })
}

export function useSendTestEvent(firmId?: string) {
  const invalidate = useInvalidateWebhooks(firmId)
  return useMutation({
    mutationFn: (endpointId: string) => callApi(endpoints.testWebhook, { params: { endpointId } }),
    onSuccess: invalidate,
  })
}

export function useRedeliver(firmId?: string) {
  const invalidate = useInvalidateWebhooks(firmId)
  return useMutation({
    mutationFn: (p: { endpointId: string; deliveryId: string }) => callApi(endpoints.redeliver, { params: p }),
    onSuccess: invalidate,
  })
}
