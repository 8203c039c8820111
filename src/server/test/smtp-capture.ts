/**
 * A real SMTP server for tests (the `smtp-server` package) on a free port of 127.0.0.1 that keeps
 * every message it accepts: envelope sender and recipients, and the raw message with its headers.
 */
import { SMTPServer } from 'smtp-server'

export interface CapturedMail {
  from: string
  to: string[]
  /** The message as received: headers, blank line, body. */
  raw: string
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>, for SMTP_URL or smtpTransport. */
  url: string
  /** Every accepted message, in order of arrival. */
  received: CapturedMail[]
  close(): Promise<void>
}

/** Starts the server; call `close()` in afterAll. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: CapturedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('the test SMTP server is not listening on a TCP port')
  const { port } = address
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
