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
import { readyReport, releaseReport } from './deliver-report'
import { getCoverage, saveCoverage } from './coverage'
import { getStatement, statementCsv } from './statement'
import { calendarFeedIcs, calendarFeedStatus, regenerateCalendarFeed } from './calendar-feed'
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
    .openapi(e.coverage, async (c) => c.json(await getCoverage({ database, viewer: requireViewer(c) }), 200))
    .openapi(e.saveCoverage, async (c) =>
      c.json(await saveCoverage({ database, viewer: requireViewer(c), districts: c.req.valid('json').districts }), 200),
    )
    .openapi(e.statement, async (c) =>
      c.json(await getStatement({ database, viewer: requireViewer(c), ...c.req.valid('query') }), 200),
    )
    .openapi(e.statementCsv, async (c) => {
      const statement = await getStatement({ database, viewer: requireViewer(c), ...c.req.valid('query') })
      return c.body(statementCsv(statement), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="payout-statement-${statement.from}-to-${statement.to}.csv"`,
        'Cache-Control': 'no-store',
      })
    })
    .openapi(e.calendarFeed, async (c) => c.json(await calendarFeedStatus({ database, viewer: requireViewer(c) }), 200))
    .openapi(e.regenerateCalendarFeed, async (c) =>
      c.json(await regenerateCalendarFeed({ database, viewer: requireViewer(c), publicUrl: config.publicUrl }), 200),
    )
  return createRouter()
    .openapi(e.calendarFeedIcs, async (c) => {
      const ics = await calendarFeedIcs({ database, token: c.req.valid('param').token })
      return c.body(ics, 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
    })
    .openapi(e.transactionSurveys, async (c) => {
      const { txId } = c.req.valid('param')
      return c.json(await listTransactionSurveys({ database, viewer: requireViewer(c), txId, payments }), 200)
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
        payments,
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
      const booking = await cancelBooking({
        database,
        viewer: requireViewer(c),
        txId,
        bookingId,
        payments,
        ...delivery(),
      })
      mail.kick()
      return c.json(booking, 200)
    })
    .openapi(e.readyReport, async (c) => {
      const { bookingId } = c.req.valid('param')
      const booking = await readyReport({
        database,
        viewer: requireViewer(c),
        bookingId,
        documentId: c.req.valid('json').document_id,
      })
      return c.json(booking, 200)
    })
    .openapi(e.releaseReport, async (c) => {
      const { bookingId } = c.req.valid('param')
      const booking = await releaseReport({
        database,
        viewer: requireViewer(c),
        bookingId,
        payments,
        notify: delivery(),
      })
      mail.kick()
      return c.json(booking, 200)
    })
    .route('/', calendar)
}
