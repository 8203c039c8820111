import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MeResponse } from '#shared/contracts/auth.ts'
import {
  invitationEndpoints,
  type CreateInvitationInput,
  type DecideProposalInput,
} from '#shared/contracts/invitations.ts'
import { callApi } from '#web/lib/api-client.ts'
import { DASHBOARD_QUERY_KEY, invitationsQueryKey, notificationKeys, transactionQueryKey } from '#web/lib/query-keys.ts'
import { SESSION_QUERY_KEY } from '#web/lib/session/api.ts'

/** GET /api/transactions/{txId}/invitations: every invitation of the transaction (InvitationList). */
export function invitationsQueryOptions(txId: string) {
  return queryOptions({
    queryKey: invitationsQueryKey(txId),
    queryFn: ({ signal }) => callApi(invitationEndpoints.list, { params: { txId }, signal }),
  })
}

/** One transaction's invitations. */
export function useInvitations(txId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...invitationsQueryOptions(txId), enabled })
}

/**
 * POST /api/transactions/{txId}/invitations: by email and role (People tab) or by organization_id
 * (marketplace). Inviting the same email again re-sends the pending one. Invalidates that list.
 */
export function useCreateInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ txId, input }: { txId: string; input: CreateInvitationInput }) =>
      callApi(invitationEndpoints.create, { params: { txId }, body: input }),
    onSuccess: (_data, { txId }) => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(txId) }),
  })
}

/** POST .../invitations/{invitationId}/resend: emails the same link again. Invalidates that list. */
export function useResendInvitation(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitationId: string) => callApi(invitationEndpoints.resend, { params: { txId, invitationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(txId) }),
  })
}

/** DELETE .../invitations/{invitationId}: the link stops working. Invalidates that list. */
export function useRevokeInvitation(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitationId: string) => callApi(invitationEndpoints.revoke, { params: { txId, invitationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(txId) }),
  })
}

/**
 * POST .../invitations/{invitationId}/decision: the client accepts (the invitation is emailed) or
 * declines a proposed appointment (decision 014). Invalidates that list and the notifications.
 */
export function useDecideProposal(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ invitationId, decision }: { invitationId: string; decision: DecideProposalInput['decision'] }) =>
      callApi(invitationEndpoints.decide, { params: { txId, invitationId }, body: { decision } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationsQueryKey(txId) }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
      ]),
  })
}

/** Query key of an invitation link's preview. */
export const invitationPreviewQueryKey = (token: string) => ['invitations', 'preview', token] as const

/** GET /api/invitations/{token}: what the link is for (public). 404 when the token is unknown. */
export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationPreviewQueryKey(token),
    queryFn: ({ signal }) => callApi(invitationEndpoints.preview, { params: { token }, signal }),
  })
}

/** An invitation link's preview. */
export function useInvitationPreview(token: string) {
  return useQuery(invitationPreviewQueryOptions(token))
}

/**
 * POST /api/invitations/{token}/accept: joins the signed-in person to the transaction. Resolves to
 * its id. Marks the cached session's email confirmed (accepting verified it) and invalidates the
 * dashboard, that workspace, the preview (now accepted) and the notifications (the invitation's are read).
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(invitationEndpoints.accept, { params: { token } }),
    onSuccess: ({ transaction_id }) => {
      // The server verified the email as it accepted: say so now, so the verify banner is gone before
      // the move opens rather than vanishing (and moving the page) under the person's pointer later.
      queryClient.setQueryData<MeResponse | null>(SESSION_QUERY_KEY, (me) =>
        me ? { ...me, user: { ...me.user, emailVerified: true } } : me,
      )
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: transactionQueryKey(transaction_id) }),
        queryClient.invalidateQueries({ queryKey: invitationPreviewQueryKey(token) }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
      ])
    },
  })
}
