/**
 * What features need to send mail: whether mail leaves (SMTP configured) and a nudge to the worker
 * after a commit so that mail goes out at once rather than at the next poll.
 */
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import type { Logger } from '#server/logger.ts'
import { createMailWorker, type MailWorker } from './mail-worker'
import { smtpTransport } from './transport'

export interface MailService {
  /** True when SMTP_URL is set; false keeps mail in the local outbox. */
  deliver: boolean
  /** Asks the worker to send what is due now (no-op without SMTP). */
  kick(): void
  worker?: MailWorker
  close(): Promise<void>
}

export function createMailService({
  config,
  database,
  log,
}: {
  config: Config
  database: Database
  log: Logger
}): MailService {
  if (!config.SMTP_URL) {
    const printer = localOutboxPrinter({ database, log, showContent: config.DEV_MAIL === true })
    return { deliver: false, kick: printer.kick, close: printer.idle }
  }
  const transport = smtpTransport(config.SMTP_URL, config.MAIL_FROM)
  const worker = createMailWorker({ database, transport, log })
  return {
    deliver: true,
    worker,
    kick() {
      worker
        .drain()
        .catch((err) => log.warn('mail worker could not drain the outbox', err instanceof Error ? err.message : err))
    },
    async close() {
      await worker.stop()
      transport.close()
    },
  }
}

/**
 * Without SMTP, mail stays in the local outbox and is printed to the log ("kept in a local
 * outbox, printed to the log, and readable at /dev/mail"). Each kick, after a commit, prints the local
 * rows of the last 10 minutes (newest 100) not printed yet, oldest first; ids are remembered only
 * for that window. The subject and text (links, codes) only in local development (DEV_MAIL=true);
 * otherwise one line without them, so that no secret reaches a production log.
 */
function localOutboxPrinter({ database, log, showContent }: { database: Database; log: Logger; showContent: boolean }) {
  const printed = new Set<string>()
  let running: Promise<void> = Promise.resolve()
  async function print() {
    const rows = await database.query<{
      id: string
      to_address: string
      subject: string
      text_body: string
      kind: string
    }>(
      `select id, to_address, subject, text_body, kind from mail_outbox
       where status = 'local' and created_at > now() - interval '10 minutes' order by created_at desc, id desc limit 100`,
    )
    rows.reverse()
    const recent = new Set(rows.map((r) => r.id))
    for (const id of printed) if (!recent.has(id)) printed.delete(id)
    for (const row of rows) {
      if (printed.has(row.id)) continue
      printed.add(row.id)
      if (showContent) {
        log.info(
          `mail kept in the local outbox (no SMTP_URL; also at /dev/mail)\nTo: ${row.to_address}\nSubject: ${row.subject}\n\n${row.text_body}\n`,
        )
      } else {
        log.warn(`a ${row.kind} email to ${row.to_address} was not sent: set SMTP_URL to deliver mail`)
      }
    }
  }
  return {
    kick() {
      // One print at a time, so that two kicks never print the same row twice.
      running = running
        .then(print)
        .catch((err) => log.warn('could not print the local outbox', err instanceof Error ? err.message : err))
    },
    /** Resolves when no print is under way (before the database closes). */
    idle: () => running,
  }
}
