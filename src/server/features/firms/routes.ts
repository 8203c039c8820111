/**
 * HTTP edge of firms and the cases board: the viewer's firm (create, claim a listing, members,
 * invitations), matters (open, reassign) and GET /api/cases. Written as one `endpoints` object of
 * route definitions, the shape the endpoint catalogue in src/shared/contracts takes, so that it moves
 * there unchanged. Mail is nudged out after commits that queue it.
 */
import { createRoute, z } from '@hono/zod-openapi'
import {
  AcceptFirmInvitationResponse,
  BoardQuery,
  BoardResponse,
  ChangeMemberInput,
  ClaimListingInput,
  CreateFirmInput,
  FirmInvitationParams,
  FirmInvitationTokenParams,
  InviteMemberInput,
  MatterParams,
  MemberParams,
  MyFirmResponse,
  OpenMatterInput,
  OpenMatterResponse,
  ReassignMatterInput,
} from '../../../shared/contracts/firms'
import type { MemberRole } from '../../../shared/domain/firms'
import { createRouter, ERROR_RESPONSES, jsonContent, jsonText, requireViewer, type AppDeps } from '../../http/router'
import { claimListing, createFirm } from './create-firm'
import { acceptFirmInvitation, inviteMember, revokeFirmInvitation } from './firm-invitations'
import { getMyFirm } from './get-my-firm'
import { listBoard } from './list-board'
import { changeMemberRole, removeMember } from './members'
import { openMatter } from './open-matter'
import { reassignMatter } from './reassign-matter'

const body = <T>(schema: T) => ({ required: true, ...jsonContent(schema) })
const FORBIDDEN = { 403: { description: 'Not allowed in your member role' } } as const

export const firmsEndpoints = {
  myFirm: createRoute({
    method: 'get',
    path: '/firm',
    summary: "The viewer's firm, their member role, its members and (admins) pending invitations",
    responses: { 200: { description: 'My firm', ...jsonContent(MyFirmResponse) }, ...ERROR_RESPONSES },
  }),
  createFirm: createRoute({
    method: 'post',
    path: '/firm',
    summary: 'Create a firm and its marketplace listing; the creator becomes its admin',
    request: { body: body(CreateFirmInput) },
    responses: {
      201: { description: 'Created', ...jsonContent(MyFirmResponse) },
      409: { description: 'Already in a firm' },
      ...FORBIDDEN,
      ...ERROR_RESPONSES,
    },
  }),
  claimListing: createRoute({
    method: 'post',
    path: '/firm/claim',
    summary: 'Claim a marketplace listing nobody has joined, from an email at its domain',
    request: { body: body(ClaimListingInput) },
    responses: {
      200: { description: 'Claimed', ...jsonContent(MyFirmResponse) },
      409: { description: 'Already in a firm, or the listing has members' },
      ...FORBIDDEN,
      ...ERROR_RESPONSES,
    },
  }),
  inviteMember: createRoute({
    method: 'post',
    path: '/firm/invitations',
    summary: 'Invite a colleague by email in a member role (admins)',
    request: { body: body(InviteMemberInput) },
    responses: {
      201: { description: 'Invited', ...jsonContent(MyFirmResponse) },
      409: { description: 'Already a member' },
      ...FORBIDDEN,
      ...ERROR_RESPONSES,
    },
  }),
  revokeInvitation: createRoute({
    method: 'delete',
    path: '/firm/invitations/{invitationId}',
    summary: 'Withdraw a pending invitation (admins)',
    request: { params: FirmInvitationParams },
    responses: { 204: { description: 'Withdrawn' }, ...FORBIDDEN, ...ERROR_RESPONSES },
  }),
  acceptInvitation: createRoute({
    method: 'post',
    path: '/firm-invitations/{token}/accept',
    summary: 'Join the firm as the signed-in person (email must match the invitation)',
    request: { params: FirmInvitationTokenParams },
    responses: {
      200: { description: 'Joined', ...jsonContent(AcceptFirmInvitationResponse) },
      403: { description: 'Signed in with another email' },
      409: { description: 'Already in a firm' },
      410: { description: 'Used, withdrawn or expired' },
      ...ERROR_RESPONSES,
    },
  }),
  changeMember: createRoute({
    method: 'patch',
    path: '/firm/members/{profileId}',
    summary: "Change a member's role (admins; the firm keeps an admin)",
    request: { params: MemberParams, body: body(ChangeMemberInput) },
    responses: {
      200: { description: 'Changed', ...jsonContent(MyFirmResponse) },
      409: { description: 'Last admin, or holds live matters' },
      ...FORBIDDEN,
      ...ERROR_RESPONSES,
    },
  }),
  removeMember: createRoute({
    method: 'delete',
    path: '/firm/members/{profileId}',
    summary: 'Remove a member from the firm (admins; their live matters reassigned first)',
    request: { params: MemberParams },
    responses: {
      204: { description: 'Removed' },
      409: { description: 'Last admin, or holds live matters' },
      ...FORBIDDEN,
      ...ERROR_RESPONSES,
    },
  }),
  openMatter: createRoute({
    method: 'post',
    path: '/matters',
    summary: "Open a matter for a client as the buyer's or seller's conveyancer, and invite the client",
    request: { body: body(OpenMatterInput) },
    responses: {
      201: { description: 'Opened', ...jsonContent(OpenMatterResponse) },
      422: { description: 'The fee earner is not an admin or fee earner of the firm' },
      ...FORBIDDEN,
      ...ERROR_RESPONSES,
    },
  }),
  reassignMatter: createRoute({
    method: 'patch',
    path: '/matters/{matterId}/fee-earner',
    summary: 'Hand a matter to another admin or fee earner of the firm (admins)',
    request: { params: MatterParams, body: body(ReassignMatterInput) },
    responses: {
      200: { description: 'Reassigned', ...jsonContent(z.object({ version: z.number().int() })) },
      409: { description: 'Changed meanwhile: the message gives the current version' },
      422: { description: 'Not a current member, or an assistant' },
      ...FORBIDDEN,
      ...ERROR_RESPONSES,
    },
  }),
  board: createRoute({
    method: 'get',
    path: '/cases',
    summary: "The cases board: the firm's matters with filters, sorting and keyset pages of at most 100",
    request: { query: BoardQuery },
    responses: { 200: { description: 'Board', ...jsonContent(BoardResponse) }, ...ERROR_RESPONSES },
  }),
}

export function firmsRoutes({ database, config, mail }: AppDeps) {
  const e = firmsEndpoints
  const myFirm = (viewer: ReturnType<typeof requireViewer>) => getMyFirm({ database, viewer })
  return createRouter()
    .openapi(e.myFirm, async (c) => jsonText(c, await myFirm(requireViewer(c))) as never)
    .openapi(e.createFirm, async (c) => {
      const viewer = requireViewer(c)
      await createFirm({ database, viewer, input: c.req.valid('json') })
      return jsonText(c, await myFirm(viewer), 201) as never
    })
    .openapi(e.claimListing, async (c) => {
      const viewer = requireViewer(c)
      await claimListing({ database, viewer, organizationId: c.req.valid('json').organization_id })
      return jsonText(c, await myFirm(viewer)) as never
    })
    .openapi(e.inviteMember, async (c) => {
      const viewer = requireViewer(c)
      await inviteMember({
        database,
        viewer,
        publicUrl: config.publicUrl,
        deliverMail: mail.deliver,
        input: c.req.valid('json'),
      })
      mail.kick()
      return jsonText(c, await myFirm(viewer), 201) as never
    })
    .openapi(e.revokeInvitation, async (c) => {
      const { invitationId } = c.req.valid('param')
      await revokeFirmInvitation({
        database,
        viewer: requireViewer(c),
        publicUrl: config.publicUrl,
        deliverMail: mail.deliver,
        invitationId,
      })
      return c.body(null, 204) as never
    })
    .openapi(e.acceptInvitation, async (c) => {
      const { token } = c.req.valid('param')
      return c.json(await acceptFirmInvitation({ database, viewer: requireViewer(c), token }), 200)
    })
    .openapi(e.changeMember, async (c) => {
      const viewer = requireViewer(c)
      const { profileId } = c.req.valid('param')
      await changeMemberRole({ database, viewer, profileId, role: c.req.valid('json').role as MemberRole })
      return jsonText(c, await myFirm(viewer)) as never
    })
    .openapi(e.removeMember, async (c) => {
      const { profileId } = c.req.valid('param')
      await removeMember({ database, viewer: requireViewer(c), profileId })
      return c.body(null, 204) as never
    })
    .openapi(e.openMatter, async (c) => {
      const ids = await openMatter({
        database,
        viewer: requireViewer(c),
        input: c.req.valid('json'),
        publicUrl: config.publicUrl,
        deliverMail: mail.deliver,
      })
      mail.kick()
      return c.json(ids, 201)
    })
    .openapi(e.reassignMatter, async (c) => {
      const { matterId } = c.req.valid('param')
      const { fee_earner_id, version } = c.req.valid('json')
      return c.json(
        await reassignMatter({ database, viewer: requireViewer(c), matterId, feeEarnerId: fee_earner_id, version }),
        200,
      )
    })
    .openapi(e.board, async (c) => {
      return jsonText(c, await listBoard({ database, viewer: requireViewer(c), query: c.req.valid('query') })) as never
    })
}
