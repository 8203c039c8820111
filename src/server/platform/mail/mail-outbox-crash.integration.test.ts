/**
 * The durable outbox under a crash (issue 6, 'a crash never loses an email and never sends one
 * twice'): a worker process is killed (SIGKILL) between the SMTP server accepting an email and the
 * row being marked sent. The email is not lost: after its claim lapses a restarted worker sends it
 * again and marks it sent. It is not sent twice as an email: both deliveries carry the same
 * Message-ID (the outbox id), which receiving systems use to keep one copy; and once marked sent it is
 * never sent again. A real process kill needs a database shared between processes: PostgreSQL only.
 */
import { spawn } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../logger'
import { createTestDatabase, type TestDatabase } from '../../test/test-database'
import { createMailWorker } from './mail-worker'
import { smtpTransport } from './transport'

const onPostgres = !!process.env.TEST_DATABASE_URL

describe.skipIf(!onPostgres)('mail outbox: worker killed between send and mark (PostgreSQL)', () => {
  let testDb: TestDatabase
  let server: SMTPServer
  let smtpUrl: string
  const received: { to: string[]; messageId: string }[] = []

  beforeAll(async () => {
    testDb = await createTestDatabase()
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1].trim() ?? '',
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()))
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
        env: { ...process.env, DATABASE_URL: testDb.url, SMTP_URL: smtpUrl },
        stdio: 'ignore',
      },
    )
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)))
    expect(signal).toBe('SIGKILL')

    // The SMTP server has the email; the outbox still holds it as not sent, claimed for 5 minutes.
    expect(received).toHaveLength(1)
    expect(received[0].messageId).toMatch(new RegExp(`^<outbox\\.${row.id}@homeward\\.local>$`))
    const [afterCrash] = await database.query<{ status: string; claimed: boolean }>(
      `select status, next_attempt_at > now() + interval '4 minutes' as claimed from mail_outbox where id = $1`,
      [row.id],
    )
    expect(afterCrash).toEqual({ status: 'pending', claimed: true })

    // A restarted worker does not touch it while the claim holds...
    const transport = smtpTransport(smtpUrl, 'Homeward <no-reply@homeward.local>')
    const worker = createMailWorker({ database, transport, log: createLogger('silent') })
    expect(await worker.drain()).toBe(0)
    expect(received).toHaveLength(1)

    // ...and sends it once the claim has lapsed (as 5 minutes later), then marks it sent.
    await database.query(`update mail_outbox set next_attempt_at = now() where id = $1`, [row.id])
    expect(await worker.drain()).toBe(1)
    const [sent] = await database.query<{ status: string; sent_at: Date | null }>(
      'select status, sent_at from mail_outbox where id = $1',
      [row.id],
    )
    expect(sent.status).toBe('sent')
    expect(sent.sent_at).not.toBeNull()
    expect(received).toHaveLength(2)
    expect(new Set(received.map((r) => r.messageId)).size).toBe(1)

    // Sent is final: later drains never send it again.
    await database.query(`update mail_outbox set next_attempt_at = now() - interval '1 hour' where id = $1`, [row.id])
    expect(await worker.drain()).toBe(0)
    expect(received).toHaveLength(2)
    await worker.stop()
    transport.close()
  })
})
