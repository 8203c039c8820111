/**
 * HTTP edge of firms and the cases board: the viewer's firm (create, claim a listing, members,
 * invitations), matters (open, import from a CSV, reassign) and GET /api/cases, built from the endpoint
 * catalogue entries `firmsEndpoints` (src/shared/contracts/firms.ts) and `matterImportEndpoints`. Mail is nudged out after commits that queue it.
 */
import { firmsEndpoints } from '#shared/contracts/firms.ts'
import { createRouter, jsonText, requireViewer, type AppDeps } from '#server/http/router.ts'
import { claimListing, createFirm, searchClaimableListings } from './create-firm'
import { acceptFirmInvitation, inviteMember, previewFirmInvitation, revokeFirmInvitation } from './firm-invitations'
import { getFirmFigures } from './get-firm-figures'
import { getMyFirm } from './get-my-firm'
import { getTransactionMatter } from './get-transaction-matter'
import { linkMatter } from './link-matter'
import { listBoard } from './list-board'
import { listFirmEvents } from './list-firm-events'
import { changeMemberRole, removeMember } from './members'
import { openMatter } from './open-matter'
import { importMatters } from './import-matters'
import { matterImportEndpoints } from '#shared/contracts/matter-import.ts'
import { reassignMatter } from './reassign-matter'
import { assertPro } from '#server/core/entitlement.ts'

export function firmsRoutes({ database, config, mail }: AppDeps) {
  const e = firmsEndpoints
  const myFirm = (viewer: ReturnType<typeof requireViewer>) => getMyFirm({ database, viewer })
  return createRouter()
    .openapi(e.myFirm, async (c) => jsonText(c, await myFirm(requireViewer(c))))
    .openapi(e.createFirm, async (c) => {
      const viewer = requireViewer(c)
      await createFirm({ database, viewer, input: c.req.valid('json'), origin: c.var.client })
      return jsonText(c, await myFirm(viewer), 201)
    })
    .openapi(e.searchListings, async (c) =>
      c.json(await searchClaimableListings({ database, viewer: requireViewer(c), q: c.req.valid('query').q }), 200),
    )
    .openapi(e.claimListing, async (c) => {
      const viewer = requireViewer(c)
      await claimListing({
        database,
        viewer,
        organizationId: c.req.valid('json').organization_id,
        origin: c.var.client,
      })
      return jsonText(c, await myFirm(viewer))
    })
    .openapi(e.inviteMember, async (c) => {
      const viewer = requireViewer(c)
      await inviteMember({
        database,
        viewer,
        publicUrl: config.publicUrl,
        deliverMail: mail.deliver,
        input: c.req.valid('json'),
        origin: c.var.client,
      })
      mail.kick()
      return jsonText(c, await myFirm(viewer), 201)
    })
    .openapi(e.revokeInvitation, async (c) => {
      const { invitationId } = c.req.valid('param')
      await revokeFirmInvitation({
        database,
        viewer: requireViewer(c),
        publicUrl: config.publicUrl,
        deliverMail: mail.deliver,
        invitationId,
        origin: c.var.client,
      })
      return c.body(null, 204)
    })
    .openapi(e.figures, async (c) => c.json(await getFirmFigures({ database, viewer: requireViewer(c) }), 200))
    .openapi(e.previewInvitation, async (c) =>
      c.json(await previewFirmInvitation({ database, token: c.req.valid('param').token }), 200),
    )
    .openapi(e.acceptInvitation, async (c) => {
      const { token } = c.req.valid('param')
      return c.json(
        await acceptFirmInvitation({ database, viewer: requireViewer(c), token, origin: c.var.client }),
        200,
      )
    })
    .openapi(e.changeMember, async (c) => {
      const viewer = requireViewer(c)
      const { profileId } = c.req.valid('param')
      const role = c.req.valid('json').role
      await changeMemberRole({ database, viewer, profileId, role, origin: c.var.client })
      return jsonText(c, await myFirm(viewer))
    })
    .openapi(e.removeMember, async (c) => {
      const { profileId } = c.req.valid('param')
      await removeMember({ database, viewer: requireViewer(c), profileId, origin: c.var.client })
      return c.body(null, 204)
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
        await reassignMatter({
          database,
          viewer: requireViewer(c),
          matterId,
          feeEarnerId: fee_earner_id,
          version,
          origin: c.var.client,
        }),
        200,
      )
    })
    .openapi(e.firmEvents, async (c) => {
      const { cursor, limit } = c.req.valid('query')
      const orgId = c.req.valid('param').orgId
      return jsonText(c, await listFirmEvents({ database, viewer: requireViewer(c), orgId, cursor, limit }))
    })
    .openapi(e.transactionMatter, async (c) =>
      jsonText(c, await getTransactionMatter({ database, viewer: requireViewer(c), txId: c.req.valid('param').txId })),
    )
    .openapi(e.linkMatter, async (c) =>
      jsonText(
        c,
        await linkMatter({ database, viewer: requireViewer(c), txId: c.req.valid('param').txId, ip: c.var.client.ip }),
      ),
    )
    .openapi(e.board, async (c) => {
      const viewer = requireViewer(c)
      const query = c.req.valid('query')
      // The board's statement checks Pro itself (one round trip per request); only when it finds none
      // does assertPro run, to refuse with the 402 that says when Pro ended.
      const board = await listBoard({ database, viewer, query, proAt: new Date() })
      if (board) return jsonText(c, board)
      await assertPro(database, viewer, 'The cases board')
      return jsonText(c, await listBoard({ database, viewer, query }))
    })
    .openapi(matterImportEndpoints.importMatters, async (c) => {
      const { csv, dry_run } = c.req.valid('json')
      const result = await importMatters({
        database,
        viewer: requireViewer(c),
        csv,
        dryRun: dry_run,
        publicUrl: config.publicUrl,
        deliverMail: mail.deliver,
      })
      if (result.created) mail.kick()
      return c.json(result, 200)
    })
}
