/**
 * Enquiries by email (docs/decisions/054). When the seller's conveyancer is a firm not on Homeward
 * (an open off-platform record of the seat, with an email), the enquiries waiting for its reply are
 * emailed to it through the outbox: a readable list (number, category, text) and a reply link that
 * needs no account. The link's token (256 random bits) is stored only as its SHA-256 and opens
 * exactly the enquiries listed with it (enquiry_reply_link_enquiries: those waiting when it was
 * sent), for ENQUIRY_LINK_TTL_DAYS. Sending a newer link revokes the older ones of the matter; a link
 * also stops when the firm joins Homeward (its record is closed, or a seller's conveyancer is on the
 * move) or its record is removed, and once every enquiry it opens is answered.
 */
import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  ENQUIRY_CATEGORIES,
  ENQUIRY_CATEGORY_LABELS,
  ENQUIRY_LINK_TTL_DAYS,
  whoIsToldText,
} from '#shared/domain/enquiries.ts'
import { singleLine } from '#shared/domain/plain-text.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import { enquiryReplyPath } from '#shared/paths.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, oneRow, rows, Timestamp } from '#server/db/rows.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { AppError } from '#server/core/errors.ts'
import { ENQUIRY_EMAIL_SEND, enforceLimit } from '#server/core/limits.ts'
import { lockMatter, type EnquiryContext } from './enquiry-context'
import { readSellerConveyancerSeat } from './enquiry-seat'

/** Hex SHA-256 of a link token: what is stored and looked up. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** 'HW-1A2B3C4D': the matter's reference on Homeward, printed in the email and on the reply page. */
export function matterReference(txId: string): string {
  return `HW-${txId.replace(/-/g, '').slice(0, 8).toUpperCase()}`
}

/** The first address line and postcode: '12 Clarence Road, AL1 3HD'. */
export async function matterAddress(tx: Tx, txId: string): Promise<string> {
  const row = firstRow(
    z.object({ line: z.string().nullable(), postcode: z.string() }),
    await tx.execute(sql`select address_lines[1] as line, postcode from properties where transaction_id = ${txId}`),
  )
  return row ? [row.line, row.postcode].filter(Boolean).join(', ') : 'the property'
}

const WaitingRow = z.object({
  id: z.string(),
  number: z.number(),
  category: z.enum(ENQUIRY_CATEGORIES),
  body: z.string(),
  latest: z.string().nullable(),
})

export interface SendContext {
  txId: string
  /** The buyer's conveyancer sending (their name signs the email). */
  sender: { profileId: string; fullName: string; email: string | null }
  publicUrl: string
  deliverMail: boolean
  /** The enquiries raised (or further-enquired) just now, listed first as new. */
  newIds?: readonly string[]
}

/**
 * Emails the enquiries waiting for a reply to the off-platform seller's conveyancer with a fresh
 * link, revoking the matter's older links, inside the caller's database transaction (so the email
 * exists exactly when the enquiries do). Returns what was sent, or null when there is no such firm
 * (someone on Homeward holds the seat, or no one is recorded) or nothing waits for a reply.
 */
export async function emailEnquiriesToFirm(
  tx: Tx,
  ctx: SendContext,
): Promise<{ email: string; firm_name: string; enquiries: number; expires_at: string } | null> {
  const seat = await readSellerConveyancerSeat(tx, ctx.txId)
  if (seat.recipient.kind !== 'email' || !seat.party) return null
  const waiting = rows(
    WaitingRow,
    await tx.execute(sql`select e.id, e.number, e.category, e.body,
        (select r.body from enquiry_replies r where r.enquiry_id = e.id and r.kind = 'further_enquiry' and r.state = 'sent'
          order by r.created_at desc limit 1) as latest
      from enquiries e where e.transaction_id = ${ctx.txId} and e.status in ('open', 'further_enquiry')
      order by e.number`),
  )
  if (waiting.length === 0) return null

  await tx.execute(sql`update enquiry_reply_links set revoked_at = now(), revoked_reason = 'superseded'
    where transaction_id = ${ctx.txId} and revoked_at is null`)
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + ENQUIRY_LINK_TTL_DAYS * 86_400_000)
  const link = oneRow(
    z.object({ id: z.string() }),
    await tx.execute(sql`insert into enquiry_reply_links (transaction_id, party_id, email, token_hash, sent_by, expires_at)
      values (${ctx.txId}, ${seat.party.id}, ${seat.party.email}, ${hashLinkToken(token)}, ${ctx.sender.profileId},
        ${expiresAt.toISOString()}::timestamptz) returning id`),
  )
  for (const e of waiting) {
    await tx.execute(sql`insert into enquiry_reply_link_enquiries (link_id, enquiry_id) values (${link.id}, ${e.id})`)
  }

  const address = singleLine(await matterAddress(tx, ctx.txId))
  const senderFirm = firstRow(
    z.object({ name: z.string() }),
    await tx.execute(sql`select o.name from matters m join organizations o on o.id = m.organization_id
      where m.transaction_id = ${ctx.txId} and m.side = 'buyer' limit 1`),
  )?.name
  const fresh = new Set(ctx.newIds ?? [])
  const item = (e: z.infer<typeof WaitingRow>) =>
    [
      `Enquiry ${e.number} (${ENQUIRY_CATEGORY_LABELS[e.category]})`,
      e.body,
      ...(e.latest ? ['', `Further enquiry: ${e.latest}`] : []),
      '',
    ].join('\n')
  const newOnes = waiting.filter((e) => fresh.has(e.id))
  const older = waiting.filter((e) => !fresh.has(e.id))
  const sender = singleLine(ctx.sender.fullName) + (senderFirm ? ` of ${singleLine(senderFirm)}` : '')
  const firm = singleLine(seat.party.firm_name)
  const url = `${ctx.publicUrl}${enquiryReplyPath(token)}`
  const text = [
    `${sender}, the buyer's conveyancer, has sent pre-contract enquiries on ${address} (Homeward reference ${matterReference(ctx.txId)}) to ${firm}, acting for the seller.`,
    '',
    ...(newOnes.length
      ? [newOnes.length === waiting.length ? 'The enquiries:' : 'New enquiries:', '', ...newOnes.map(item)]
      : []),
    ...(older.length ? ['Still waiting for your reply:', '', ...older.map(item)] : []),
    `Reply to each one, and attach documents, here (no account needed): ${url}`,
    '',
    `This link opens only these enquiries, until ${ukDate(expiresAt)}. A newer email about this property replaces it. ${firm} is not on Homeward, so replies come only through this link; your replies go to the buyer's conveyancer.${ctx.sender.email ? ` Questions: ${ctx.sender.email}.` : ''}`,
  ].join('\n')
  await enqueueMail(
    tx,
    {
      to: seat.party.email,
      subject: `Pre-contract enquiries on ${address}: ${waiting.length === 1 ? '1 waits' : `${waiting.length} wait`} for your reply`,
      text,
      kind: 'enquiries_by_email',
      transactionId: ctx.txId,
    },
    { deliver: ctx.deliverMail },
  )
  await recordActivity(tx, {
    transactionId: ctx.txId,
    actorId: ctx.sender.profileId,
    kind: 'enquiry.emailed',
    summary: `emailed ${waiting.length === 1 ? 'enquiry' : 'enquiries'} ${waiting.map((e) => e.number).join(', ')} to ${firm} (not on Homeward) with a reply link`,
    payload: { linkId: link.id, enquiryIds: waiting.map((e) => e.id) },
  })
  return {
    email: seat.party.email,
    firm_name: seat.party.firm_name,
    enquiries: waiting.length,
    expires_at: expiresAt.toISOString(),
  }
}

const LinkRow = z.object({
  id: z.string(),
  transaction_id: z.string(),
  party_id: z.string().nullable(),
  email: z.string(),
  sent_by: z.string().nullable(),
  expires_at: Timestamp,
  revoked_at: Timestamp.nullable(),
  revoked_reason: z.enum(['superseded', 'joined', 'removed']).nullable(),
  party_joined: z.boolean(),
  seat_taken: z.boolean(),
  firm_name: z.string().nullable(),
  person_name: z.string().nullable(),
  waiting: z.number(),
})
export type ResolvedLink = z.infer<typeof LinkRow> & {
  state: 'open' | 'expired' | 'revoked' | 'answered'
}

/**
 * The link a token opens, with its state, or null for a token no link has. A link found dead by
 * the firm joining or its record going is marked revoked now (`joined`, `removed`). `lock` locks the
 * link row (for a reply: two replies through one link queue).
 */
export async function resolveLink(tx: Tx, token: string, opts: { lock?: boolean } = {}): Promise<ResolvedLink | null> {
  const found = firstRow(
    LinkRow,
    await tx.execute(sql`select l.id, l.transaction_id, l.party_id, l.email, l.sent_by, l.expires_at, l.revoked_at,
        l.revoked_reason,
        coalesce(p.joined_at is not null, false) as party_joined,
        exists(select 1 from transaction_participants tp where tp.transaction_id = l.transaction_id
          and tp.role = 'seller_conveyancer') as seat_taken,
        p.firm_name, p.person_name,
        (select count(*)::int from enquiry_reply_link_enquiries le join enquiries e on e.id = le.enquiry_id
          where le.link_id = l.id and e.status in ('open', 'further_enquiry')) as waiting
      from enquiry_reply_links l left join off_platform_parties p on p.id = l.party_id
      where l.token_hash = ${hashLinkToken(token)} ${opts.lock ? sql`for update of l` : sql``}`),
  )
  if (!found) return null
  let { revoked_at, revoked_reason } = found
  if (!revoked_at && (found.party_joined || found.seat_taken || !found.party_id)) {
    revoked_reason = found.party_id ? 'joined' : 'removed'
    revoked_at = new Date()
    await tx.execute(sql`update enquiry_reply_links set revoked_at = now(), revoked_reason = ${revoked_reason}
      where id = ${found.id} and revoked_at is null`)
  }
  const state = revoked_at
    ? 'revoked'
    : new Date(found.expires_at).getTime() <= Date.now()
      ? 'expired'
      : found.waiting === 0
        ? 'answered'
        : 'open'
  return { ...found, revoked_at, revoked_reason, state }
}

/**
 * POST .../enquiries/email: the buyer's conveyancer emails the waiting enquiries again with a fresh
 * link (the email went astray, or the seller's firm was recorded after the enquiries were raised).
 * 403 for anyone else; 422 when there is no firm off Homeward to email or nothing waits; 429 past
 * ENQUIRY_EMAIL_SEND (per move).
 */
export async function sendEnquiriesByEmail(
  database: Database,
  ctx: EnquiryContext,
): Promise<{ email: string; firm_name: string; enquiries: number; expires_at: string }> {
  return database.db.transaction(async (tx) => {
    const { part } = await lockMatter(tx, ctx.viewer, ctx.txId)
    if (part !== 'raiser')
      throw new AppError(
        'forbidden',
        "Only the buyer's conveyancer on this matter sends its enquiries to the seller's firm.",
      )
    const seat = await readSellerConveyancerSeat(tx, ctx.txId)
    if (seat.recipient.kind !== 'email') throw new AppError('unprocessable', whoIsToldText(seat.recipient))
    await enforceLimit(tx, ENQUIRY_EMAIL_SEND, ctx.txId)
    const sent = await emailEnquiriesToFirm(tx, {
      txId: ctx.txId,
      sender: { profileId: ctx.viewer.profileId, fullName: ctx.viewer.fullName, email: ctx.viewer.email },
      publicUrl: ctx.publicUrl,
      deliverMail: ctx.deliverMail,
    })
    if (!sent) throw new AppError('unprocessable', 'No enquiry is waiting for a reply, so there is nothing to send.')
    return sent
  })
}
