/**
 * The review request sent when a move completes: the buyer and the seller each get a notification and
 * an email (through the outbox, honouring their status-change email setting) linking to the page
 * where they rate each firm that worked on the move. Written inside the completion's transaction.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { reviewPath } from '#shared/paths.ts'
import type { Tx } from '#server/db/client.ts'
import { sideClientIds } from '#server/access/side-clients.ts'
import { oneRow } from '#server/db/rows.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'

export async function requestReviews(
  tx: Tx,
  { txId, address, notify }: { txId: string; actorId: string; address: string; notify: NotificationDelivery },
): Promise<string[]> {
  const recipients = await sideClientIds(tx, txId, ['buyer', 'seller'])
  const firms = await tx.execute(sql`select count(distinct organization_id)::int as n from transaction_participants
    where transaction_id = ${txId} and organization_id is not null`)
  if (oneRow(z.object({ n: z.number() }), firms).n === 0) return []
  const link = reviewPath(txId)
  return notifyPeople(tx, {
    recipients,
    // Never skip the actor here: a buyer who records completion themselves is still asked.
    actorId: null,
    kind: 'status_changed',
    transactionId: txId,
    title: `How did your move at ${address} go?`,
    body: 'Rate the professionals who worked on it: your review helps other movers choose.',
    link,
    ...notify,
    customEmail: (person) => ({
      to: person.email,
      kind: 'review_request',
      transactionId: txId,
      subject: `How did your move at ${address} go?`,
      greet: person.fullName,
      text: [
        `Congratulations: completion is recorded on ${address}.`,
        '',
        'Would you rate the professionals who worked on your move, from 1 to 5 stars with a comment? It takes a minute, and your review appears on their marketplace profile for other movers.',
        '',
        `${notify.publicUrl}${link}`,
      ].join('\n'),
    }),
  })
}
