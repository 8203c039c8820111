/**
 * HTTP edge of surveys, built from `surveyEndpoints` (src/shared/contracts/surveys.ts): a move's
 * survey page, slots, booking, moving and cancelling (buyer side), and the surveyor's schedule,
 * availability, products, report delivery and payouts. Mail is nudged out after commits that queue it.
 */
import { surveyEndpoints as e } from '#shared/contracts/surveys.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { paymentsProviderFor } from '#server/providers/payments/index.ts'
import { bookSurvey } from './book-survey'
import { cancelBooking, rescheduleBooking } from './change-booking'
import { deliverReport, markPayoutPaid } from './deliver-report'
import { listSlots, listTransactionSurveys } from './list-transaction-surveys'
import { getSchedule, saveAvailability, saveProducts } from './schedule'
import { createProRouter } from '#server/core/entitlement.ts'

export function surveysRoutes({ database, config, mail }: AppDeps) {
  const payments = paymentsProviderFor(config)
  const delivery = () => ({ publicUrl: config.publicUrl, deliverMail: mail.deliver })
  const schedule = (viewer: ReturnType<typeof requireViewer>, query: { from?: string; days?: number } = {}) =>
    getSchedule({ database, viewer, from: query.from, days: query.days ?? 7, paymentsLabel: payments.label })
  // The surveyor's calendar is a Pro tool: its router gates every endpoint (core/entitlement.ts).
  const calendar = createProRouter(database, "The surveyor's calendar")
    .openapi(e.schedule, async (c) => c.json(await schedule(requireViewer(c), c.req.valid('query')), 200))
    .openapi(e.saveAvailability, async (c) => {
      const viewer = requireViewer(c)
      await saveAvailability({ database, viewer, input: c.req.valid('json') })
      return c.json(await schedule(viewer), 200)
    })
    .openapi(e.saveProducts, async (c) => {
      const viewer = requireViewer(c)
      await saveProducts({ database, viewer, input: c.req.valid('json') })
      return c.json(await schedule(viewer), 200)
    })
  return createRouter()
    .openapi(e.transactionSurveys, async (c) => {
      const { txId } = c.req.valid('param')
      return c.json(await listTransactionSurveys({ database, viewer: requireViewer(c), txId }), 200)
    })
    .openapi(e.slots, async (c) => {
      const { txId } = c.req.valid('param')
      const { product_id } = c.req.valid('query')
      return c.json(await listSlots({ database, viewer: requireViewer(c), txId, productId: product_id }), 200)
    })
    .openapi(e.book, async (c) => {
      const { txId } = c.req.valid('param')
      const booking = await bookSurvey({
        database,
        viewer: requireViewer(c),
        txId,
        input: c.req.valid('json'),
        ...delivery(),
      })
      mail.kick()
      return c.json(booking, 201)
    })
    .openapi(e.reschedule, async (c) => {
      const { txId, bookingId } = c.req.valid('param')
      const booking = await rescheduleBooking({
        database,
        viewer: requireViewer(c),
        txId,
        bookingId,
        startsAt: c.req.valid('json').starts_at,
        ...delivery(),
      })
      mail.kick()
      return c.json(booking, 200)
    })
    .openapi(e.cancel, async (c) => {
      const { txId, bookingId } = c.req.valid('param')
      const booking = await cancelBooking({ database, viewer: requireViewer(c), txId, bookingId, ...delivery() })
      mail.kick()
      return c.json(booking, 200)
    })
    .openapi(e.deliverReport, async (c) => {
      const { bookingId } = c.req.valid('param')
      const booking = await deliverReport({
        database,
        viewer: requireViewer(c),
        bookingId,
        documentId: c.req.valid('json').document_id,
        payments,
        notify: delivery(),
      })
      mail.kick()
      return c.json(booking, 200)
    })
    .openapi(e.markPayoutPaid, async (c) => {
      const { payoutId } = c.req.valid('param')
      return c.json(await markPayoutPaid({ database, viewer: requireViewer(c), payoutId, payments }), 200)
    })
    .route('/', calendar)
}
