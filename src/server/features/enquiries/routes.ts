/**
 * HTTP edge of pre-contract enquiries and SLA clocks: the endpoints of
 * src/shared/contracts/enquiries.ts. Handlers parse, call a use case, and nudge the mail worker
 * after commits that notify people.
 */
import type { Context } from 'hono'
import { enquiryEndpoints as endpoints, EnquiryLinkParams, LinkUploadQuery } from '#shared/contracts/enquiries.ts'
import { createRouter, honoPath, requireViewer, type AppDeps, type AppEnv } from '#server/http/router.ts'
import { validationError } from '#server/core/errors.ts'
import { DEFAULT_DOCUMENT_MAX_BYTES } from '#server/core/documents/upload-document.ts'
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
import { sendEnquiriesByEmail } from './email-link'
import { logEnquiries } from './log-enquiries'
import { replyViaLink, uploadViaLink, viewLink } from './reply-by-link'

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
    .route('/', enquiriesByEmailRoutes(deps))
}

/**
 * Enquiries by email (decision 054): logging enquiries received by email or letter, emailing the
 * waiting ones again, and the public endpoints of an emailed reply link (no session: the token is
 * the credential, counted against its limits). The link's upload reads the raw body itself, as the
 * documents' upload does.
 */
function enquiriesByEmailRoutes(deps: AppDeps) {
  const { database, config, mail } = deps
  const storage = storageFor(config)
  const maxBytes = config.DOCUMENT_MAX_BYTES ?? DEFAULT_DOCUMENT_MAX_BYTES
  const ctx = (c: Context<AppEnv>, txId: string): EnquiryContext => ({
    viewer: requireViewer(c),
    txId,
    publicUrl: config.publicUrl,
    deliverMail: mail.deliver,
  })
  const router = createRouter()
  // Registered for the OpenAPI document only; the handler below reads the raw body itself.
  router.openAPIRegistry.registerPath(endpoints.linkUpload)
  return router
    .openapi(endpoints.logEnquiries, async (c) => {
      const { txId } = c.req.valid('param')
      const result = await logEnquiries(database, ctx(c, txId), c.req.valid('json'))
      mail.kick()
      return c.json(result, 201)
    })
    .openapi(endpoints.emailLink, async (c) => {
      const { txId } = c.req.valid('param')
      const result = await sendEnquiriesByEmail(database, ctx(c, txId))
      mail.kick()
      return c.json(result, 201)
    })
    .openapi(endpoints.linkView, async (c) => {
      const { token } = c.req.valid('param')
      return c.json(await viewLink({ database, token }), 200)
    })
    .openapi(endpoints.linkReply, async (c) => {
      const { token, enquiryId } = c.req.valid('param')
      const { body, upload_ids } = c.req.valid('json')
      const result = await replyViaLink({
        database,
        token,
        enquiryId,
        body,
        uploadIds: upload_ids,
        publicUrl: config.publicUrl,
        deliverMail: mail.deliver,
      })
      mail.kick()
      return c.json(result, 201)
    })
    .post(honoPath(endpoints.linkUpload.path), async (c) => {
      c.set('endpoint', endpoints.linkUpload)
      const params = EnquiryLinkParams.safeParse(c.req.param())
      if (!params.success) throw validationError(params.error)
      const query = LinkUploadQuery.safeParse(c.req.query())
      if (!query.success) throw validationError(query.error)
      const length = c.req.header('content-length')
      const upload = await uploadViaLink({
        database,
        storage,
        token: params.data.token,
        filename: query.data.filename,
        body: c.req.raw.body,
        contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : null,
        maxBytes,
      })
      return c.json(upload, 201)
    })
}
