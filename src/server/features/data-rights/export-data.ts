/**
 * 'Download my data' (UK GDPR arts. 15 and 20): a ZIP holding JSON of everything
 * Homeward keeps about the viewer, plus every version of every file they uploaded, streamed from
 * storage (disk or S3) into the response one file at a time, so memory stays flat whatever the size.
 * Secrets never leave: no password hashes, session tokens, TOTP secrets or backup codes.
 */
import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'
import { visibleTransactionIdsSql } from '#server/access/transactions.ts'
import { activityReadableSql, viewerRoleOnTransactionSql } from '#server/access/activity.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { collectOtherRecords } from './person-records'
import type { DataRightsPorts } from './ports'

/** One uploaded file version as listed in documents.json, with where it sits inside the ZIP. */
export interface ExportedDocument {
  id: string
  transaction_id: string
  folder: string
  filename: string
  version: number
  content_type: string | null
  size_bytes: number | null
  sha256: string | null
  created_at: string
  signed_at: string | null
  /** Path inside the ZIP, or null when the stored file could not be found (said in README.txt). */
  path_in_zip: string | null
  storage_key: string | null
}

/** The JSON sections of the export, one file each (`<name>.json`). */
export type ExportSections = Record<string, unknown>

const rows = <T = Record<string, unknown>>(database: Database, text: string, params: unknown[]) =>
  database.query<T>(text, params)

/** Reads every section for `viewer` (several queries; no secrets). */
export async function collectExport(
  database: Database,
  viewer: Viewer,
  ports: DataRightsPorts,
): Promise<{
  sections: ExportSections
  documents: ExportedDocument[]
}> {
  const p = [viewer.profileId]
  const a = [viewer.authId]
  const [
    user,
    signInMethods,
    profile,
    roles,
    sessions,
    securityEvents,
    transactions,
    messages,
    notifications,
    notificationSettings,
    updateRequests,
    invitationsSent,
    invitationsReceived,
    signaturesGiven,
    signatureRequestsMade,
    activity,
    documents,
    supportMessages,
    logbooks,
    identityChecks,
    gifts,
    sourceOfFunds,
    otherRecords,
  ] = await Promise.all([
    rows(
      database,
      `select id, name, email, email_verified, two_factor_enabled, created_at, updated_at from "user" where id = $1`,
      a,
    ),
    rows(database, `select provider_id, account_id, created_at, updated_at from account where user_id = $1`, a),
    rows(database, `select id, full_name, email, created_at, updated_at from profiles where id = $1`, p),
    rows(database, `select role, created_at from user_roles where user_id = $1 order by role`, p),
    rows(
      database,
      `select id, ip_address, user_agent, created_at, updated_at, expires_at from session where user_id = $1 order by created_at`,
      a,
    ),
    rows(
      database,
      `select id, kind, detail, ip, user_agent, created_at from security_events where user_id = $1 order by created_at`,
      a,
    ),
    rows(
      database,
      `select t.id, t.status, t.agreed_price_pence, t.exchange_date, t.completion_date, t.created_at, t.updated_at,
              pr.address_lines, pr.postcode, pr.uprn, pr.tenure, pr.title_number,
              (t.buyer_user_id = $1) as you_are_buyer, (t.seller_user_id = $1) as you_are_seller,
              (t.created_by = $1) as you_created_it,
              tp.role as your_participant_role, tp.created_at as you_joined_at
         from transactions t
         left join properties pr on pr.transaction_id = t.id
         left join transaction_participants tp on tp.transaction_id = t.id and tp.user_id = $1
        where t.id in ${visibleTransactionIdsSql('$1')}
        order by t.created_at`,
      p,
    ),
    rows(
      database,
      `select m.id, m.transaction_id, th.title as thread, m.body_md, m.created_at, m.edited_at, m.deleted_at
         from messages m join message_threads th on th.id = m.thread_id
        where m.author_id = $1 order by m.created_at`,
      p,
    ),
    rows(
      database,
      `select id, transaction_id, kind, title, body, link, created_at, read_at, emailed_at
         from notifications where profile_id = $1 order by created_at`,
      p,
    ),
    rows(
      database,
      `select email, digest, last_digest_at, updated_at from notification_settings where profile_id = $1`,
      p,
    ),
    rows(
      database,
      `select id, transaction_id, note, created_at, answered_at from update_requests where requested_by = $1 order by created_at`,
      p,
    ),
    rows(
      database,
      `select id, transaction_id, email, role, status, expires_at, send_count, last_sent_at, accepted_at, revoked_at, created_at
         from invitations where invited_by = $1 order by created_at`,
      p,
    ),
    rows(
      database,
      `select id, transaction_id, email, role, status, expires_at, accepted_at, revoked_at, created_at
         from invitations where accepted_by = $1 or email = lower($2) order by created_at`,
      [viewer.profileId, viewer.email],
    ),
    rows(
      database,
      `select s.id, r.transaction_id, r.document_id, r.status as request_status, s.status, s.sort_index, s.consented_at,
              s.signed_at, s.method, s.typed_name, s.signature_png, s.ip, s.user_agent, s.declined_at, s.declined_reason
         from signature_request_signers s join signature_requests r on r.id = s.request_id
        where s.user_id = $1 order by r.created_at, s.sort_index`,
      p,
    ),
    rows(
      database,
      `select id, transaction_id, document_id, document_sha256, status, in_order, message, page, created_at,
              completed_at, cancelled_at
         from signature_requests where requested_by = $1 order by created_at`,
      p,
    ),
    rows(
      database,
      // Their own actions, each as far as its audience takes them in (decision 052: an entry about their
      // own identity images is their firm's); a move they are no longer on keeps what they did there.
      `select e.id, e.transaction_id, e.kind, e.summary, e.payload, e.ip, e.created_at
         from activity_events e cross join lateral (select ${viewerRoleOnTransactionSql('e.transaction_id', '$1')} as role) vr
        where e.actor_id = $1 and (vr.role is null or ${activityReadableSql('e', 'vr.role', '$1')})
        order by e.created_at, e.seq`,
      p,
    ),
    rows<Omit<ExportedDocument, 'path_in_zip'>>(
      database,
      `select id, transaction_id, folder, filename, version, content_type, size_bytes, sha256, created_at, signed_at,
              storage_key
         from documents where uploaded_by = $1 order by transaction_id, folder, filename, version`,
      p,
    ),
    rows(
      database,
      `select id, author, body, created_at from support_messages where profile_id = $1 order by created_at, id`,
      p,
    ),
    rows(
      database,
      `select l.id, l.address_lines, l.postcode, l.uprn, l.tenure, l.title_number, l.completed_on, l.price_pence,
              l.purchase_transaction_id, l.sale_transaction_id, l.handed_over_at, l.created_at,
              coalesce((select json_agg(json_build_object('id', d.id, 'category', d.category, 'filename', d.filename,
                          'content_type', d.content_type, 'size_bytes', d.size_bytes, 'sha256', d.sha256,
                          'created_at', d.created_at) order by d.category, d.filename)
                 from logbook_documents d where d.logbook_id = l.id), '[]'::json) as documents,
              coalesce((select json_agg(json_build_object('kind', e.kind, 'title', e.title, 'done_on', e.done_on,
                          'cost_pence', e.cost_pence, 'contractor', e.contractor, 'notes', e.notes,
                          'from_previous_owner', e.from_previous_owner, 'created_at', e.created_at)
                          order by e.done_on, e.created_at)
                 from logbook_entries e where e.logbook_id = l.id), '[]'::json) as maintenance_record
         from home_logbooks l where l.owner_id = $1 order by l.created_at, l.id`,
      p,
    ),
    ports.exportIdentityChecks(database, viewer.profileId),
    rows(
      database,
      `select g.id, g.transaction_id, g.amount_pence, g.relationship, g.source_of_money, g.giftor_will_live,
              g.document_id as declaration_document_id, g.created_at
         from funding_gifts g where g.giftor_profile_id = $1 order by g.created_at, g.id`,
      p,
    ),
    ports.exportFunds(database, viewer.profileId),
    collectOtherRecords(database, { profileId: viewer.profileId, authId: viewer.authId }),
  ])
  const docs: ExportedDocument[] = documents.map((d) => ({
    ...d,
    // bigint comes back as text from node-postgres.
    size_bytes: d.size_bytes === null ? null : Number(d.size_bytes),
    created_at: new Date(d.created_at).toISOString(),
    path_in_zip: d.storage_key ? zipPathFor(d) : null,
  }))
  return {
    sections: {
      account: {
        user: user[0] ?? null,
        sign_in_methods: signInMethods,
        profile: profile[0] ?? null,
        roles,
      },
      sessions,
      'security-events': securityEvents,
      transactions,
      messages,
      notifications: {
        notifications,
        email_settings: notificationSettings[0] ?? null,
        update_requests: updateRequests,
      },
      invitations: { sent: invitationsSent, received: invitationsReceived },
      signatures: { signed_or_asked_of_you: signaturesGiven, requests_you_made: signatureRequestsMade },
      activity,
      support: supportMessages,
      logbooks,
      'identity-checks': identityChecks,
      gifts,
      'source-of-funds': sourceOfFunds,
      'other-records': otherRecords,
      documents: docs.map(({ storage_key: _key, ...d }) => d),
    },
    documents: docs,
  }
}

/** `files/<transaction id>/<folder>/v<version>-<file name>`, with characters unsafe in paths replaced by '_'. */
export function zipPathFor(d: { transaction_id: string; folder: string; filename: string; version: number }): string {
  // eslint-disable-next-line no-control-regex
  const safe = (s: string) => s.replace(/[/\\:*?"<>|\u0000-\u001f\u007f]/g, '_').replace(/^\.+/, '_')
  return `files/${d.transaction_id}/${safe(d.folder)}/v${d.version}-${safe(d.filename)}`
}

const README = (generatedAt: Date, email: string, missing: ExportedDocument[]) =>
  `Your Homeward data
==================

Made on ${generatedAt.toISOString()} for ${email}.
Dates and times in the JSON files are UTC (ISO 8601). Amounts are in pence.

account.json          Your sign-in account (name, email, verified or not, two-factor on or off), how you sign in,
                      your profile and your roles. Passwords, tokens and two-factor secrets are never exported.
sessions.json         Your signed-in sessions: device (user agent), IP address, when each began and was last renewed.
security-events.json  Sign-ins, failed sign-ins, sign-outs, password changes and other security events on your account.
transactions.json     The moves you are on: property, price, status, dates and your part in each.
messages.json         Chat messages you wrote, with their thread and times (deleted ones show as deleted).
notifications.json    Your notifications, your email choices and the update requests you made.
invitations.json      Invitations you sent, and invitations to your email address or that you accepted.
signatures.json       Signatures asked of you (with your consent, typed or drawn signature, IP and device) and the
                      signature requests you made.
activity.json         Entries in the moves' audit trails that record something you did.
support.json          Your conversation with Homeward support: what you wrote and the team's replies.
logbooks.json         Your home logbooks: the home, its documents (open them from the logbook page) and your
                      maintenance record.
identity-checks.json  Your identity checks ("Verify my identity"): the document details and address you gave, the
                      provider's result and when the check expires. The photo of your document and your selfie
                      are not in this ZIP (they are kept encrypted; images_held says which we hold): ask Homeward
                      support for a copy. Client due diligence records are your conveyancer's, not in here.
gifts.json            Gifts towards someone's deposit that you confirmed as their giftor, with your answers.
source-of-funds.json  Your source of funds as a buyer: the open-banking consents you gave, each bank account with
                      what your bank shared (account number, sort code, balance and transactions), your explanations
                      of transactions, your answers on how the purchase is funded (and the conveyancer's review),
                      and the gifts towards your deposit that you recorded.
other-records.json    Every other record that names you, by table and column, as stored (secrets left out): forms
                      you filled or signed, enquiries and replies, chain links and dates, deposit checks and
                      approvals, payments and invoices, reviews you wrote, API tokens (not their secret), firm
                      membership and more.
documents.json        Every document version you uploaded: name, folder, version, type, size, SHA-256 and
                      path_in_zip, where its file is in this ZIP.
files/                The files themselves, every version: files/<move id>/<folder>/v<version>-<file name>.
${
  missing.length
    ? `\nThese files could not be found in storage and are not included (documents.json lists them with path_in_zip null):\n${missing
        .map((d) => `  ${d.folder}/${d.filename} version ${d.version} (${d.id})`)
        .join('\n')}\n`
    : ''
}
Questions about your data: contact the firm handling your move, or Homeward support.
`

/**
 * Builds the ZIP as a stream: README.txt, one JSON file per section, then every stored file version
 * (opened from storage only when the ZIP reaches it; stored without recompression, since PDFs and
 * images are already compressed). A file missing from storage is left out and named in README.txt.
 */
export async function buildExportZip(options: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  ports: DataRightsPorts
  now?: Date
}): Promise<Readable> {
  const { database, storage, viewer } = options
  const now = options.now ?? new Date()
  const { sections, documents } = await collectExport(database, viewer, options.ports)
  const present = await Promise.all(documents.map((d) => (d.storage_key ? storage.exists(d.storage_key) : false)))
  const missing = documents.filter((_d, i) => !present[i])
  for (const d of missing) d.path_in_zip = null
  const sectionsOut = {
    ...sections,
    documents: documents.map(({ storage_key: _key, ...d }) => d),
  }

  const zip = new ZipFile()
  const mtime = now
  zip.addBuffer(Buffer.from(README(now, viewer.email, missing)), 'README.txt', { mtime })
  for (const [name, value] of Object.entries(sectionsOut)) {
    zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2) + '\n'), `${name}.json`, { mtime })
  }
  const used = new Set<string>()
  for (const d of documents) {
    if (!d.path_in_zip || !d.storage_key) continue
    // Two versions can never share a path (folder, name and version are unique per move), but be sure.
    if (used.has(d.path_in_zip)) d.path_in_zip = `${d.path_in_zip}-${d.id}`
    used.add(d.path_in_zip)
    const key = d.storage_key
    zip.addReadStreamLazy(
      d.path_in_zip,
      { mtime: new Date(d.created_at), compress: false, ...(d.size_bytes !== null ? { size: d.size_bytes } : {}) },
      (cb) => {
        storage.get(key).then(
          (o) => cb(null, o.body),
          (err: Error) => cb(err, undefined as never),
        )
      },
    )
  }
  zip.end()
  // An error from a file stream is emitted by the ZipFile; end the output with it so the download fails visibly.
  zip.on('error', (err: Error) => (zip.outputStream as Readable).destroy(err))
  return zip.outputStream as Readable
}

/** `homeward-data-2026-11-23.zip`: the date in Europe/London. */
export function exportFilename(now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
  return `homeward-data-${day}.zip`
}
