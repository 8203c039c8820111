/**
 * HTTP edge of Academy Lite: the course list, one course, a quiz attempt, a certificate download and
 * the public check of a certificate by its number.
 * Routes are built from the endpoint declarations in src/shared/contracts/academy.ts.
 */
import { academyEndpoints as endpoints } from '#shared/contracts/academy.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { certificatePdf } from './certificate'
import { checkCertificate } from './check-certificate'
import { getAcademyOverview, getCourse } from './get-academy'
import { submitQuiz } from './submit-quiz'

export function academyRoutes({ database, config }: AppDeps) {
  return createRouter()
    .openapi(endpoints.overview, async (c) =>
      c.json(await getAcademyOverview({ database, viewer: requireViewer(c) }), 200),
    )
    .openapi(endpoints.course, async (c) => {
      const { slug } = c.req.valid('param')
      return c.json(await getCourse({ database, viewer: requireViewer(c), slug }), 200)
    })
    .openapi(endpoints.submitQuiz, async (c) => {
      const { slug } = c.req.valid('param')
      const input = c.req.valid('json')
      return c.json(await submitQuiz({ database, viewer: requireViewer(c), slug, input }), 201)
    })
    .openapi(endpoints.certificate, async (c) => {
      const { recordId } = c.req.valid('param')
      const pdf = await certificatePdf({ database, viewer: requireViewer(c), recordId, siteUrl: config.publicUrl })
      return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${pdf.filename}"`,
      })
    })
    .openapi(endpoints.checkCertificate, async (c) =>
      c.json(await checkCertificate({ database, number: c.req.valid('param').number }), 200),
    )
}
