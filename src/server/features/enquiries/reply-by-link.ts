/**
 * What a firm not on Homeward does through an emailed reply link (docs/decisions/054), with no
 * account: the token is the only credential and opens exactly the enquiries listed with it.
 * - viewLink: the matter's address and reference and, while the link is open or all answered, its
 *   enquiries with their threads; an expired or revoked link says why and what to do.
 * - uploadViaLink: a file stored through the documents' checks (size, type by magic bytes, SHA-256),
 *   kept beside the link until it is sent with a reply; nothing is on the move before then.
 * - replyViaLink: answers one enquiry of the link, its files becoming documents of the move in
 *   Contracts for the clients and conveyancers (decision 051), the reply authored by the recorded
 *   firm ("not on Homeward"); the reply clock stops and the buyer's conveyancer is told.
 * Every use is counted against the link's limits (core/limits.ts ENQUIRY_LINK_READ / _WRITE).
 * Unknown token: 404. Another matter's enquiry, or one the link does not list: 404. A closed link: 410.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { EnquiryLinkView, LinkUpload } from '#shared/contracts/enquiries.ts'
import { sanitiseDisplayName } from '#shared/domain/document-files.ts'
import {
  canReply,
  closedLinkText,
  ENQUIRY_ATTACHMENT_AUDIENCE,
  ENQUIRY_ATTACHMENT_FOLDER,
  ENQUIRY_CATEGORIES,
  ENQUIRY_STATUSES,
} from '#shared/domain/enquiries.ts'
import { NOT_ON_HOMEWARD } from '#shared/domain/off-platform-parties.ts'
import { transactionPath } from '#shared/paths.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, oneRow, rows } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { ENQUIRY_LINK_READ, ENQUIRY_LINK_WRITE, enforceLimit } from '#server/core/limits.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { alertClocksOfTransaction } from '#server/core/clocks/check-clocks.ts'
import { stopEnquiryClock } from '#server/core/clocks/clock-sync.ts'
import { nextDocumentVersion } from '#server/core/documents/next-version.ts'
import { storeInspected, tooLarge } from '#server/core/documents/upload-document.ts'
import { UploadInspector, UploadTooLargeError } from '#server/core/documents/upload-inspector.ts'
import { documentAudienceForRole } from '#server/access/transactions.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { matterAddress, matterReference, resolveLink, type ResolvedLink } from './email-link'
import { partyLabel } from './enquiry-seat'
import { saveEnquiry } from './enquiry-context'
import { syncEnquiryTasks } from './enquiry-tasks'
import { linkThreadFiles } from './thread-attachments'

const UNKNOWN_LINK = 'This link is not valid. Open the link from the latest email about these enquiries.'

async function openLink(tx: Tx, token: string, opts: { lock?: boolean } = {}): Promise<ResolvedLink> {
  const link = await resolveLink(tx, token, opts)
  if (!link) throw new AppError('not_found', UNKNOWN_LINK)
  return link
}

function requireOpen(link: ResolvedLink): void {
  if (link.state !== 'open') throw new AppError('gone', closedLinkText(link.state, link.revoked_reason))
}

/** The recorded firm's name as the thread shows it: "Jane Smith, Smith & Co". */
function linkAuthor(link: ResolvedLink): string {
  return partyLabel({ firm_name: link.firm_name ?? 'The seller’s conveyancer', person_name: link.person_name })
}

const ThreadRow = z.object({
  id: z.string(),
  number: z.number(),
  category: z.enum(ENQUIRY_CATEGORIES),
  status: z.enum(ENQUIRY_STATUSES),
  body: z.string(),
  thread: z.array(
    z.object({
      kind: z.enum(['reply', 'further_enquiry']),
      body: z.string(),
      author: z.string(),
      created_at: z.string(),
      files: z.array(z.object({ filename: z.string() })),
    }),
  ),
})

/** GET /api/enquiry-links/{token}. */
export async function viewLink(opts: { database: Database; token: string }): Promise<EnquiryLinkView> {
  return opts.database.db.transaction(async (tx) => {
    const link = await openLink(tx, opts.token)
    await enforceLimit(tx, ENQUIRY_LINK_READ, link.id)
    if (link.state === 'open')
      await tx.execute(sql`update enquiry_reply_links set last_used_at = now() where id = ${link.id}`)
    const raisedBy = firstRow(
      z.object({ name: z.string(), firm: z.string().nullable(), email: z.string().nullable() }),
      await tx.execute(sql`select p.full_name as name, p.email,
          (select o.name from matters m join organizations o on o.id = m.organization_id
            where m.transaction_id = ${link.transaction_id} and m.side = 'buyer' limit 1) as firm
        from profiles p where p.id = ${link.sent_by}`),
    )
    let enquiries: EnquiryLinkView['enquiries'] = []
    // An answered link still shows what was answered (read-only); an expired or revoked one shows nothing.
    if (link.state === 'open' || link.state === 'answered') {
      // The firm holds the seller's conveyancer's seat: it reads the files of the thread that seat may read.
      const res = await tx.execute(sql`
        select e.id, e.number, e.category, e.status, e.body,
          coalesce((select json_agg(json_build_object('kind', r.kind, 'body', r.body, 'created_at', r.created_at,
              'author', coalesce(r.author_label || ' (' || ${NOT_ON_HOMEWARD} || ')', a.full_name, 'Homeward user'),
              'files', coalesce((select json_agg(json_build_object('filename', d.filename) order by d.filename)
                from enquiry_reply_documents rd join documents d on d.id = rd.document_id
                where rd.reply_id = r.id and ${documentAudienceForRole('d', 'seller_conveyancer')}), '[]'::json))
            order by r.created_at) from enquiry_replies r left join profiles a on a.id = r.author_id
            where r.enquiry_id = e.id and r.state = 'sent'), '[]'::json) as thread
        from enquiry_reply_link_enquiries le join enquiries e on e.id = le.enquiry_id
        where le.link_id = ${link.id} and e.transaction_id = ${link.transaction_id}
        order by e.number`)
      enquiries = rows(ThreadRow, res).map((e) => ({
        ...e,
        awaiting_reply: canReply(e.status),
        thread: e.thread.map((m) => ({ ...m, created_at: new Date(m.created_at).toISOString() })),
      }))
    }
    return {
      state: link.state,
      revoked_reason: link.state === 'revoked' ? link.revoked_reason : null,
      address: await matterAddress(tx, link.transaction_id),
      reference: matterReference(link.transaction_id),
      firm_name: link.firm_name ?? 'The seller’s conveyancer',
      raised_by: raisedBy ?? null,
      expires_at: new Date(link.expires_at).toISOString(),
      enquiries,
    }
  })
}

/** POST /api/enquiry-links/{token}/uploads?filename=: the raw file as the body. */
export async function uploadViaLink(opts: {
  database: Database
  storage: ObjectStorage
  token: string
  filename: string
  body: ReadableStream<Uint8Array> | null
  contentLength: number | null
  maxBytes: number
}): Promise<LinkUpload> {
  const { database, storage } = opts
  const link = await database.db.transaction(async (tx) => {
    const found = await openLink(tx, opts.token)
    requireOpen(found)
    await enforceLimit(tx, ENQUIRY_LINK_WRITE, found.id)
    return found
  })
  if (opts.contentLength !== null && opts.contentLength > opts.maxBytes) throw tooLarge(opts.maxBytes)
  if (opts.contentLength === 0 || !opts.body) throw new AppError('unprocessable', 'The file is empty (0 bytes).')
  // Not under documents/: the orphan sweep (features/documents/sweep-orphans.ts) removes objects there
  // without a documents row, and this one has none until its reply is sent.
  const storageKey = `enquiry-link-uploads/${link.transaction_id}/${randomUUID()}`
  let stored = false
  try {
    const inspected = await storeInspected(storage, storageKey, opts.body, new UploadInspector(opts.maxBytes))
    stored = true
    const filename = sanitiseDisplayName(opts.filename, inspected.contentType)
    const row = oneRow(
      z.object({ id: z.string() }),
      await database.db.execute(sql`insert into enquiry_reply_link_uploads
          (link_id, filename, content_type, size_bytes, sha256, storage_key)
        values (${link.id}, ${filename}, ${inspected.contentType}, ${inspected.sizeBytes}, ${inspected.sha256}, ${storageKey})
        returning id`),
    )
    return { id: row.id, filename, size_bytes: inspected.sizeBytes, content_type: inspected.contentType }
  } catch (err) {
    if (stored) await storage.delete(storageKey).catch(() => {})
    if (err instanceof UploadTooLargeError) throw tooLarge(err.maxBytes)
    throw err
  }
}

const UploadRow = z.object({
  id: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size_bytes: z.union([z.number(), z.string()]).transform(Number),
  sha256: z.string(),
  storage_key: z.string(),
})

/** POST /api/enquiry-links/{token}/enquiries/{enquiryId}/replies. */
export async function replyViaLink(
  opts: NotificationDelivery & {
    database: Database
    token: string
    enquiryId: string
    body: string
    uploadIds: string[]
  },
): Promise<{ ok: true }> {
  return opts.database.db.transaction(async (tx) => {
    const link = await openLink(tx, opts.token, { lock: true })
    requireOpen(link)
    await enforceLimit(tx, ENQUIRY_LINK_WRITE, link.id)
    const txId = link.transaction_id
    // Orders this write with every other write of the matter (they lock the transaction row first).
    await tx.execute(sql`select id from transactions where id = ${txId} for update`)
    const enquiry = firstRow(
      z.object({ id: z.string(), number: z.number(), status: z.enum(ENQUIRY_STATUSES) }),
      await tx.execute(sql`select e.id, e.number, e.status from enquiry_reply_link_enquiries le
        join enquiries e on e.id = le.enquiry_id
        where le.link_id = ${link.id} and e.id = ${opts.enquiryId} and e.transaction_id = ${txId} for update of e`),
    )
    if (!enquiry)
      throw new AppError('not_found', 'This link does not open that enquiry. Open the link from the latest email.')
    if (!canReply(enquiry.status))
      throw new AppError(
        'conflict',
        `Enquiry ${enquiry.number} is already answered, or closed by the buyer's conveyancer: it needs no reply now.`,
      )
    const uploads = opts.uploadIds.length
      ? rows(
          UploadRow,
          await tx.execute(sql`select id, filename, content_type, size_bytes, sha256, storage_key
            from enquiry_reply_link_uploads where link_id = ${link.id} and used_at is null and id in (${sql.join(
              opts.uploadIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) for update`),
        )
      : []
    if (uploads.length !== opts.uploadIds.length)
      throw new AppError(
        'unprocessable',
        'A file was not uploaded through this link, or was already sent. Upload it again.',
        {
          upload_ids: ['Upload the files through this page'],
        },
      )

    const author = linkAuthor(link)
    const reply = oneRow(
      z.object({ id: z.string() }),
      await tx.execute(sql`insert into enquiry_replies (enquiry_id, kind, author_id, body, author_party_id, author_label)
        values (${enquiry.id}, 'reply', null, ${opts.body}, ${link.party_id}, ${author}) returning id`),
    )
    for (const u of uploads) {
      const version = await nextDocumentVersion(tx, { txId, folder: ENQUIRY_ATTACHMENT_FOLDER, filename: u.filename })
      const doc = oneRow(
        z.object({ id: z.string() }),
        await tx.execute(sql`insert into documents (transaction_id, filename, folder, version, uploaded_by, content_type,
            size_bytes, storage_key, sha256, audience)
          values (${txId}, ${u.filename}, ${ENQUIRY_ATTACHMENT_FOLDER}, ${version}, null, ${u.content_type}, ${u.size_bytes},
            ${u.storage_key}, ${u.sha256}, ${ENQUIRY_ATTACHMENT_AUDIENCE}) returning id`),
      )
      await tx.execute(sql`update enquiry_reply_link_uploads set used_at = now() where id = ${u.id}`)
      await linkThreadFiles(tx, reply.id, [doc.id])
      await recordActivity(tx, {
        transactionId: txId,
        actorId: null,
        kind: 'document.uploaded',
        // Named like every upload for a narrower audience than everyone (decision 051): no name, no folder.
        summary: `${author} (${NOT_ON_HOMEWARD}) uploaded a document for a narrower audience with a reply to enquiry ${enquiry.number}`,
        payload: { documentId: doc.id, version },
      })
    }
    await saveEnquiry(tx, enquiry.id, { status: 'answered' })
    await stopEnquiryClock(tx, enquiry.id, 'replied')
    await recordActivity(tx, {
      transactionId: txId,
      actorId: null,
      kind: 'enquiry.answered',
      summary: `${author} (${NOT_ON_HOMEWARD}) answered enquiry ${enquiry.number} through the emailed link`,
      payload: { enquiryId: enquiry.id, number: enquiry.number, linkId: link.id },
    })
    await tx.execute(sql`update enquiry_reply_links set last_used_at = now() where id = ${link.id}`)
    const delivery = { publicUrl: opts.publicUrl, deliverMail: opts.deliverMail }
    if (link.sent_by) await syncEnquiryTasks(tx, txId, link.sent_by, delivery)
    const buyerConveyancers = await tx.execute(sql`select user_id from transaction_participants
      where transaction_id = ${txId} and role = 'buyer_conveyancer'`)
    await notifyPeople(tx, {
      recipients: rows(z.object({ user_id: z.string() }), buyerConveyancers).map((r) => r.user_id),
      kind: 'enquiry_update',
      transactionId: txId,
      actorId: null,
      title: `Enquiry ${enquiry.number} is answered by ${author} (${NOT_ON_HOMEWARD})`,
      body: opts.body.slice(0, 200),
      link: transactionPath(txId, { view: 'enquiries' }),
      ...delivery,
    })
    await alertClocksOfTransaction(tx, txId, delivery)
    return { ok: true as const }
  })
}
