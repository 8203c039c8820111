/** Emails of the signing workflow, written to the outbox inside the caller's database transaction. */
import type { Tx } from '../../db/client'
import { enqueueMail } from '../../platform/mail/outbox'

/** Queues one email about a signature request. `kind` is e.g. 'signature.request'. */
export async function queueSigningEmail(
  tx: Tx,
  opts: { to: string; subject: string; lines: string[]; link: string; txId: string; kind: string; deliver: boolean },
): Promise<void> {
  await enqueueMail(
    tx,
    {
      to: opts.to,
      subject: opts.subject,
      text: [...opts.lines, '', `Open the move's documents: ${opts.link}`].join('\n'),
      kind: opts.kind,
      transactionId: opts.txId,
    },
    { deliver: opts.deliver },
  )
}
