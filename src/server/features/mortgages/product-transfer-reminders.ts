/**
 * Product-transfer reminders (issue 40 item 2): a recommended deal whose initial rate ends within
 * PRODUCT_TRANSFER_REMINDER_DAYS (120) of today, not yet past and not yet reminded, tells the broker
 * who keeps the client once: an in-app notification (kind 'mortgage_expiry') and its email through the
 * outbox (notifyPeople), linking to the client record. `reminded_at` is set in the same database
 * transaction, claimed with `reminded_at is null`, so two processes never remind twice. Run by the job
 * 'product-transfer-reminders' (src/server/jobs.ts, decision 045). The offer's own expiry is reminded
 * by expiry-reminders.ts.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { londonDay, PRODUCT_TRANSFER_REMINDER_DAYS, ukCalendarDate } from '#shared/domain/mortgages.ts'
import { brokerClientPath } from '#shared/paths.ts'
import type { Database } from '#server/db/client.ts'
import { rows } from '#server/db/rows.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'

const Due = z.object({
  case_id: z.string(),
  transaction_id: z.string().nullable(),
  lender: z.string(),
  product: z.string(),
  deal_ends_on: z.string(),
  broker_profile_id: z.string(),
  client_name: z.string().nullable(),
})

/** Sends the reminders due on `now`'s London day; returns how many deals were reminded. */
export async function sendProductTransferReminders(options: {
  database: Database
  delivery: NotificationDelivery
  now?: Date
}): Promise<number> {
  const today = londonDay(options.now ?? new Date())
  return options.database.db.transaction(async (tx) => {
    const due = rows(
      Due,
      await tx.execute(sql`
        update mortgage_recommendations r set reminded_at = now()
        from mortgage_cases c
        where c.id = r.case_id and r.reminded_at is null and r.deal_ends_on is not null
          and r.deal_ends_on between ${today}::date and ${today}::date + ${PRODUCT_TRANSFER_REMINDER_DAYS}::int
        returning r.case_id, c.transaction_id, r.lender, r.product, to_char(r.deal_ends_on, 'YYYY-MM-DD') as deal_ends_on,
          c.broker_profile_id, c.buyer_name as client_name`),
    )
    for (const r of due) {
      await notifyPeople(tx, {
        recipients: [r.broker_profile_id],
        kind: 'mortgage_expiry',
        transactionId: r.transaction_id,
        actorId: null,
        title: `${r.client_name ?? 'Your client'}'s ${r.lender} deal ends on ${ukCalendarDate(r.deal_ends_on)}`,
        body: `The ${r.product} deal you recommended ends soon: review a product transfer or remortgage with the client.`,
        link: brokerClientPath(r.case_id),
        ...options.delivery,
      })
    }
    return due.length
  })
}
