/**
 * The high-risk alert: judges every live sale with an estate agent (sale-signals.ts), stores each
 * sale's band (sale_risk_states) and, when a sale crosses into high risk (crossedIntoHighRisk), tells
 * its estate agents: a 'sale_high_risk' notification and its email, honouring each person's
 * notification settings (notifyPeople). A sale judged high the first time it is seen alerts too.
 * Each sale's state is written in its own database transaction with the row locked, so two
 * processes never alert twice for one crossing.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { crossedIntoHighRisk, SALE_RISK_BANDS } from '#shared/domain/sale-risk.ts'
import { PAGE_PATHS } from '#shared/paths.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, rows } from '#server/db/rows.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { readSaleSignals, riskOf } from './sale-signals'

/** Judges every live sale with an agent at `now`; returns how many crossed into high risk. */
export async function checkSaleRisks({
  database,
  delivery,
  now = new Date(),
}: {
  database: Database
  delivery: NotificationDelivery
  now?: Date
}): Promise<number> {
  const sales = await readSaleSignals(
    database.db,
    sql`select transaction_id from transaction_participants where role = 'estate_agent'`,
    null,
  )
  let crossed = 0
  for (const sale of sales) {
    const risk = riskOf(sale, now)
    const alerted = await database.db.transaction(async (tx) => {
      const before = await tx.execute(
        sql`select band from sale_risk_states where transaction_id = ${sale.transaction_id} for update`,
      )
      const previous = firstRow(z.object({ band: z.enum(SALE_RISK_BANDS) }), before)?.band ?? null
      if (previous === risk.band) {
        await tx.execute(
          sql`update sale_risk_states set score = ${risk.score} where transaction_id = ${sale.transaction_id}`,
        )
        return false
      }
      await tx.execute(sql`
        insert into sale_risk_states (transaction_id, band, score, changed_at)
        values (${sale.transaction_id}, ${risk.band}, ${risk.score}, ${now.toISOString()}::timestamptz)
        on conflict (transaction_id) do update set band = excluded.band, score = excluded.score, changed_at = excluded.changed_at`)
      if (!crossedIntoHighRisk(previous, risk.band)) return false
      const agents = await tx.execute(sql`
        select user_id from transaction_participants where transaction_id = ${sale.transaction_id} and role = 'estate_agent'`)
      await notifyPeople(tx, {
        recipients: rows(z.object({ user_id: z.string() }), agents).map((r) => r.user_id),
        kind: 'sale_high_risk',
        transactionId: sale.transaction_id,
        actorId: null,
        title: `${sale.address} is now high risk`,
        body: risk.reasons.map((r) => r.text).join('; '),
        link: `${PAGE_PATHS.portfolio}?band=high`,
        ...delivery,
      })
      return true
    })
    if (alerted) crossed++
  }
  return crossed
}
