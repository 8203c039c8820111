/**
 * The daily digest: people who chose it get no instant notification emails; instead, once a
 * day after 08:00 UK time, one email lists what they were notified of since their last digest (only
 * kinds they want by email). Each person is handled in their own database transaction with their
 * settings row locked (SKIP LOCKED), so several server processes never send one digest twice, and the
 * email goes through the durable outbox.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import { DIGEST_HOUR_LONDON, NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from '#shared/domain/chat.ts'
import { ukDateTime } from '#shared/domain/uk-time.ts'
import type { Database } from '#server/db/client.ts'
import { notifications, notificationSettings } from '#server/db/schema/index.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'

/** Most notifications listed in one digest; the rest are summarised by count. */
const DIGEST_MAX_ITEMS = 50

/** SQL for 08:00 UK time on the UK day of the instant `at` (ISO string), as a timestamptz. */
const digestDueAt = (at: string) =>
  sql`((date_trunc('day', ${at}::timestamptz at time zone 'Europe/London')
        + make_interval(hours => ${DIGEST_HOUR_LONDON})) at time zone 'Europe/London')`

interface DueItem {
  id: string
  kind: string
  title: string
  body: string | null
  link: string
  created_at: string | Date
}

/**
 * Sends every digest that is due at `now` (default: the current time); returns how many emails were
 * queued. A person is due when `now` is past today's 08:00 UK time and their last digest was before it.
 */
export async function sendDueDigests({
  database,
  delivery,
  now = new Date(),
  signal,
}: {
  database: Database
  delivery: NotificationDelivery
  now?: Date
  /** Looked at before each person: aborted (shutdown), the rest wait for the next run. */
  signal?: AbortSignal
}): Promise<number> {
  const at = now.toISOString()
  const dueAt = digestDueAt(at)
  const candidates = await database.db.execute(sql`
    select s.profile_id from notification_settings s
    where s.digest and ${at}::timestamptz >= ${dueAt} and (s.last_digest_at is null or s.last_digest_at < ${dueAt})`)
  let sent = 0
  for (const { profile_id } of candidates.rows as { profile_id: string }[]) {
    if (signal?.aborted) break
    const queued = await database.db.transaction(async (tx) => {
      const locked = await tx.execute(sql`
        select s.email, s.last_digest_at, p.email as address, p.full_name
        from notification_settings s join profiles p on p.id = s.profile_id
        where s.profile_id = ${profile_id} and s.digest
          and (s.last_digest_at is null or s.last_digest_at < ${dueAt})
        for update of s skip locked`)
      const person = locked.rows[0] as
        | { email: Record<string, boolean>; last_digest_at: string | null; address: string; full_name: string }
        | undefined
      if (!person) return false
      const kinds = NOTIFICATION_KINDS.filter((k) => person.email?.[k] ?? true)
      const items = kinds.length
        ? ((
            await tx.execute(sql`
              select id, kind, title, body, link, created_at from notifications
              where profile_id = ${profile_id} and emailed_at is null and created_at <= ${at}::timestamptz
                and kind in (${sql.join(
                  kinds.map((k) => sql`${k}`),
                  sql`, `,
                )})
              order by created_at, id`)
          ).rows as unknown as DueItem[])
        : []
      await tx
        .update(notificationSettings)
        .set({ lastDigestAt: sql`${at}::timestamptz` })
        .where(eq(notificationSettings.profileId, profile_id))
      if (items.length === 0) return false
      await tx
        .update(notifications)
        .set({ emailedAt: sql`${at}::timestamptz` })
        .where(
          inArray(
            notifications.id,
            items.map((i) => i.id),
          ),
        )
      await enqueueMail(
        tx,
        {
          to: person.address,
          subject: `Your Homeward digest: ${items.length} update${items.length === 1 ? '' : 's'}`,
          greet: person.full_name,
          text: digestText(items, delivery.publicUrl),
          kind: 'notification.digest',
        },
        { deliver: delivery.deliverMail },
      )
      return true
    })
    if (queued) sent++
  }
  return sent
}

/** Plain-text digest after the greeting (enqueueMail's `greet`): one block per notification, oldest first, with its link. */
export function digestText(items: DueItem[], publicUrl: string): string {
  const shown = items.slice(0, DIGEST_MAX_ITEMS)
  const lines = [`Here is what happened on your moves since your last digest.`, '']
  for (const item of shown) {
    lines.push(`• ${item.title} (${ukDateTime(new Date(item.created_at))})`)
    if (item.body) lines.push(`  ${item.body.replace(/\s+/g, ' ').slice(0, 200)}`)
    lines.push(`  ${publicUrl}${item.link}`, '')
  }
  if (items.length > shown.length) lines.push(`…and ${items.length - shown.length} more in Homeward.`, '')
  lines.push(
    `You get this once a day because you chose the daily digest. Change it, or what you hear about (${NOTIFICATION_KINDS.map((k) => NOTIFICATION_KIND_LABELS[k].toLowerCase()).join('; ')}), from the bell in Homeward: Email settings.`,
  )
  return lines.join('\n')
}
