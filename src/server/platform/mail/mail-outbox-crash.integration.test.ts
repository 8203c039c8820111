/**
 * The durable outbox under a crash ('a crash never loses an email and never sends one
 * twice'): a worker process is killed (SIGKILL) between the SMTP server accepting an email and the
 * row being marked sent. The email is not lost: after its claim lapses a restarted worker sends it
 * again and marks it sent. It is not sent twice as an email: both deliveries carry the same
 * Message-ID (the outbox id), which receiving systems use to keep one copy; and once marked sent it is
 * never sent again. A real process kill needs a database shared between processes: PostgreSQL only.
 */
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '#server/logger.ts'
import { startSmtpCapture, type SmtpCapture } from '#server/test/smtp-capture.ts'
import { createTestDatabase, type TestDatabase } from '#server/test/test-database.ts'
import { createMailWorker } from './mail-worker'
import { smtpTransport } from './transport'

const onPostgres = !!process.env.TEST_DATABASE_URL

describe.skipIf(!onPostgres)('mail outbox: worker killed between send and mark (PostgreSQL)', () => {
  let testDb: TestDatabase
  let capture: SmtpCapture
  /** Message-ID header of each delivery, in order. */
  const messageIds = () => capture.received.map((m) => /^Message-ID:\s*(.+)$/im.exec(m.raw)?.[1].trim() ?? '')

  beforeAll(async () => {
    testDb = await createTestDatabase()
    capture = await startSmtpCapture()
  })
  afterAll(async () => {
    await capture?.close()
    await testDb?.drop()
  })

  it('sends the email again after the crash, with the same Message-ID, and never after it is marked sent', async () => {
    const { database } = testDb
    const [row] = await database.query<{ id: string }>(
      `insert into mail_outbox (to_address, subject, text_body, kind, status)
       values ('amelia@homeward.test', 'You were mentioned', 'Hello', 'notification.mention', 'pending') returning id`,
    )

    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/platform/mail/test-support/crash-after-send.ts'],
      {
        env: { ...process.env, DATABASE_URL: testDb.url, SMTP_URL: capture.url },
        stdio: 'ignore',
      },
    )
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)))
    expect(signal).toBe('SIGKILL')

    // The SMTP server has the email; the outbox still holds it as not sent, claimed for 5 minutes.
    expect(capture.received).toHaveLength(1)
    expect(messageIds()[0]).toMatch(new RegExp(`^<outbox\\.${row.id}@homeward\\.local>$`))
    const [afterCrash] = await database.query<{ status: string; claimed: boolean }>(
      `select status, next_attempt_at > now() + interval '4 minutes' as claimed from mail_outbox where id = $1`,
      [row.id],
    )
    expect(afterCrash).toEqual({ status: 'pending', claimed: true })

    // A restarted worker does not touch it while the claim holds...
    const transport = smtpTransport(capture.url, 'Homeward <no-reply@homeward.local>')
    const worker = createMailWorker({ database, transport, log: createLogger('silent') })
    expect(await worker.drain()).toBe(0)
    expect(capture.received).toHaveLength(1)

    // ...and sends it once the claim has lapsed (as 5 minutes later), then marks it sent.
    await database.query(`update mail_outbox set next_attempt_at = now() where id = $1`, [row.id])
    expect(await worker.drain()).toBe(1)
    const [sent] = await database.query<{ status: string; sent_at: Date | null }>(
      'select status, sent_at from mail_outbox where id = $1',
      [row.id],
    )
    expect(sent.status).toBe('sent')
    expect(sent.sent_at).not.toBeNull()
    expect(capture.received).toHaveLength(2)
    expect(new Set(messageIds()).size).toBe(1)

    // Sent is final: later drains never send it again.
    await database.query(`update mail_outbox set next_attempt_at = now() - interval '1 hour' where id = $1`, [row.id])
    expect(await worker.drain()).toBe(0)
    expect(capture.received).toHaveLength(2)
    await worker.stop()
    transport.close()
  })
})
