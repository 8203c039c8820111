/**
 * Test fixture (mail-outbox-crash.integration.test.ts): a mail worker process that dies by SIGKILL
 * right after the SMTP server accepted an email and before the outbox row is marked sent, the worst
 * moment for a crash. Reads DATABASE_URL and SMTP_URL from the environment.
 */
import { openPostgres } from '#server/db/client.ts'
import { createLogger } from '#server/logger.ts'
import { createMailWorker } from '../mail-worker'
import { smtpTransport, type MailTransport } from '../transport'

const database = openPostgres(process.env.DATABASE_URL!, { max: 1 })
const smtp = smtpTransport(process.env.SMTP_URL!, 'Homeward <no-reply@homeward.local>')
const dying: MailTransport = {
  kind: 'smtp',
  async send(message) {
    await smtp.send(message)
    process.kill(process.pid, 'SIGKILL')
    await new Promise(() => {})
  },
  close: () => smtp.close(),
}
await createMailWorker({ database, transport: dying, log: createLogger('silent') }).drain()
