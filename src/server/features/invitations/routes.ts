/**
 * HTTP edge of invitations: list, create, re-send and withdraw on a transaction; preview and accept
 * by token. Mail is nudged out after each commit.
 */
import { createRoute } from '@hono/zod-openapi'
import {
  AcceptInvitationResponse,
  CreateInvitationInput,
  Invitation,
  InvitationList,
  InvitationParams,
  InvitationPreview,
  InvitationTokenParams,
} from '../../../shared/contracts/invitations'
import { TransactionParams } from '../../../shared/contracts/transactions'
import {
  createRouter,
  ERROR_RESPONSES,
  jsonContent,
  jsonText,
  PUBLIC,
  requireViewer,
  type AppDeps,
} from '../../http/router'
import { acceptInvitation, previewInvitation } from './accept-invitation'
import { createInvitation, resendInvitation, revokeInvitation } from './create-invitation'
import { getInvitation, listInvitations } from './list-invitations'

const listRoute = createRoute({
  method: 'get',
  path: '/transactions/{txId}/invitations',
  summary: "A transaction's invitations, newest first",
  request: { params: TransactionParams },
  responses: { 200: { description: 'Invitations', ...jsonContent(InvitationList) }, ...ERROR_RESPONSES },
})
const createInvitationRoute = createRoute({
  method: 'post',
  path: '/transactions/{txId}/invitations',
  summary: 'Invite by email and role, or a marketplace firm by organization_id (re-sends a pending one)',
  request: { params: TransactionParams, body: { required: true, ...jsonContent(CreateInvitationInput) } },
  responses: {
    201: { description: 'Invitation sent', ...jsonContent(Invitation) },
    409: { description: 'Already on the move' },
    ...ERROR_RESPONSES,
  },
})
const resendRoute = createRoute({
  method: 'post',
  path: '/transactions/{txId}/invitations/{invitationId}/resend',
  summary: 'Re-send a pending invitation with a fresh link',
  request: { params: InvitationParams },
  responses: { 200: { description: 'Re-sent', ...jsonContent(Invitation) }, ...ERROR_RESPONSES },
})
const revokeRoute = createRoute({
  method: 'delete',
  path: '/transactions/{txId}/invitations/{invitationId}',
  summary: 'Withdraw a pending invitation',
  request: { params: InvitationParams },
  responses: { 204: { description: 'Withdrawn' }, ...ERROR_RESPONSES },
})
const previewRoute = createRoute({
  method: 'get',
  path: '/invitations/{token}',
  security: PUBLIC,
  summary: 'What an invitation link is for (public: the token is the secret)',
  request: { params: InvitationTokenParams },
  responses: { 200: { description: 'Preview', ...jsonContent(InvitationPreview) }, ...ERROR_RESPONSES },
})
const acceptRoute = createRoute({
  method: 'post',
  path: '/invitations/{token}/accept',
  summary: 'Accept an invitation as the signed-in person (email must match)',
  request: { params: InvitationTokenParams },
  responses: {
    200: { description: 'Joined', ...jsonContent(AcceptInvitationResponse) },
    403: { description: 'Signed in with another email' },
    410: { description: 'Used, withdrawn or expired' },
    ...ERROR_RESPONSES,
  },
})

export function invitationsRoutes({ database, config, mail }: AppDeps) {
  const ctx = (viewer: Parameters<typeof createInvitation>[0]['viewer']) => ({
    database,
    viewer,
    publicUrl: config.publicUrl,
    deliverMail: mail.deliver,
  })
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { txId } = c.req.valid('param')
      return jsonText(c, await listInvitations({ database, viewer: requireViewer(c), txId })) as never
    })
    .openapi(createInvitationRoute, async (c) => {
      const { txId } = c.req.valid('param')
      const id = await createInvitation({ ...ctx(requireViewer(c)), txId, input: c.req.valid('json') })
      mail.kick()
      return jsonText(
        c,
        await getInvitation({ database, viewer: requireViewer(c), txId, invitationId: id }),
        201,
      ) as never
    })
    .openapi(resendRoute, async (c) => {
      const { txId, invitationId } = c.req.valid('param')
      await resendInvitation({ ...ctx(requireViewer(c)), txId, invitationId })
      mail.kick()
      return jsonText(c, await getInvitation({ database, viewer: requireViewer(c), txId, invitationId })) as never
    })
    .openapi(revokeRoute, async (c) => {
      const { txId, invitationId } = c.req.valid('param')
      await revokeInvitation({ ...ctx(requireViewer(c)), txId, invitationId })
      return c.body(null, 204) as never
    })
    .openapi(previewRoute, async (c) => {
      const { token } = c.req.valid('param')
      return c.json(await previewInvitation({ database, token }), 200)
    })
    .openapi(acceptRoute, async (c) => {
      const { token } = c.req.valid('param')
      return c.json(await acceptInvitation({ database, viewer: requireViewer(c), token }), 200)
    })
}
