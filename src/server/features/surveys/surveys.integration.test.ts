/**
 * Surveys through the API on a real database: a survey firm's products and a surveyor's
 * availability; slots; booking from a move with both confirmation emails carrying an .ics that
 * parses; each booking rule refused with a message naming it and nothing half-written (past, outside
 * hours, a day off, overlapping, a cancelled booking, inside the notice period); 20 simultaneous
 * bookings of one slot from 20 moves give exactly one booking (the exclusion constraint); the report
 * delivered into the Property folder ticks the surveyor's task, tells the buyer and creates a
 * sandbox payout (fee, 10% platform fee, pending, then paid); access (seller 403, other firm 404).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ScheduleResponse,
  SlotsResponse,
  SurveyBooking,
  TransactionSurveysResponse,
} from '#shared/contracts/surveys.ts'
import { addDays, londonToInstant, londonWallClock, platformFeePence } from '#shared/domain/surveys.ts'
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
/** 10:00 London, n days from today: always inside the surveyor's hours (every day 08:00-18:00). */
const at = (days: number, minute = 600) => londonToInstant(addDays(today, days), minute).toISOString()

let surveyor: TestUser
let otherSurveyor: TestUser
let buyer: TestUser
let seller: TestUser
let txId: string
let level2: string

async function firmWithProducts(as: TestUser, name: string) {
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
  return ScheduleResponse.parse(
    await json(
      await t.request('/api/schedule/availability', {
        as,
        method: 'PUT',
        json: {
          travel_buffer_minutes: 30,
          notice_hours: 24,
          hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 480, end_minute: 1080 })),
          days_off: [addDays(today, 11)],
        },
      }),
      200,
    ),
  )
}

function book(as: TestUser, tx: string, startsAt: string, productId = level2, surveyorId = surveyor.profileId) {
  return t.request(`/api/transactions/${tx}/surveys/bookings`, {
    as,
    json: { product_id: productId, surveyor_id: surveyorId, starts_at: startsAt },
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
  const schedule = await firmWithProducts(surveyor, 'Hertford Surveys')
  await firmWithProducts(otherSurveyor, 'Other Surveys')
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
      expect(wall.date).not.toBe(addDays(today, 11))
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

  it('delivering the report ticks the task, tells the buyer and creates a sandbox payout', async () => {
    const up = await t.app.request(`/api/transactions/${txId}/documents?folder=Property&filename=Survey.pdf`, {
      method: 'POST',
      headers: { cookie: surveyor.cookie, 'content-type': 'application/octet-stream' },
      body: await makePdf('RICS Home Survey Level 2 report'),
    } as RequestInit)
    const doc = await json<{ id: string }>(up, 201)
    await expectRule(
      await t.request(`/api/schedule/bookings/${booking.id}/report`, {
        as: otherSurveyor,
        json: { document_id: doc.id },
      }),
      404,
      /booking/,
    )
    const done = SurveyBooking.parse(
      await json(
        await t.request(`/api/schedule/bookings/${booking.id}/report`, { as: surveyor, json: { document_id: doc.id } }),
        200,
      ),
    )
    expect(done.status).toBe('report_delivered')
    expect(done.payout).toMatchObject({
      fee_pence: 59500,
      platform_fee_pence: platformFeePence(59500),
      net_pence: 59500 - 5950,
      status: 'pending',
      provider_label: 'Sandbox',
    })
    expect(
      await count(
        `select count(*)::int as n from tasks k join timeline_stages s on s.id = k.stage_id
      where s.transaction_id = $1 and k.owner_side = 'surveyor' and k.status = 'completed'`,
        [txId],
      ),
    ).toBe(1)
    expect(
      await count(`select count(*)::int as n from notifications where profile_id = $1 and kind = 'survey_update'`, [
        buyer.profileId,
      ]),
    ).toBe(1)
    await expectRule(
      await t.request(`/api/schedule/bookings/${booking.id}/report`, { as: surveyor, json: { document_id: doc.id } }),
      409,
      /already delivered/,
    )
    const paid = await json<{ status: string; paid_at: string | null }>(
      await t.request(`/api/schedule/payouts/${done.payout!.id}/paid`, { as: surveyor, method: 'POST' }),
      200,
    )
    expect(paid.status).toBe('paid')
    expect(paid.paid_at).not.toBeNull()
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
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(19)
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
