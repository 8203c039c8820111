/**
 * Expiry reminders for decisions in principle and mortgage offers: a DIP (of a case not yet at
 * offer) or an offer expiring within EXPIRY_REMINDER_DAYS (14) of today, not yet past and not yet
 * reminded, tells the broker and the buyer once: an in-app notification (kind 'mortgage_expiry')
 * and its email through the outbox (notifyPeople). `reminded_at` is set in the same database
 * transaction, claimed with `reminded_at is null`, so two processes never remind twice. Cheap: each
 * kind is one query on a partial index of the not-yet-reminded rows.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { EXPIRY_REMINDER_DAYS, londonDay, ukCalendarDate } from '#shared/domain/mortgages.ts'
import type { Database } from '#server/db/client.ts'
import { rows } from '#server/db/rows.ts'
import { mortgageCasePath, transactionPath } from '#shared/paths.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'

/** Sends the reminders due on `now`'s London day; returns how many records were reminded. */
export async function sendExpiryReminders(options: {
  database: Database
  delivery: NotificationDelivery
  now?: Date
}): Promise<number> {
  const today = londonDay(options.now ?? new Date())
  let sent = 0
  await options.database.db.transaction(async (tx) => {
    const dips = await tx.execute(sql`
      update mortgage_dips m set reminded_at = now()
      from mortgage_cases c, transactions t
      where c.id = m.case_id and t.id = m.transaction_id and m.reminded_at is null
        and m.expires_on between ${today}::date and ${today}::date + ${EXPIRY_REMINDER_DAYS}::int
        and c.stage <> 'offer_issued' and t.status <> 'cancelled'
      returning m.transaction_id, m.lender, to_char(m.expires_on, 'YYYY-MM-DD') as expires_on,
        c.broker_profile_id, t.buyer_user_id`)
    const offers = await tx.execute(sql`
      update mortgage_cases c set offer_reminded_at = now()
      from transactions t
      where t.id = c.transaction_id and c.offer_reminded_at is null and c.stage = 'offer_issued'
        and c.offer_expires_on between ${today}::date and ${today}::date + ${EXPIRY_REMINDER_DAYS}::int
        and t.status <> 'cancelled'
      returning c.transaction_id, null as lender, to_char(c.offer_expires_on, 'YYYY-MM-DD') as expires_on,
        c.broker_profile_id, t.buyer_user_id`)
    const due = [
      ...rows(Reminder, dips).map((r) => ({
        ...r,
        what: `The decision in principle from ${r.lender}`,
      })),
      ...rows(Reminder, offers).map((r) => ({ ...r, what: 'The mortgage offer' })),
    ]
    for (const r of due) {
      const title = `${r.what} expires on ${ukCalendarDate(r.expires_on)}`
      const body = 'Renew it with the lender, or make sure exchange happens before then.'
      await notifyPeople(tx, {
        recipients: [r.broker_profile_id],
        kind: 'mortgage_expiry',
        transactionId: r.transaction_id,
        actorId: null,
        title,
        body,
        link: mortgageCasePath(r.transaction_id),
        ...options.delivery,
      })
      if (r.buyer_user_id) {
        await notifyPeople(tx, {
          recipients: [r.buyer_user_id],
          kind: 'mortgage_expiry',
          transactionId: r.transaction_id,
          actorId: null,
          title,
          body: 'Your broker has been told too.',
          link: transactionPath(r.transaction_id, { tab: 'timeline' }),
          ...options.delivery,
        })
      }
      sent += 1
    }
  })
  return sent
}

/** A DIP or offer claimed for its reminder (the offer's `lender` is null). */
const Reminder = z.object({
  transaction_id: z.string(),
  lender: z.string().nullable(),
  expires_on: z.string(),
  broker_profile_id: z.string(),
  buyer_user_id: z.string().nullable(),
})
