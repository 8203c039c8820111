/**
 * The support conversation: Help's 'Live Chat' for signed-in people. Each person
 * has one thread with Homeward's support team. What they write is stored and emailed, in the same
 * database transaction, to the support address through the outbox (so it reaches the team's inbox
 * or helpdesk whatever its hours); the team's replies come back through `addSupportReply`, called by
 * the inbound-mail webhook, and show in the thread. Hours: Monday to Friday 9am-5pm (spec: What the product does).
 */
import { sql } from 'drizzle-orm'
import { SUPPORT_MESSAGES_PER_HOUR, type SupportMessage, type SupportThread } from '#shared/contracts/support.ts'
import { PAGE_PATHS } from '#shared/paths.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { supportMessages } from '#server/db/schema/index.ts'
import { AppError } from '#server/core/errors.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'

interface Row {
  id: string
  author: 'member' | 'support'
  body: string
  created_at: Date | string
}

/** The columns a stored message is answered with, as a Row. */
const returnedRow = {
  id: supportMessages.id,
  author: sql<Row['author']>`${supportMessages.author}`,
  body: supportMessages.body,
  created_at: supportMessages.createdAt,
}

const toMessage = (r: Row): SupportMessage => ({
  id: r.id,
  author: r.author,
  body: r.body,
  created_at: new Date(r.created_at).toISOString(),
})

/** The viewer's support thread, oldest first (at most the newest 200 messages). */
export async function getSupportThread({
  database,
  viewer,
  supportEmail,
}: {
  database: Database
  viewer: Viewer
  supportEmail: string
}): Promise<SupportThread> {
  const rows = await database.query<Row>(
    `select * from (select id, author, body, created_at from support_messages where profile_id = $1
       order by created_at desc, id desc limit 200) m order by created_at, id`,
    [viewer.profileId],
  )
  return { support_email: supportEmail, messages: rows.map(toMessage) }
}

/**
 * Stores the viewer's message and queues its email to `supportEmail` (subject names the person; the
 * body gives their account email to answer). At most SUPPORT_MESSAGES_PER_HOUR per hour: beyond it
 * AppError rate_limited with `retryAfterSeconds`. Returns the stored message.
 */
export async function postSupportMessage({
  database,
  viewer,
  body,
  supportEmail,
  publicUrl,
  deliverMail,
}: {
  database: Database
  viewer: Viewer
  body: string
  supportEmail: string
  publicUrl: string
  deliverMail: boolean
}): Promise<SupportMessage> {
  return database.db.transaction(async (tx) => {
    // One writer per person at a time, so that the hourly count cannot be raced past.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`support-${viewer.profileId}`}))`)
    const recent = await tx.execute(sql`select count(*)::int as n, min(created_at) as oldest from support_messages
      where profile_id = ${viewer.profileId} and author = 'member' and created_at > now() - interval '1 hour'`)
    const { n, oldest } = recent.rows[0] as { n: number; oldest: Date | string | null }
    if (n >= SUPPORT_MESSAGES_PER_HOUR) {
      const retry = oldest
        ? Math.max(60, Math.ceil((new Date(oldest).getTime() + 3_600_000 - Date.now()) / 1000))
        : 3600
      throw new SupportRateLimited(retry)
    }
    const [row] = await tx
      .insert(supportMessages)
      .values({ profileId: viewer.profileId, author: 'member', body })
      .returning(returnedRow)
    await enqueueMail(
      tx,
      {
        to: supportEmail,
        subject: `Support chat: ${oneLine(viewer.fullName) || viewer.email}`,
        text: [
          `${oneLine(viewer.fullName) || 'A Homeward member'} <${viewer.email}> wrote in the support chat:`,
          '',
          body,
          '',
          `Reply to ${viewer.email}; replies through the support inbox also appear in their chat at ${publicUrl}${PAGE_PATHS.support}.`,
        ].join('\n'),
        kind: 'support.message',
      },
      { deliver: deliverMail },
    )
    return toMessage(row)
  })
}

/**
 * Adds a reply from the support team to the thread of the account whose email is `to`. Throws
 * AppError not_found when no account has that email. Returns the stored message.
 */
export async function addSupportReply({
  database,
  to,
  body,
}: {
  database: Database
  to: string
  body: string
}): Promise<SupportMessage> {
  const [profile] = await database.query<{ id: string }>(
    `select id from profiles where lower(email) = lower($1) and deleted_at is null`,
    [to],
  )
  if (!profile) throw new AppError('not_found', 'No Homeward account has that email address.')
  const [row] = await database.db
    .insert(supportMessages)
    .values({ profileId: profile.id, author: 'support', body })
    .returning(returnedRow)
  return toMessage(row)
}

/** Too many support messages in the last hour; `retryAfterSeconds` until the next is accepted. */
export class SupportRateLimited extends AppError {
  constructor(public readonly retryAfterSeconds: number) {
    super(
      'rate_limited',
      `You have sent ${SUPPORT_MESSAGES_PER_HOUR} messages in the last hour. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes, or email us.`,
    )
  }
}

/** A name on one line: line breaks and other control characters removed (they would split the subject). */
function oneLine(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
}
