/**
 * HTTP edge of invitations: list, create, re-send, withdraw and answer a proposal on a transaction; preview and accept
 * by token. Mail is nudged out after each commit.
 */
import { invitationEndpoints as endpoints } from '#shared/contracts/invitations.ts'
import { createRouter, jsonText, requireViewer, type AppDeps } from '#server/http/router.ts'
import { acceptInvitation, previewInvitation } from './accept-invitation'
import { createInvitation, resendInvitation, revokeInvitation } from '#server/core/invitations/create-invitation.ts'
import { decideProposal } from './decide-proposal'
import { getInvitation, listInvitations } from './list-invitations'

export function invitationsRoutes({ database, config, mail }: AppDeps) {
  const ctx = (viewer: Parameters<typeof createInvitation>[0]['viewer']) => ({
    database,
    viewer,
    publicUrl: config.publicUrl,
    deliverMail: mail.deliver,
  })
  return createRouter()
    .openapi(endpoints.list, async (c) => {
      const { txId } = c.req.valid('param')
      return jsonText(c, await listInvitations({ database, viewer: requireViewer(c), txId }))
    })
    .openapi(endpoints.create, async (c) => {
      const { txId } = c.req.valid('param')
      const id = await createInvitation({ ...ctx(requireViewer(c)), txId, input: c.req.valid('json') })
      mail.kick()
      return jsonText(c, await getInvitation({ database, viewer: requireViewer(c), txId, invitationId: id }), 201)
    })
    .openapi(endpoints.resend, async (c) => {
      const { txId, invitationId } = c.req.valid('param')
      await resendInvitation({ ...ctx(requireViewer(c)), txId, invitationId })
      mail.kick()
      return jsonText(c, await getInvitation({ database, viewer: requireViewer(c), txId, invitationId }))
    })
    .openapi(endpoints.revoke, async (c) => {
      const { txId, invitationId } = c.req.valid('param')
      await revokeInvitation({ ...ctx(requireViewer(c)), txId, invitationId })
      return c.body(null, 204)
    })
    .openapi(endpoints.decide, async (c) => {
      const { txId, invitationId } = c.req.valid('param')
      const { decision } = c.req.valid('json')
      await decideProposal({ ...ctx(requireViewer(c)), txId, invitationId, decision })
      mail.kick()
      return jsonText(c, await getInvitation({ database, viewer: requireViewer(c), txId, invitationId }))
    })
    .openapi(endpoints.preview, async (c) => {
      const { token } = c.req.valid('param')
      return c.json(await previewInvitation({ database, token }), 200)
    })
    .openapi(endpoints.accept, async (c) => {
      const { token } = c.req.valid('param')
      const notify = { publicUrl: config.publicUrl, deliverMail: mail.deliver }
      const joined = await acceptInvitation({ database, viewer: requireViewer(c), token, notify })
      mail.kick()
      return c.json(joined, 200)
    })
}
