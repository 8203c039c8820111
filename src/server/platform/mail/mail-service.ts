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
  unsentSummaryMs,
}: {
  config: Config
  database: Database
  log: Logger
  /** Without SMTP and DEV_MAIL: how often at most the count of unsent emails is logged (default 10 minutes). */
  unsentSummaryMs?: number
}): MailService {
  if (!config.SMTP_URL) {
    const printer = localOutboxPrinter({ database, log, showContent: config.DEV_MAIL === true, unsentSummaryMs })
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

/** How often at most the unsent emails' count is logged without SMTP: 10 minutes. */
const UNSENT_SUMMARY_MS = 10 * 60_000

/**
 * Without SMTP, mail stays in the local outbox and is printed to the log ("kept in a local
 * outbox, printed to the log, and readable at /dev/mail"). Each kick, after a commit, prints the local
 * rows of the last 10 minutes (newest 100) not printed yet, oldest first; ids are remembered only
 * for that window. The subject and text (links, codes) only in local development (DEV_MAIL=true).
 * Otherwise no secret may reach the log and nobody reads the mail there: the first unsent email gets
 * one warning (its kind and address, and what to set), each later one a debug line, and their count
 * a warning at most every `unsentSummaryMs` (a first start's demo data queues dozens).
 */
function localOutboxPrinter({
  database,
  log,
  showContent,
  unsentSummaryMs = UNSENT_SUMMARY_MS,
}: {
  database: Database
  log: Logger
  showContent: boolean
  unsentSummaryMs?: number
}) {
  const printed = new Set<string>()
  let running: Promise<void> = Promise.resolve()
  let warned = false
  let unsentSinceSummary = 0
  let summaryTimer: NodeJS.Timeout | undefined
  function summarise() {
    summaryTimer = undefined
    if (!unsentSinceSummary) return
    log.warn(
      `${unsentSinceSummary} more email${unsentSinceSummary === 1 ? ' was' : 's were'} not sent: set SMTP_URL to deliver mail (LOG_LEVEL=debug lists each)`,
    )
    unsentSinceSummary = 0
  }
  function unsent(kind: string, to: string) {
    if (!warned) {
      warned = true
      log.warn(
        `a ${kind} email to ${to} was not sent: set SMTP_URL to deliver mail (further unsent emails are counted, one line at most every ${Math.round(unsentSummaryMs / 60_000) || 1} minutes)`,
      )
      return
    }
    log.debug(`a ${kind} email to ${to} was not sent (no SMTP_URL)`)
    unsentSinceSummary++
    summaryTimer ??= setTimeout(summarise, unsentSummaryMs).unref()
  }
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
        unsent(row.kind, row.to_address)
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
    /** Resolves when no print is under way (before the database closes); no summary comes after it. */
    idle: async () => {
      await running
      if (summaryTimer) clearTimeout(summaryTimer)
      summaryTimer = undefined
    },
  }
}
