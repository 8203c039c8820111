/**
 * Drains the mail outbox: claims due rows, sends each through the transport, marks it sent. A crash
 * between sending and marking leaves the row claimed for 5 minutes, then it is sent again with the same
 * Message-ID (the outbox id), so the receiving side keeps one email: at-least-once delivery made
 * idempotent at the receiver, the one guarantee SMTP allows (docs/decisions/008). A failed
 * send is retried with backoff (1 min doubling, up to 8 attempts, then 'failed'). Claims use
 * FOR UPDATE SKIP LOCKED so that several server processes can drain one PostgreSQL outbox. The drain
 * loop (one at a time, stop) is the one every outbox shares (platform/jobs/outbox.ts); the schedule is
 * the job list's (src/server/jobs.ts).
 */
import { eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { mailOutbox, type MailAttachment } from '#server/db/schema/index.ts'
import type { Logger } from '#server/logger.ts'
import { createOutboxDrain, outboxDepth, type OutboxDrain } from '#server/platform/jobs/outbox.ts'
import type { OutboxDepth } from '#server/platform/jobs/job-runner.ts'
import type { MailTransport } from './transport'

const MAX_ATTEMPTS = 8
const BATCH = 20

interface DueMail {
  id: string
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  attachments: MailAttachment[] | null
  attempts: number
}

/** drain() sends what is due now and resolves with the number sent; stop() stops claiming. */
export type MailWorker = OutboxDrain

/** The mail outbox's backlog: pending rows and the age of the oldest. */
export const mailOutboxDepth = (database: Database): Promise<OutboxDepth> => outboxDepth(database, 'mail')

export function createMailWorker({
  database,
  transport,
  log,
}: {
  database: Database
  transport: MailTransport
  log: Logger
}): MailWorker {
  async function sendOne(row: DueMail): Promise<boolean> {
    try {
      await transport.send({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        attachments: row.attachments ?? undefined,
      })
      await database.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(eq(mailOutbox.id, row.id))
      return true
    } catch (err) {
      const attempts = row.attempts + 1
      const message = err instanceof Error ? err.message : String(err)
      log.warn(`mail to ${row.to_address} failed (attempt ${attempts})`, message)
      await database.query(
        `update mail_outbox set attempts = $2, last_error = $3,
           status = case when $2 >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end,
           next_attempt_at = now() + (interval '1 minute' * power(2, $2 - 1))
         where id = $1`,
        [row.id, attempts, message.slice(0, 1000)],
      )
      return false
    }
  }

  async function drainOnce(): Promise<number> {
    // Claim: push next_attempt_at forward so that another process does not pick the same rows while we send.
    const rows = await database.query<DueMail>(
      `update mail_outbox set next_attempt_at = now() + interval '5 minutes'
       where id in (select id from mail_outbox where status = 'pending' and next_attempt_at <= now()
                    order by created_at limit ${BATCH} for update skip locked)
       returning id, to_address, subject, text_body, html_body, attachments, attempts`,
    )
    let sent = 0
    for (const row of rows) if (await sendOne(row)) sent++
    return sent
  }

  return createOutboxDrain(drainOnce)
}
