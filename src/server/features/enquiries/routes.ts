/**
 * HTTP edge of pre-contract enquiries and SLA clocks: the endpoints of
 * src/shared/contracts/enquiries.ts. Handlers parse, call a use case, and nudge the mail worker
 * after commits that notify people.
 */
import type { Context } from 'hono'
import { enquiryEndpoints as endpoints } from '#shared/contracts/enquiries.ts'
import { createRouter, requireViewer, type AppDeps, type AppEnv } from '#server/http/router.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { listClocks } from '#server/core/clocks/clock-status.ts'
import { getSlaSettings, putSlaSettings } from '#server/core/clocks/sla-settings.ts'
import { changeEnquiryStatus, editEnquiry, replyToEnquiry } from './change-enquiry'
import type { EnquiryContext } from './enquiry-context'
import { exportReplies } from './export-replies'
import { listEnquiries } from './list-enquiries'
import { raiseEnquiries } from './raise-enquiries'
import { answerClientTask, askClient, discardDraft, getClientTask, saveClientAnswer, sendDraft } from './client-answers'
import { getFirmStandardEnquiries, putFirmStandardEnquiries, standardEnquiriesForMatter } from './standard-enquiries'
import { createProRouter } from '#server/core/entitlement.ts'

export function enquiriesRoutes(deps: AppDeps) {
  const { database, config, mail } = deps
  const storage = storageFor(config)
  const ctx = (c: Context<AppEnv>, txId: string): EnquiryContext => ({
    viewer: requireViewer(c),
    txId,
    publicUrl: config.publicUrl,
    deliverMail: mail.deliver,
  })
  // The Pro tools among the enquiries: each router gates all its endpoints (core/entitlement.ts).
  const templates = createProRouter(database, 'Standard enquiry templates')
    .openapi(endpoints.standardForMatter, async (c) => {
      const { txId } = c.req.valid('param')
      return c.json(await standardEnquiriesForMatter({ database, viewer: requireViewer(c), txId }), 200)
    })
    .openapi(endpoints.firmStandard, async (c) => {
      const { orgId } = c.req.valid('param')
      return c.json(await getFirmStandardEnquiries({ database, viewer: requireViewer(c), orgId }), 200)
    })
    .openapi(endpoints.putFirmStandard, async (c) => {
      const { orgId } = c.req.valid('param')
      const body = c.req.valid('json')
      return c.json(
        await putFirmStandardEnquiries({ database, viewer: requireViewer(c), orgId, ...body, origin: c.var.client }),
        200,
      )
    })
  const clocks = createProRouter(database, 'SLA clocks').openapi(endpoints.clocks, async (c) => {
    const { txId } = c.req.valid('param')
    return c.json(await listClocks({ database, viewer: requireViewer(c), txId }), 200)
  })
  const slaTargets = createProRouter(database, 'SLA targets')
    .openapi(endpoints.firmSla, async (c) => {
      const { orgId } = c.req.valid('param')
      return c.json(await getSlaSettings({ database, viewer: requireViewer(c), orgId }), 200)
    })
    .openapi(endpoints.putFirmSla, async (c) => {
      const { orgId } = c.req.valid('param')
      return c.json(
        await putSlaSettings({
          database,
          viewer: requireViewer(c),
          orgId,
          ...c.req.valid('json'),
          origin: c.var.client,
        }),
        200,
      )
    })
  return createRouter()
    .openapi(endpoints.list, async (c) => {
      const { txId } = c.req.valid('param')
      return c.json(await listEnquiries({ database, viewer: requireViewer(c), txId }), 200)
    })
    .openapi(endpoints.raise, async (c) => {
      const { txId } = c.req.valid('param')
      const result = await raiseEnquiries(database, ctx(c, txId), c.req.valid('json'))
      mail.kick()
      return c.json(result, 201)
    })
    .openapi(endpoints.edit, async (c) => {
      const { txId, enquiryId } = c.req.valid('param')
      return c.json(await editEnquiry(database, ctx(c, txId), { enquiryId, ...c.req.valid('json') }), 200)
    })
    .openapi(endpoints.reply, async (c) => {
      const { txId, enquiryId } = c.req.valid('param')
      const result = await replyToEnquiry(database, ctx(c, txId), { enquiryId, ...c.req.valid('json') })
      mail.kick()
      return c.json(result, 201)
    })
    .openapi(endpoints.changeStatus, async (c) => {
      const { txId, enquiryId } = c.req.valid('param')
      const result = await changeEnquiryStatus(database, ctx(c, txId), { enquiryId, ...c.req.valid('json') })
      mail.kick()
      return c.json(result, 200)
    })
    .openapi(endpoints.sellerTask, async (c) => {
      const { txId, enquiryId } = c.req.valid('param')
      const { version } = c.req.valid('json')
      const result = await askClient(database, ctx(c, txId), { enquiryId, version, client: 'seller' })
      mail.kick()
      return c.json({ version: result.version, task_id: result.taskId }, 201)
    })
    .openapi(endpoints.exportReplies, async (c) => {
      const { txId } = c.req.valid('param')
      const doc = await exportReplies({ database, storage, viewer: requireViewer(c), txId, ip: c.var.client.ip })
      return c.json(doc, 201)
    })
    .openapi(endpoints.askClient, async (c) => {
      const { txId, enquiryId } = c.req.valid('param')
      const { version } = c.req.valid('json')
      const result = await askClient(database, ctx(c, txId), { enquiryId, version })
      mail.kick()
      return c.json({ version: result.version, task_id: result.taskId }, 201)
    })
    .openapi(endpoints.clientTask, async (c) => {
      const { txId, taskId } = c.req.valid('param')
      return c.json(await getClientTask({ database, viewer: requireViewer(c), txId, taskId }), 200)
    })
    .openapi(endpoints.answerClientTask, async (c) => {
      const { txId, taskId } = c.req.valid('param')
      const { body, document_ids } = c.req.valid('json')
      const result = await answerClientTask(database, ctx(c, txId), { taskId, body, documentIds: document_ids })
      mail.kick()
      return c.json({ draft_id: result.draftId }, 201)
    })
    .openapi(endpoints.sendDraft, async (c) => {
      const { txId, enquiryId, draftId } = c.req.valid('param')
      const input = c.req.valid('json')
      const result = await sendDraft(
        database,
        { ...ctx(c, txId), ip: c.var.client.ip },
        { enquiryId, draftId, ...input },
      )
      mail.kick()
      return c.json(result, 200)
    })
    .openapi(endpoints.discardDraft, async (c) => {
      const { txId, enquiryId, draftId } = c.req.valid('param')
      const { version } = c.req.valid('json')
      return c.json(await discardDraft(database, ctx(c, txId), { enquiryId, draftId, version }), 200)
    })
    .openapi(endpoints.saveClientAnswer, async (c) => {
      const { txId, taskId } = c.req.valid('param')
      const { body, document_ids } = c.req.valid('json')
      await saveClientAnswer(database, ctx(c, txId), { taskId, body, documentIds: document_ids })
      return c.json({ saved: true as const }, 200)
    })
    .route('/', templates)
    .route('/', clocks)
    .route('/', slaTargets)
}
