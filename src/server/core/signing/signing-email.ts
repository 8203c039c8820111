/** Emails and notifications of the signing workflow, written inside the caller's database transaction. */
import { transactionPath } from '#shared/paths.ts'
import type { Tx } from '#server/db/client.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { notifyPeople } from '../notify/notify-people.ts'

/** Queues one email about a signature request. `kind` is e.g. 'signature.completed'. */
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

/**
 * Tells a signer that a document waits for their signature ('a document to sign'): a
 * notification in the app and, unless they switched it off or chose the digest, the signing email
 * (kind 'signature.request'). Nobody is told about a request they made themselves.
 */
export async function notifySigner(
  tx: Tx,
  opts: {
    signer: { id: string; email: string }
    actorId: string
    subject: string
    lines: string[]
    txId: string
    publicUrl: string
    deliver: boolean
  },
): Promise<void> {
  const path = transactionPath(opts.txId, { tab: 'documents' })
  await notifyPeople(tx, {
    recipients: [opts.signer.id],
    kind: 'signature_requested',
    transactionId: opts.txId,
    actorId: opts.actorId,
    title: opts.subject,
    body: opts.lines.join(' '),
    link: path,
    publicUrl: opts.publicUrl,
    deliverMail: opts.deliver,
    customEmail: () => ({
      to: opts.signer.email,
      subject: opts.subject,
      text: [...opts.lines, '', `Open the move's documents: ${opts.publicUrl}${path}`].join('\n'),
      kind: 'signature.request',
      transactionId: opts.txId,
    }),
  })
}
