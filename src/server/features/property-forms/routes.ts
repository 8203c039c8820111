/**
 * HTTP edge of the property information forms (TA6, TA10): read, save a section, sign, and attach or
 * detach evidence. Use cases beside this file; who may do what in src/server/access/property-forms.ts.
 */
import { propertyFormEndpoints as endpoints } from '#shared/contracts/property-forms.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { addEvidence, removeEvidence } from './form-evidence'
import { getPropertyForm } from './get-property-form'
import { saveSection } from './save-section'
import { signPropertyForm } from './sign-property-form'

export function propertyFormsRoutes({ database, config, mail }: AppDeps) {
  const storage = storageFor(config)
  return createRouter()
    .openapi(endpoints.get, async (c) => {
      const { txId, form } = c.req.valid('param')
      return c.json(await getPropertyForm({ database, viewer: requireViewer(c), txId, form }), 200)
    })
    .openapi(endpoints.saveSection, async (c) => {
      const { txId, form, section } = c.req.valid('param')
      const { answers } = c.req.valid('json')
      return c.json(
        await saveSection({ database, viewer: requireViewer(c), txId, form, section, answers, ip: c.var.client.ip }),
        200,
      )
    })
    .openapi(endpoints.sign, async (c) => {
      const { txId, form } = c.req.valid('param')
      const { typed_name } = c.req.valid('json')
      return c.json(
        await signPropertyForm({
          database,
          storage,
          viewer: requireViewer(c),
          txId,
          form,
          typedName: typed_name,
          ip: c.var.client.ip,
          notify: { publicUrl: config.publicUrl, deliverMail: mail.deliver },
        }),
        201,
      )
    })
    .openapi(endpoints.addEvidence, async (c) => {
      const { txId, form } = c.req.valid('param')
      const input = c.req.valid('json')
      return c.json(
        await addEvidence({
          database,
          viewer: requireViewer(c),
          txId,
          form,
          question: input.question,
          documentId: input.document_id,
          ip: c.var.client.ip,
        }),
        201,
      )
    })
    .openapi(endpoints.removeEvidence, async (c) => {
      const { txId, form, evidenceId } = c.req.valid('param')
      await removeEvidence({ database, viewer: requireViewer(c), txId, form, evidenceId, ip: c.var.client.ip })
      return c.body(null, 204)
    })
}
