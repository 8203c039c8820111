/**
 * 'Delete my account' (UK GDPR art. 17), in one database transaction:
 * - the profile is kept but anonymised ('Former participant', a placeholder email, deleted_at, auth_id null),
 *   so every move's history (people, chat, activity, documents, signatures) stays readable to the
 *   other parties, who see 'Former participant' wherever the name was shown;
 * - the Better Auth user is deleted (sessions, sign-in methods and two-factor go with it by cascade;
 *   security_events.user_id becomes null by its foreign key, after their IP and device are erased);
 * - personal data nobody else needs is removed: notifications, email choices, update requests, read
 *   positions, upload keys, roles, pending emails to the address and its sign-in codes; pending
 *   invitations they sent or that were sent to them are revoked and the address on any invitation
 *   replaced by the placeholder;
 * - identity checks no client due diligence record relies on are deleted with their images; CDD records
 *   and the checks they rely on stay for 5 years after the move ends (reg 40; features/verification);
 * - on moves with anyone else on them, their documents stay: the professionals must keep a move's
 *   records for 5 years after it ends (Money Laundering Regulations 2017, reg. 40);
 * - signature requests still waiting for them end as declined ('Their account was deleted.'); their typed
 *   signatures and '@Name' mentions in others' messages name 'Former participant';
 * - on drafts only they were on (nobody else ever saw them), their documents and messages are removed,
 *   and the stored files deleted after the commit;
 * - their home logbooks are deleted with the files only a logbook held (a file a move's document still
 *   names stays with the move).
 * - in the append-only audit trail (activity_events) of their moves, their name and email are replaced
 *   by 'Former participant' in every summary (others' entries such as 'asked <name> to sign' included) and
 *   the IP of their own entries is erased, through the SECURITY DEFINER function of migration 0010;
 *   a signed 'audit.redacted' entry on each move vouches for the new wording, so the chain verifies.
 * See docs/decisions/011-data-rights.md.
 */
import { and, eq, inArray, isNotNull, like, or, sql } from 'drizzle-orm'
import {
  AML_RETENTION_NOTICE,
  DELETE_CONFIRMATION_WORD,
  type DeleteAccountInput,
  type DeleteAccountResult,
  DELETED_USER_NAME,
} from '#shared/contracts/data-rights.ts'
import type { Auth } from '#server/auth/auth.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import {
  documents,
  documentUploadKeys,
  invitations,
  mailOutbox,
  messages,
  notifications,
  notificationSettings,
  profiles,
  securityEvents,
  signatureRequests,
  signatureRequestSigners,
  threadReads,
  updateRequests,
  user,
  userRoles,
  verification,
} from '#server/db/schema/index.ts'
import { AppError } from '#server/core/errors.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { redactedSummaryHash } from '#server/core/audit/audit-canonical.ts'
import { REDACTION_KIND } from '#server/core/audit/audit-chain.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import type { DataRightsPorts } from './ports'

/** The placeholder that replaces a deleted person's email everywhere (RFC 2606 reserves .invalid). */
export function deletedEmailFor(profileId: string): string {
  return `deleted-${profileId}@deleted.invalid`
}

/** Checks the typed confirmation: the account's email (any case) or the word DELETE. */
export function confirmationMatches(typed: string, email: string): boolean {
  const t = typed.trim()
  return t === DELETE_CONFIRMATION_WORD || t.toLowerCase() === email.trim().toLowerCase()
}

/**
 * Verifies the confirmation and the current password, then deletes. Errors: 400 (confirmation does
 * not match), 403 (password wrong; nothing is changed). Stored files of removed drafts are deleted
 * after the commit; a failure there is logged by the caller's `onStorageError`, never undone.
 */
export async function deleteAccount(options: {
  database: Database
  auth: Auth
  storage: ObjectStorage
  viewer: Viewer
  input: DeleteAccountInput
  ports: DataRightsPorts
  onStorageError?: (key: string, err: unknown) => void
}): Promise<DeleteAccountResult> {
  const { database, auth, storage, viewer, input } = options
  if (!confirmationMatches(input.confirmation, viewer.email)) {
    throw new AppError(
      'validation_failed',
      `Type your email address (${viewer.email}) or ${DELETE_CONFIRMATION_WORD} to confirm.`,
      { confirmation: ['Does not match your email address or DELETE'] },
    )
  }
  const [credential] = await database.query<{ password: string | null }>(
    `select password from account where user_id = $1 and provider_id = 'credential'`,
    [viewer.authId],
  )
  const ctx = await auth.$context
  const ok =
    !!credential?.password && (await ctx.password.verify({ hash: credential.password, password: input.password }))
  if (!ok) {
    throw new AppError('forbidden', 'Your current password is not right. Nothing was deleted.', {
      password: ['Your current password is not right'],
    })
  }

  const result = await database.db.transaction((tx) => deleteInTransaction(tx, viewer, options.ports))

  for (const key of result.keys) {
    await storage.delete(key).catch((err: unknown) => options.onStorageError?.(key, err))
  }
  return {
    deleted: true,
    retainedTransactions: result.retainedTransactions,
    retainedDocuments: result.retainedDocuments,
    removedDrafts: result.removedDrafts,
    removedFiles: result.keys.length,
    notice: AML_RETENTION_NOTICE,
  }
}

async function all<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await tx.execute(query)).rows as T[]
}

async function deleteInTransaction(tx: Tx, viewer: Viewer, ports: DataRightsPorts) {
  const me = viewer.profileId
  const placeholder = deletedEmailFor(me)
  const email = viewer.email.toLowerCase()
  // Lock the profile: two deletions at once (two tabs) run one after the other; the second finds no user.
  const [locked] = await all<{ id: string }>(
    tx,
    sql`select id from profiles where id = ${me} and deleted_at is null for update`,
  )
  if (!locked) throw new AppError('unauthenticated', 'Sign in to continue.')

  // Moves they are on, and whether anyone else is (as buyer, seller or participant).
  const moves = await all<{ id: string; status: string; others: number }>(
    tx,
    sql`select t.id, t.status,
          (select count(*)::int from transaction_participants o where o.transaction_id = t.id and o.user_id <> ${me})
          + (case when t.buyer_user_id is not null and t.buyer_user_id <> ${me} then 1 else 0 end)
          + (case when t.seller_user_id is not null and t.seller_user_id <> ${me} then 1 else 0 end) as others
        from transactions t
       where t.buyer_user_id = ${me} or t.seller_user_id = ${me} or t.created_by = ${me}
          or exists (select 1 from transaction_participants p where p.transaction_id = t.id and p.user_id = ${me})`,
  )
  const soleDrafts = moves.filter((m) => m.status === 'draft' && m.others === 0).map((m) => m.id)
  const shared = moves.filter((m) => !soleDrafts.includes(m.id)).map((m) => m.id)

  // Drafts nobody else was ever on: their documents and messages go (and the files, after commit).
  let keys: string[] = []
  if (soleDrafts.length) {
    keys = (
      await tx
        .delete(documents)
        .where(inArray(documents.transactionId, soleDrafts))
        .returning({ storageKey: documents.storageKey })
    )
      .map((r) => r.storageKey)
      .filter((k): k is string => !!k)
    await tx.delete(messages).where(inArray(messages.transactionId, soleDrafts))
  }
  // Signatures still waiting for them can never come: those requests end as declined, on the record.
  const waiting = await all<{ signer_id: string; request_id: string; transaction_id: string; filename: string }>(
    tx,
    sql`select s.id as signer_id, r.id as request_id, r.transaction_id, d.filename
          from signature_request_signers s
          join signature_requests r on r.id = s.request_id
          join documents d on d.id = r.document_id
         where s.user_id = ${me} and s.status = 'pending' and r.status = 'pending'`,
  )
  for (const w of waiting) {
    await tx
      .update(signatureRequestSigners)
      .set({ status: 'declined', declinedAt: sql`now()`, declinedReason: 'Their account was deleted.' })
      .where(eq(signatureRequestSigners.id, w.signer_id))
    await tx.update(signatureRequests).set({ status: 'declined' }).where(eq(signatureRequests.id, w.request_id))
    await recordActivity(tx, {
      transactionId: w.transaction_id,
      actorId: me,
      kind: 'signature.declined',
      summary: `declined to sign "${w.filename}": their account was deleted`.slice(0, 1000),
      payload: { requestId: w.request_id, signerId: w.signer_id },
    })
  }

  const [{ n: retainedDocuments }] = await all<{ n: number }>(
    tx,
    sql`select count(*)::int as n from documents where uploaded_by = ${me}`,
  )

  // Personal data nobody else needs.
  await tx.delete(notifications).where(eq(notifications.profileId, me))
  await tx.delete(notificationSettings).where(eq(notificationSettings.profileId, me))
  await tx.delete(updateRequests).where(eq(updateRequests.requestedBy, me))
  await tx.delete(threadReads).where(eq(threadReads.profileId, me))
  await tx.delete(documentUploadKeys).where(eq(documentUploadKeys.userId, me))
  await tx.delete(userRoles).where(eq(userRoles.userId, me))
  // Others' notifications named them in their one-line title ('Sam Buyer mentioned you in General').
  await tx.execute(
    sql`update notifications set title = replace(title, ${viewer.fullName}, ${DELETED_USER_NAME})
         where actor_id = ${me} and position(${viewer.fullName} in title) > 0`,
  )
  // Others' messages that mention them ('@Sam Buyer ...'): the mention names the placeholder instead. The
  // mention itself (message_mentions) stays and shows the anonymised profile.
  if (shared.length && viewer.fullName.trim().length >= 2) {
    const sharedIds = sql.join(
      shared.map((id) => sql`${id}::uuid`),
      sql`, `,
    )
    await tx.execute(
      sql`update messages set body_md = replace(body_md, ${`@${viewer.fullName.trim()}`}, ${`@${DELETED_USER_NAME}`})
           where transaction_id in (${sharedIds}) and position(${`@${viewer.fullName.trim()}`} in body_md) > 0`,
    )
  }
  // A typed signature is their name: a certificate rendered after now (the request completing when the
  // last person signs) shows the placeholder, as the signature panels do. PDFs already signed are not
  // touched, so their recorded SHA-256 still verifies (docs/decisions/011-data-rights.md).
  await tx
    .update(signatureRequestSigners)
    .set({ typedName: DELETED_USER_NAME })
    .where(and(eq(signatureRequestSigners.userId, me), isNotNull(signatureRequestSigners.typedName)))
  // Invitations: pending ones they sent or that were sent to them are revoked; the address goes.
  await tx
    .update(invitations)
    .set({ status: 'revoked', revokedAt: sql`now()` })
    .where(and(eq(invitations.status, 'pending'), or(eq(invitations.invitedBy, me), eq(invitations.email, email))))
  await tx.update(invitations).set({ email: placeholder }).where(eq(invitations.email, email))
  // Emails to the address: unsent ones must not go out, sent ones are a copy of personal data.
  await tx.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.toAddress})`, email))
  await tx.delete(verification).where(like(verification.identifier, `%${email}%`))

  // Security events: erase IP and device (allowed by the append-only trigger), then the user row's
  // deletion sets user_id null by its foreign key. The deletion itself is kept with no user.
  await tx.update(securityEvents).set({ ip: null, userAgent: null }).where(eq(securityEvents.userId, viewer.authId))
  await tx
    .update(profiles)
    .set({
      fullName: DELETED_USER_NAME,
      email: placeholder,
      authId: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, me))
  // The audit trail of their moves (once the profile is marked deleted, which the erasure requires):
  // name and email out of every summary, IP out of their own entries.
  await eraseFromAuditTrail(tx, { profileId: me, needles: [viewer.fullName, viewer.email, email] })
  await tx.delete(user).where(eq(user.id, viewer.authId))
  await tx.insert(securityEvents).values({
    userId: null,
    kind: 'account.deleted',
    detail: { profile_id: me, retained_transactions: shared.length, removed_drafts: soleDrafts.length },
    ip: null,
    userAgent: null,
  })
  // Identity checks no CDD record relies on go now; those a conveyancer's CDD relies on stay (reg 40).
  keys = [...keys, ...(await ports.eraseUnreliedIdentityChecks(tx, me))]
  // Their home logbooks are theirs alone: they go, with the files only a logbook held.
  const logbookKeys = await all<{ storage_key: string }>(
    tx,
    sql`select d.storage_key from logbook_documents d join home_logbooks l on l.id = d.logbook_id where l.owner_id = ${me}`,
  )
  await tx.execute(sql`delete from home_logbooks where owner_id = ${me}`)
  keys = [...keys, ...logbookKeys.map((k) => k.storage_key)]
  // A stored file still named by a move's document or another logbook stays (a sale started from a
  // logbook shares its files with the move).
  if (keys.length) {
    const list = sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )
    const kept = await all<{ storage_key: string }>(
      tx,
      sql`select storage_key from documents where storage_key in (${list})
          union select storage_key from logbook_documents where storage_key in (${list})`,
    )
    const keep = new Set(kept.map((k) => k.storage_key))
    keys = [...new Set(keys)].filter((k) => !keep.has(k))
  }
  return { keys, retainedTransactions: shared.length, retainedDocuments, removedDrafts: soleDrafts.length }
}

/**
 * Erases a deleted person from the audit trail of their moves through homeward_redact_activity
 * (migration 0010: a SECURITY DEFINER function, the only way past the append-only trigger): each of
 * `needles` (their name and email) becomes 'Former participant' in every summary, and their own entries lose
 * their IP. Each move whose summaries changed then gets a signed 'audit.redacted' entry listing the
 * entries and a hash of their new wording, which is what lets the verifier accept the new text.
 */
async function eraseFromAuditTrail(tx: Tx, { profileId, needles }: { profileId: string; needles: string[] }) {
  const unique = [...new Set(needles.map((n) => n.trim()).filter((n) => n.length >= 2))].slice(0, 3)
  const changed = await all<{ transaction_id: string; seq: number; summary: string }>(
    tx,
    sql`select transaction_id, seq, summary from homeward_redact_activity(${profileId}::uuid,
          array(select jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb)))`,
  )
  const byMove = new Map<string, [number, string][]>()
  for (const row of changed) {
    const list = byMove.get(row.transaction_id) ?? []
    list.push([row.seq, redactedSummaryHash(row.summary)])
    byMove.set(row.transaction_id, list)
  }
  for (const [transactionId, entries] of byMove) {
    await recordActivity(tx, {
      transactionId,
      actorId: profileId,
      kind: REDACTION_KIND,
      summary: `removed a deleted account's name and email from ${entries.length} earlier entr${entries.length === 1 ? 'y' : 'ies'}`,
      payload: { entries },
    })
  }
}
