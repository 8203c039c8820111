/**
 * Surveys through the API on a real database: a survey firm's products and a surveyor's
 * availability; slots; booking from a move with both confirmation emails carrying an .ics that
 * parses; each booking rule refused with a message naming it and nothing half-written (past, outside
 * hours, a day off, overlapping, a cancelled booking, inside the notice period); 20 simultaneous
 * bookings of one slot from 20 moves give exactly one booking (the exclusion constraint); the report
 * is marked ready, then released only on or after the visit date: that ticks the surveyor's task,
 * tells the buyer and starts the payout the platform recorded from the card payment at booking (fee,
 * VAT, 10% platform fee on the fee ex VAT; held, pending, then paid by the platform's job, never by
 * the surveyor); access (seller 403, other firm 404). Issue 40: the coverage filter, a declined card
 * writing nothing, the accepted terms stored, the refund on cancelling, the payout statement (JSON and
 * CSV), and the secret iCalendar feed (regenerated: the old URL stops working).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ScheduleResponse,
  SlotsResponse,
  SurveyBooking,
  TransactionSurveysResponse,
} from '#shared/contracts/surveys.ts'
import {
  addDays,
  londonToInstant,
  londonWallClock,
  SURVEY_TERMS_VERSION,
  surveyPayoutAmounts,
} from '#shared/domain/surveys.ts'
import { bankHoliday } from '#shared/domain/working-days.ts'
import { settleSurveyPayouts } from './deliver-report'
import { createSandboxPaymentsProvider } from '#server/providers/payments/sandbox-provider.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { makePdf } from '#server/test/test-files.ts'
import { readInvite } from './read-invite.test-helper'

const t = useTestApp()

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return (text ? JSON.parse(text) : undefined) as T
}

async function expectRule(res: Response, status: number, message: RegExp) {
  const body = await json<{ error: { message: string } }>(res, status)
  expect(body.error.message).toMatch(message)
}

const today = londonWallClock(new Date()).date
/** The n-th day after today that is not a bank holiday (no visit is booked on one); today and before as they are. */
function dayAt(n: number): string {
  if (n <= 0) return addDays(today, n)
  let date = today
  for (let left = n; left > 0;) {
    date = addDays(date, 1)
    if (!bankHoliday(date)) left--
  }
  return date
}
/** 10:00 London on dayAt(n): always inside the surveyor's hours (every day 08:00-18:00). */
const at = (days: number, minute = 600) => londonToInstant(dayAt(days), minute).toISOString()

let surveyor: TestUser
let otherSurveyor: TestUser
let buyer: TestUser
let seller: TestUser
let txId: string
let level2: string
let otherLevel2: string

async function firmWithProducts(as: TestUser, name: string, districts: string[]) {
  await json(
    await t.request('/api/firm', {
      as,
      json: { name, town: 'St Albans', postcode_district: 'AL1', contact_email: `${as.email}` },
    }),
    201,
  )
  await json(
    await t.request('/api/schedule/products', {
      as,
      method: 'PUT',
      json: {
        products: [
          { kind: 'rics_level_1', price_pence: 400_00, duration_minutes: 90, active: true },
          { kind: 'rics_level_2', price_pence: 595_00, duration_minutes: 180, active: true },
          { kind: 'rics_level_3', price_pence: 950_00, duration_minutes: 300, active: true },
          { kind: 'mortgage_valuation', price_pence: 250_00, duration_minutes: 60, active: true },
        ],
      },
    }),
    200,
  )
  await json(await t.request('/api/schedule/coverage', { as, method: 'PUT', json: { districts } }), 200)
  return ScheduleResponse.parse(
    await json(
      await t.request('/api/schedule/availability', {
        as,
        method: 'PUT',
        json: {
          travel_buffer_minutes: 30,
          notice_hours: 24,
          hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 480, end_minute: 1080 })),
          days_off: [dayAt(11)],
        },
      }),
      200,
    ),
  )
}

const PAYS = 'pm_sandbox_card_4242424242424242'
const DECLINED = 'pm_sandbox_card_4000000000000002'

function book(
  as: TestUser,
  tx: string,
  startsAt: string,
  productId = level2,
  surveyorId = surveyor.profileId,
  card = PAYS,
) {
  return t.request(`/api/transactions/${tx}/surveys/bookings`, {
    as,
    json: {
      product_id: productId,
      surveyor_id: surveyorId,
      starts_at: startsAt,
      payment_method: card,
      terms_version: SURVEY_TERMS_VERSION,
      accept_terms: true,
    },
  })
}

async function count(sqlText: string, params: unknown[]): Promise<number> {
  const [{ n }] = await t.database.query<{ n: number }>(sqlText, params)
  return n
}

beforeAll(async () => {
  surveyor = await t.signUp({ role: 'surveyor', name: 'Sally Surveyor' })
  otherSurveyor = await t.signUp({ role: 'surveyor', name: 'Owen Other' })
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sid Seller' })
  const schedule = await firmWithProducts(surveyor, 'Hertford Surveys', ['AL1', 'al3'])
  const other = await firmWithProducts(otherSurveyor, 'Aberystwyth Building Surveys', ['SY23'])
  otherLevel2 = other.products.find((p) => p.kind === 'rics_level_2')!.id
  level2 = schedule.products.find((p) => p.kind === 'rics_level_2')!.id
  txId = (await createTransaction(t.database, { buyerProfileId: buyer.profileId, sellerProfileId: seller.profileId }))
    .transactionId
})

describe('booking a survey from a move', () => {
  let booking: SurveyBooking

  it('lists the firm with its products (pence incl. VAT) and free slots inside the hours', async () => {
    const page = TransactionSurveysResponse.parse(
      await json(await t.request(`/api/transactions/${txId}/surveys`, { as: buyer }), 200),
    )
    expect(page.can_book).toBe(true)
    const offer = page.offers.find((o) => o.firm_name === 'Hertford Surveys')!
    expect(offer.products.find((p) => p.kind === 'rics_level_2')).toMatchObject({
      price_pence: 59500,
      label: 'RICS Home Survey Level 2',
    })
    const { slots } = SlotsResponse.parse(
      await json(await t.request(`/api/transactions/${txId}/surveys/slots?product_id=${level2}`, { as: buyer }), 200),
    )
    expect(slots.length).toBeGreaterThan(0)
    for (const s of slots) {
      const wall = londonWallClock(new Date(s.starts_at))
      expect(wall.minute).toBeGreaterThanOrEqual(480)
      expect(wall.minute + 180).toBeLessThanOrEqual(1080)
      expect(wall.date).not.toBe(dayAt(11))
    }
  })

  it('refuses the past, outside hours and a day off with a message naming the rule, writing nothing', async () => {
    await expectRule(await book(buyer, txId, at(-1)), 422, /in the past/)
    await expectRule(await book(buyer, txId, at(10, 17 * 60)), 422, /outside the surveyor's working hours/)
    await expectRule(await book(buyer, txId, at(11)), 422, /day off/)
    await expectRule(await book(seller, txId, at(10)), 403, /buyer's side/)
    expect(await count('select count(*)::int as n from survey_bookings where transaction_id = $1', [txId])).toBe(0)
  })

  it('books: both get an email with an .ics that parses; the surveyor joins the move', async () => {
    booking = SurveyBooking.parse(await json(await book(buyer, txId, at(10)), 201))
    expect(booking).toMatchObject({ status: 'booked', price_pence: 59500, can_change: true })
    const mails = await t.database.query<{ to_address: string; attachments: { filename: string; content: string }[] }>(
      `select to_address, attachments from mail_outbox where transaction_id = $1 and kind = 'survey_booked'`,
      [txId],
    )
    expect(mails.map((m) => m.to_address).sort()).toEqual(
      [buyer.email, surveyor.email].map((e) => e.toLowerCase()).sort(),
    )
    expect(mails[0].attachments[0].filename).toBe('invite.ics')
    const ics = readInvite(mails[0].attachments[0].content)
    expect(ics.method).toBe('REQUEST')
    expect(ics.events).toHaveLength(1)
    const ev = ics.events[0]
    expect(ev.uid).toBe(`${booking.id}@homeward`)
    expect(ev.sequence).toBe(0)
    expect(ev.start.toISOString()).toBe(booking.starts_at)
    expect(ev.end.toISOString()).toBe(booking.ends_at)
    expect(ev.summary).toContain('RICS Home Survey Level 2')
    expect(ev.organizer.toLowerCase()).toBe(`mailto:${surveyor.email.toLowerCase()}`)
    expect(
      await count(
        `select count(*)::int as n from transaction_participants where transaction_id = $1 and user_id = $2 and role = 'surveyor'`,
        [txId, surveyor.profileId],
      ),
    ).toBe(1)
  })

  it('refuses an overlapping slot (travel buffer included) with 409', async () => {
    // 10:00-13:00 plus 30 minutes of travel: 13:00 still overlaps, 13:30 does not.
    await expectRule(await book(buyer, txId, at(10, 13 * 60)), 409, /overlaps another survey visit/)
    expect(await count('select count(*)::int as n from survey_bookings where transaction_id = $1', [txId])).toBe(1)
  })

  it('the surveyor sees it on their schedule; another firm does not', async () => {
    const mine = ScheduleResponse.parse(
      await json(await t.request(`/api/schedule?from=${addDays(today, 9)}&days=7`, { as: surveyor }), 200),
    )
    expect(mine.bookings.map((b) => b.id)).toEqual([booking.id])
    const theirs = ScheduleResponse.parse(
      await json(await t.request(`/api/schedule?from=${addDays(today, 9)}&days=7`, { as: otherSurveyor }), 200),
    )
    expect(theirs.bookings).toHaveLength(0)
  })

  it('took the payment at booking, stored the accepted terms and recorded the payout as held', async () => {
    const [row] = await t.database.query<{
      paid_by: string
      payment_reference: string
      terms_version: string
      terms_text: string
      terms_accepted_at: Date | null
    }>(
      'select paid_by, payment_reference, terms_version, terms_text, terms_accepted_at from survey_bookings where id = $1',
      [booking.id],
    )
    expect(row.paid_by).toBe(buyer.profileId)
    expect(row.payment_reference).toMatch(/^pi_sandbox_/)
    expect(row.terms_version).toBe(SURVEY_TERMS_VERSION)
    expect(row.terms_text).toContain('RICS Home Survey Standard, Level 2')
    expect(row.terms_text).toContain('£595.00 including VAT (£495.83 plus £99.17 VAT)')
    expect(row.terms_text).toContain('up to 24 hours before it')
    expect(row.terms_accepted_at).not.toBeNull()
    expect(booking.payout).toMatchObject({
      fee_pence: 59500,
      fee_ex_vat_pence: 49583,
      vat_pence: 9917,
      platform_fee_pence: 4958,
      net_pence: 59500 - 4958,
      paid_by_name: 'Bea Buyer',
      status: 'held',
    })
  })

  it('a report is released only on or after the visit date, after ready; then the buyer is told and the platform pays out', async () => {
    const up = await t.app.request(`/api/transactions/${txId}/documents?folder=Property&filename=Survey.pdf`, {
      method: 'POST',
      headers: { cookie: surveyor.cookie, 'content-type': 'application/octet-stream' },
      body: await makePdf('RICS Home Survey Level 2 report'),
    } as RequestInit)
    const doc = await json<{ id: string }>(up, 201)
    const ready = (as: TestUser) =>
      t.request(`/api/schedule/bookings/${booking.id}/report/ready`, { as, json: { document_id: doc.id } })
    const release = () =>
      t.request(`/api/schedule/bookings/${booking.id}/report/release`, { as: surveyor, method: 'POST' })
    await expectRule(await ready(otherSurveyor), 404, /booking/)
    // Not ready yet: refused, whatever the date.
    await expectRule(await release(), 422, /on or after the visit date/)
    const marked = SurveyBooking.parse(await json(await ready(surveyor), 200))
    expect(marked).toMatchObject({ status: 'booked', pending_report_document_id: doc.id, report_document_id: null })
    expect(marked.ready_to_release_at).not.toBeNull()
    expect(marked.release_problem).toMatch(/on or after the visit date/)
    // Before the visit's day: refused, nothing told.
    await expectRule(await release(), 422, /only on or after the visit date/)
    const told = () =>
      count(`select count(*)::int as n from notifications where profile_id = $1 and kind = 'survey_update'`, [
        buyer.profileId,
      ])
    expect(await told()).toBe(0)
    // The buyer does not see the unreleased report through the booking either.
    const page = TransactionSurveysResponse.parse(
      await json(await t.request(`/api/transactions/${txId}/surveys`, { as: buyer }), 200),
    )
    expect(page.bookings.find((b) => b.id === booking.id)!.report_document_id).toBeNull()
    // The visit has happened (moved into the past in the database).
    await t.database.query(
      `update survey_bookings set starts_at = now() - interval '1 day', ends_at = now() - interval '21 hours',
       blocked_until = now() - interval '20 hours' where id = $1`,
      [booking.id],
    )
    const done = SurveyBooking.parse(await json(await release(), 200))
    expect(done.status).toBe('report_delivered')
    expect(done.report_document_id).toBe(doc.id)
    expect(done.payout).toMatchObject({ status: 'pending', net_pence: 59500 - 4958, provider_label: 'Sandbox' })
    expect(
      await count(
        `select count(*)::int as n from tasks k join timeline_stages s on s.id = k.stage_id
      where s.transaction_id = $1 and k.owner_side = 'surveyor' and k.status = 'completed'`,
        [txId],
      ),
    ).toBe(1)
    expect(await told()).toBe(1)
    await expectRule(await release(), 409, /already delivered/)
    // The surveyor has no way to mark their payout paid; the platform's job confirms it with the provider.
    expect(
      (await t.request(`/api/schedule/payouts/${done.payout!.id}/paid`, { as: surveyor, method: 'POST' })).status,
    ).toBe(404)
    const settled = await settleSurveyPayouts({ database: t.database, payments: createSandboxPaymentsProvider() })
    expect(settled).toBeGreaterThanOrEqual(1)
    const [payout] = await t.database.query<{ status: string; paid_at: Date | null }>(
      'select status, paid_at from survey_payouts where id = $1',
      [done.payout!.id],
    )
    expect(payout.status).toBe('paid')
    expect(payout.paid_at).not.toBeNull()
  })
})

describe('coverage, payment and terms at booking', () => {
  it('offers only firms that cover the property postcode, and refuses a booking with one that does not', async () => {
    const page = TransactionSurveysResponse.parse(
      await json(await t.request(`/api/transactions/${txId}/surveys`, { as: buyer }), 200),
    )
    expect(page.property_postcode).toBe('AL1 3RR')
    expect(page.offers.map((o) => o.firm_name)).toEqual(['Hertford Surveys'])
    await expectRule(
      await book(buyer, txId, at(12), otherLevel2, otherSurveyor.profileId),
      422,
      /Aberystwyth Building Surveys does not cover AL1/,
    )
    const elsewhere = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      property: { postcode: 'SY23 1DE' },
    })
    const there = TransactionSurveysResponse.parse(
      await json(await t.request(`/api/transactions/${elsewhere.transactionId}/surveys`, { as: buyer }), 200),
    )
    expect(there.offers.map((o) => o.firm_name)).toEqual(['Aberystwyth Building Surveys'])
    // Coverage is the firm admins' to change, and names districts only.
    await expectRule(
      await t.request('/api/schedule/coverage', { as: surveyor, method: 'PUT', json: { districts: ['St Albans'] } }),
      400,
      /postcode district/,
    )
  })

  it('a declined card writes nothing: no booking, payout, participant, email or activity', async () => {
    const fresh = await createTransaction(t.database, { buyerProfileId: buyer.profileId })
    const tx = fresh.transactionId
    await expectRule(await book(buyer, tx, at(13), level2, surveyor.profileId, DECLINED), 422, /card was declined/)
    for (const table of ['survey_bookings', 'mail_outbox'])
      expect(await count(`select count(*)::int as n from ${table} where transaction_id = $1`, [tx])).toBe(0)
    expect(
      await count(
        `select count(*)::int as n from survey_payouts x join survey_bookings b on b.id = x.booking_id where b.transaction_id = $1`,
        [tx],
      ),
    ).toBe(0)
    expect(
      await count(
        `select count(*)::int as n from transaction_participants where transaction_id = $1 and role = 'surveyor'`,
        [tx],
      ),
    ).toBe(0)
    // Terms not accepted, or an old version: refused before any charge.
    const noTerms = await t.request(`/api/transactions/${tx}/surveys/bookings`, {
      as: buyer,
      json: {
        product_id: level2,
        surveyor_id: surveyor.profileId,
        starts_at: at(13),
        payment_method: PAYS,
        terms_version: SURVEY_TERMS_VERSION,
        accept_terms: false,
      },
    })
    expect(noTerms.status).toBe(400)
    const oldTerms = await t.request(`/api/transactions/${tx}/surveys/bookings`, {
      as: buyer,
      json: {
        product_id: level2,
        surveyor_id: surveyor.profileId,
        starts_at: at(13),
        payment_method: PAYS,
        terms_version: 'old',
        accept_terms: true,
      },
    })
    await expectRule(oldTerms, 422, /terms of engagement have changed/)
    // Then the good card books.
    expect((await book(buyer, tx, at(13))).status).toBe(201)
  })

  it('cancelling a paid booking refunds it: the payout record is marked refunded', async () => {
    const b = SurveyBooking.parse(await json(await book(buyer, txId, at(17)), 201))
    const cancelled = SurveyBooking.parse(
      await json(
        await t.request(`/api/transactions/${txId}/surveys/bookings/${b.id}/cancel`, { as: buyer, method: 'POST' }),
        200,
      ),
    )
    expect(cancelled.payout?.status).toBe('refunded')
  })
})

describe('payout statement and calendar feed', () => {
  it('the statement lists who paid, fee, VAT, platform fee on the ex-VAT fee and the payout; the CSV has the same columns', async () => {
    const res = await json<{
      lines: {
        paid_by_name: string
        fee_pence: number
        vat_pence: number
        platform_fee_pence: number
        net_pence: number
      }[]
      totals: { net_pence: number }
    }>(
      await t.request(`/api/schedule/statement?from=${addDays(today, -5)}&to=${addDays(today, 30)}`, { as: surveyor }),
      200,
    )
    const money = surveyPayoutAmounts(59500)
    expect(res.lines.length).toBeGreaterThan(0)
    expect(res.lines[0]).toMatchObject({
      paid_by_name: 'Bea Buyer',
      fee_pence: money.feePence,
      vat_pence: money.vatPence,
      platform_fee_pence: money.platformFeePence,
      net_pence: money.netPence,
    })
    const csv = await t.request(`/api/schedule/statement.csv?from=${addDays(today, -5)}&to=${addDays(today, 30)}`, {
      as: surveyor,
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
    const text = await csv.text()
    const [header, first] = text.split('\r\n')
    expect(header).toBe(
      'Visit date,Property,Survey,Paid by,Paid on,"Fee paid (GBP, incl. VAT)",Fee ex VAT (GBP),VAT (GBP),"Platform fee (GBP, 10% of fee ex VAT)",Paid out to firm (GBP),Payout status,Provider,Provider reference',
    )
    expect(first).toContain('Bea Buyer')
    expect(first).toContain(',595.00,495.83,99.17,49.58,545.42,')
    // Another firm's statement does not list these.
    const theirs = await json<{ lines: unknown[] }>(
      await t.request('/api/schedule/statement', { as: otherSurveyor }),
      200,
    )
    expect(theirs.lines).toHaveLength(0)
  })

  it('the iCalendar feed opens only with the current secret URL, and regenerating stops the old one', async () => {
    const first = await json<{ url: string }>(
      await t.request('/api/schedule/calendar-feed', { as: surveyor, method: 'POST' }),
      200,
    )
    expect(first.url).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}$/)
    const path = (url: string) => new URL(url).pathname
    const feed = await t.app.request(path(first.url))
    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toMatch(/text\/calendar/)
    const ics = await feed.text()
    expect(ics).toContain('METHOD:PUBLISH')
    expect(ics).toContain('RICS Home Survey Level 2')
    // Only the hash is stored.
    const [row] = await t.database.query<{ h: string }>(
      'select calendar_feed_token_hash as h from surveyors where profile_id = $1',
      [surveyor.profileId],
    )
    expect(first.url).not.toContain(row.h)
    const status = await json<{ exists: boolean; url: string | null }>(
      await t.request('/api/schedule/calendar-feed', { as: surveyor }),
      200,
    )
    expect(status).toEqual({ exists: true, url: null })
    const second = await json<{ url: string }>(
      await t.request('/api/schedule/calendar-feed', { as: surveyor, method: 'POST' }),
      200,
    )
    expect((await t.app.request(path(first.url))).status).toBe(404)
    expect((await t.app.request(path(second.url))).status).toBe(200)
    expect((await t.app.request('/api/calendar-feeds/' + 'x'.repeat(43))).status).toBe(404)
  })
})

describe('moving and cancelling', () => {
  async function invites(kind: string, bookingId: string) {
    const mails = await t.database.query<{ to_address: string; attachments: { content: string }[] }>(
      `select to_address, attachments from mail_outbox where kind = $1 and transaction_id = $2 order by created_at`,
      [kind, txId],
    )
    return mails
      .map((m) => ({ to: m.to_address, ics: readInvite(m.attachments[0].content) }))
      .filter((m) => m.ics.events[0].uid === `${bookingId}@homeward`)
  }

  it('moves within the notice rule (a new REQUEST, SEQUENCE bumped, to both), then cancels (CANCEL to both)', async () => {
    const b = SurveyBooking.parse(await json(await book(buyer, txId, at(14)), 201))
    const moved = SurveyBooking.parse(
      await json(
        await t.request(`/api/transactions/${txId}/surveys/bookings/${b.id}/reschedule`, {
          as: buyer,
          json: { starts_at: at(15) },
        }),
        200,
      ),
    )
    expect(moved.starts_at).toBe(at(15))
    const movedMails = await invites('survey_moved', b.id)
    expect(movedMails.map((m) => m.to).sort()).toEqual([buyer.email, surveyor.email].map((e) => e.toLowerCase()).sort())
    for (const { ics } of movedMails) {
      expect(ics.method).toBe('REQUEST')
      expect(ics.events[0]).toMatchObject({ sequence: 1, status: 'CONFIRMED', start: new Date(at(15)) })
    }
    const cancelled = SurveyBooking.parse(
      await json(
        await t.request(`/api/transactions/${txId}/surveys/bookings/${b.id}/cancel`, { as: buyer, method: 'POST' }),
        200,
      ),
    )
    expect(cancelled.status).toBe('cancelled')
    const cancelMails = await invites('survey_cancelled', b.id)
    expect(cancelMails).toHaveLength(2)
    for (const { ics } of cancelMails) {
      expect(ics.method).toBe('CANCEL')
      expect(ics.events[0]).toMatchObject({ sequence: 2, status: 'CANCELLED' })
    }
    // A cancelled booking can be neither moved nor cancelled again, and writes nothing.
    await expectRule(
      await t.request(`/api/transactions/${txId}/surveys/bookings/${b.id}/reschedule`, {
        as: buyer,
        json: { starts_at: at(16) },
      }),
      409,
      /cancelled/,
    )
    await expectRule(
      await t.request(`/api/transactions/${txId}/surveys/bookings/${b.id}/cancel`, { as: buyer, method: 'POST' }),
      409,
      /cancelled/,
    )
    expect(await invites('survey_cancelled', b.id)).toHaveLength(2)
    // The cancelled slot is free again.
    expect((await book(buyer, txId, at(15))).status).toBe(201)
  })

  it('refuses to move into the past, outside hours, onto a day off or over another visit, naming the rule and changing nothing', async () => {
    const b = SurveyBooking.parse(await json(await book(buyer, txId, at(20)), 201))
    await json(await book(buyer, txId, at(21)), 201)
    const move = (startsAt: string) =>
      t.request(`/api/transactions/${txId}/surveys/bookings/${b.id}/reschedule`, {
        as: buyer,
        json: { starts_at: startsAt },
      })
    await expectRule(await move(at(-2)), 422, /in the past/)
    await expectRule(await move(at(20, 17 * 60)), 422, /outside the surveyor's working hours/)
    await expectRule(await move(at(11)), 422, /day off/)
    await expectRule(await move(at(21, 12 * 60)), 409, /overlaps another survey visit/)
    // Not to a time inside the firm's 24 hours' notice either: a start inside the hours (08:00-15:00)
    // between 1 and 23 hours from now always exists today or tomorrow.
    const soon = [0, 1]
      .flatMap((d) => Array.from({ length: 15 }, (_, i) => at(d, 480 + 30 * i)))
      .find((c) => Date.parse(c) - Date.now() > 3_600_000 && Date.parse(c) - Date.now() < 23 * 3_600_000)!
    await expectRule(await move(soon), 422, /24 hours' notice of a visit/)
    const [row] = await t.database.query<{ starts_at: Date; sequence: number }>(
      'select starts_at, sequence from survey_bookings where id = $1',
      [b.id],
    )
    expect(new Date(row.starts_at).toISOString()).toBe(at(20))
    expect(row.sequence).toBe(0)
    expect(await invites('survey_moved', b.id)).toHaveLength(0)
    // Moving within its own time (overlapping itself) is allowed: 30 minutes later.
    expect((await move(at(20, 630))).status).toBe(200)
  })

  it('refuses to move or cancel inside the firm’s notice period', async () => {
    const [{ id }] = await t.database.query<{ id: string }>(
      `insert into survey_bookings (transaction_id, organization_id, surveyor_id, product_id, booked_by, starts_at, ends_at, blocked_until, price_pence)
       select $1, s.organization_id, s.profile_id, $3, $4, now() + interval '2 hours', now() + interval '5 hours', now() + interval '5 hours 30 minutes', 59500
       from surveyors s where s.profile_id = $2 returning id`,
      [txId, surveyor.profileId, level2, buyer.profileId],
    )
    await expectRule(
      await t.request(`/api/transactions/${txId}/surveys/bookings/${id}/cancel`, { as: buyer, method: 'POST' }),
      422,
      /24 hours' notice/,
    )
    await expectRule(
      await t.request(`/api/transactions/${txId}/surveys/bookings/${id}/reschedule`, {
        as: buyer,
        json: { starts_at: at(25) },
      }),
      422,
      /24 hours' notice/,
    )
    const [row] = await t.database.query<{ status: string; sequence: number }>(
      'select status, sequence from survey_bookings where id = $1',
      [id],
    )
    expect(row).toEqual({ status: 'booked', sequence: 0 })
  })

  it('the seller cannot move or cancel the buyer’s survey', async () => {
    const b = SurveyBooking.parse(await json(await book(buyer, txId, at(26)), 201))
    await expectRule(
      await t.request(`/api/transactions/${txId}/surveys/bookings/${b.id}/cancel`, { as: seller, method: 'POST' }),
      403,
      /buyer's side/,
    )
  })
})

describe('one slot, many people at once', () => {
  it('20 simultaneous bookings of one slot from 20 moves give exactly one booking', async () => {
    const moves = await Promise.all(
      Array.from({ length: 20 }, () => createTransaction(t.database, { buyerProfileId: buyer.profileId })),
    )
    const slot = at(18)
    const answers = await Promise.all(moves.map((m) => book(buyer, m.transactionId, slot)))
    const statuses = answers.map((r) => r.status).sort()
    const bodies = await Promise.all(answers.filter((r) => r.status !== 201 && r.status !== 409).map((r) => r.text()))
    expect({ statuses, bodies }).toMatchObject({ statuses: [201, ...Array<number>(19).fill(409)], bodies: [] })
    expect(
      await count(
        `select count(*)::int as n from survey_bookings where surveyor_id = $1 and starts_at = $2 and status = 'booked'`,
        [surveyor.profileId, slot],
      ),
    ).toBe(1)
    // Nothing half-written: the surveyor joined only the move that got the slot (and the first move).
    expect(
      await count(
        `select count(*)::int as n from transaction_participants where user_id = $1 and role = 'surveyor' and transaction_id = any($2::uuid[])`,
        [surveyor.profileId, moves.map((m) => m.transactionId)],
      ),
    ).toBe(1)
  })

  it('the database itself refuses an overlapping row written past the application (exclusion constraint)', async () => {
    const insert = () =>
      t.database.query(
        `insert into survey_bookings (transaction_id, organization_id, surveyor_id, product_id, starts_at, ends_at, blocked_until, price_pence)
         select $1, s.organization_id, s.profile_id, $3, $4::timestamptz, $4::timestamptz + interval '1 hour', $4::timestamptz + interval '90 minutes', 100
         from surveyors s where s.profile_id = $2`,
        [txId, surveyor.profileId, level2, at(19)],
      )
    await insert()
    await expect(insert()).rejects.toThrow(/survey_bookings_no_overlap|exclusion/)
  })
})
