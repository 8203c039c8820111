/**
 * HTTP edge of off-platform parties (issue 37 item 1): list, record, correct, remove, and invite a
 * recorded party to Homeward. Mail is nudged out after an invitation commits.
 */
import { offPlatformPartyEndpoints as endpoints } from '#shared/contracts/off-platform-parties.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { inviteOffPlatformParty } from './invite-party'
import {
  listPartiesForViewer,
  recordOffPlatformParty,
  removeOffPlatformParty,
  updateOffPlatformParty,
} from './record-party'

export function offPlatformPartiesRoutes({ database, config, mail }: AppDeps) {
  return createRouter()
    .openapi(endpoints.list, async (c) => {
      const { txId } = c.req.valid('param')
      return c.json({ parties: await listPartiesForViewer({ database, viewer: requireViewer(c), txId }) })
    })
    .openapi(endpoints.create, async (c) => {
      const { txId } = c.req.valid('param')
      const party = await recordOffPlatformParty({
        database,
        viewer: requireViewer(c),
        txId,
        input: c.req.valid('json'),
      })
      return c.json(party, 201)
    })
    .openapi(endpoints.update, async (c) => {
      const { txId, partyId } = c.req.valid('param')
      const input = c.req.valid('json')
      return c.json(await updateOffPlatformParty({ database, viewer: requireViewer(c), txId, partyId, input }))
    })
    .openapi(endpoints.remove, async (c) => {
      const { txId, partyId } = c.req.valid('param')
      await removeOffPlatformParty({ database, viewer: requireViewer(c), txId, partyId })
      return c.body(null, 204)
    })
    .openapi(endpoints.invite, async (c) => {
      const { txId, partyId } = c.req.valid('param')
      const result = await inviteOffPlatformParty({
        database,
        viewer: requireViewer(c),
        txId,
        partyId,
        publicUrl: config.publicUrl,
        deliverMail: mail.deliver,
      })
      mail.kick()
      return c.json(result, 201)
    })
}
