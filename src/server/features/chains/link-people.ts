/** Who answers a pending chain link, and telling them: the other side of the move the link names. */
import { sql } from 'drizzle-orm'
import { confirmingSideOnHomeward } from '#server/access/chains.ts'
import type { Tx } from '#server/db/client.ts'
import { IdRow, rows } from '#server/db/rows.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'

/**
 * Tells the people who may confirm a link on `targetId`: its seller and seller's conveyancer for an
 * onward purchase (`targetIsUpper`), its buyer and buyer's conveyancer for a sale below; when
 * nobody of that side is on Homeward, the move's conveyancers (the asker is skipped as the actor).
 */
export async function notifyLinkConfirmers(
  tx: Tx,
  options: {
    linkId: string
    targetId: string
    targetIsUpper: boolean
    actorId: string
    title: string
    body: string
    link: string
    notify: NotificationDelivery
  },
): Promise<void> {
  // Nobody of that side on Homeward: the move's conveyancers confirm instead (mayConfirmLink).
  const sideOnHomeward = await confirmingSideOnHomeward(tx, options.targetId, options.targetIsUpper)
  const roles = !sideOnHomeward
    ? ['buyer_conveyancer', 'seller_conveyancer']
    : options.targetIsUpper
      ? ['seller', 'seller_conveyancer']
      : ['buyer', 'buyer_conveyancer']
  const principal = options.targetIsUpper ? sql`seller_user_id` : sql`buyer_user_id`
  const res = await tx.execute(sql`
    select ${principal} as id from transactions where id = ${options.targetId} and ${principal} is not null
    union select user_id from transaction_participants
    where transaction_id = ${options.targetId} and role in (${sql.join(
      roles.map((r) => sql`${r}`),
      sql`, `,
    )})`)
  await notifyPeople(tx, {
    recipients: rows(IdRow, res).map((r) => r.id),
    kind: 'chain_update',
    transactionId: options.targetId,
    actorId: options.actorId,
    title: options.title,
    body: options.body,
    link: options.link,
    ...options.notify,
  })
}
