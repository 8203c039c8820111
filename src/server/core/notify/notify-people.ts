/**
 * Tells people about something on a move ('Notifications'): one in-app notification each,
 * announced live to their notification stream, and an email through the durable outbox unless they
 * switched that kind off or chose the daily digest. Everything is written inside the caller's database
 * transaction, so a notification and its email exist exactly when the change that causes them commits.
 */
import { ACCOUNT_LANGUAGES, emailGreeting, type AccountLanguage } from '#shared/domain/account-language.ts'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ActivityAudience } from '#shared/domain/activity-audiences.ts'
import type { NotificationKind } from '#shared/domain/chat.ts'
import { profileReadsAudience } from '#server/access/activity.ts'
import type { Tx } from '#server/db/client.ts'
import { rows } from '#server/db/rows.ts'
import { notifications } from '#server/db/schema/index.ts'
import { enqueueMail, type OutgoingMail } from '#server/platform/mail/outbox.ts'
import { announce } from '#server/platform/realtime/announce.ts'
import { userTopic } from '#server/platform/realtime/realtime-hub.ts'

/** How notification emails go out: PUBLIC_URL for their links, and whether mail leaves (SMTP) or stays local. */
export interface NotificationDelivery {
  publicUrl: string
  deliverMail: boolean
}

export interface NotifyOptions extends NotificationDelivery {
  /** Profile ids to tell; the actor, duplicates and deleted accounts (docs/decisions/011-data-rights.md) are skipped. */
  recipients: string[]
  kind: NotificationKind
  transactionId: string | null
  actorId: string | null
  /** One line, e.g. 'Sam Buyer mentioned you in General'. */
  title: string
  /** A short excerpt or detail (at most 300 characters are kept). */
  body?: string | null
  /** Same-origin path to open, e.g. '/app/transactions/{id}?tab=chat'. */
  link: string
  /**
   * The email to send instead of the generic one, for kinds with a template of their own (an
   * invitation with its link, a signing request). Still sent only when the person wants instant email.
   */
  customEmail?: (person: { email: string; fullName: string }) => OutgoingMail
  /**
   * The audience of the audit entry this tells people about (decision 052): a recipient whose role
   * on the move is outside it is not told, in the app or by email. Needs `transactionId`.
   */
  audience?: ActivityAudience
}

const Recipient = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  language: z.enum(ACCOUNT_LANGUAGES),
  wants_email: z.boolean(),
  digest: z.boolean(),
})

/** Writes the notifications, their live announcements and any instant emails; returns the notification ids. */
export async function notifyPeople(tx: Tx, options: NotifyOptions): Promise<string[]> {
  const recipients = [...new Set(options.recipients)].filter((id) => id !== options.actorId)
  if (recipients.length === 0) return []
  const res = await tx.execute(sql`
    select p.id, p.email, p.full_name, p.language,
      coalesce((s.email ->> ${options.kind})::boolean, true) as wants_email,
      coalesce(s.digest, false) as digest
    from profiles p left join notification_settings s on s.profile_id = p.id
    where p.deleted_at is null and p.id in (${sql.join(
      recipients.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) ${options.audience && options.transactionId ? sql`and ${profileReadsAudience(options.transactionId, options.audience, 'p.id')}` : sql``}`)
  const people = rows(Recipient, res)
  const body = options.body ? options.body.slice(0, 300) : null
  const ids: string[] = []
  for (const person of people) {
    const instantEmail = person.wants_email && !person.digest
    const [row] = await tx
      .insert(notifications)
      .values({
        profileId: person.id,
        transactionId: options.transactionId,
        kind: options.kind,
        title: options.title,
        body,
        link: options.link,
        actorId: options.actorId,
        emailedAt: instantEmail ? sql`now()` : null,
      })
      .returning({ id: notifications.id, created_at: notifications.createdAt })
    ids.push(row.id)
    await announce(tx, {
      topic: userTopic(person.id),
      data: {
        id: row.id,
        kind: options.kind,
        title: options.title,
        body,
        link: options.link,
        transaction_id: options.transactionId,
        created_at: new Date(row.created_at).toISOString(),
      },
    })
    if (instantEmail) {
      const mail = options.customEmail?.({ email: person.email, fullName: person.full_name }) ?? {
        to: person.email,
        subject: options.title,
        text: notificationEmailText(
          person.full_name,
          options.title,
          body,
          options.publicUrl + options.link,
          person.language,
        ),
        kind: `notification.${options.kind}`,
        transactionId: options.transactionId ?? undefined,
      }
      await enqueueMail(tx, mail, { deliver: options.deliverMail })
    }
  }
  return ids
}

/**
 * Plain-text body of a notification email, with the link and where to change email settings; the
 * greeting in the person's language ('Annwyl …,' for Cymraeg: shared/domain/account-language.ts).
 */
export function notificationEmailText(
  name: string,
  title: string,
  body: string | null,
  url: string,
  language: AccountLanguage = 'en',
): string {
  return [
    emailGreeting(name, language),
    '',
    title + '.',
    ...(body ? ['', body] : []),
    '',
    `Open it in Homeward: ${url}`,
    '',
    'You can choose which emails you get, or one daily digest instead, from the bell in Homeward (Email settings).',
  ].join('\n')
}
