/**
 * Changing the sign-in email, both steps: the request (`requestEmailChange`, behind POST
 * /api/auth/change-email) and the confirming link (`confirmEmailChange`, behind GET
 * /api/auth/verify-email). Better Auth's POST /change-email sends a link to the
 * NEW address (a JWT signed with the auth secret: `{ email: old, updateTo: new, userId, requestType:
 * 'change-email-verification' }`, valid 1 hour). Opening it lands here instead of in Better Auth's
 * verify-email, because Better Auth updates only `user.email` and outside any transaction: this step
 * changes user.email and profiles.email, records 'email.changed' and writes the notice to the old
 * address in ONE database transaction. Replaying a used link fails: the account's email is no longer
 * the token's `email`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { emailChangeRequestedMail, emailInUseMail, sendAuthMail, type AuthMailer } from './auth-mail.ts'
import type { Database } from '#server/db/client.ts'
import { profiles, securityEvents, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/core/errors.ts'
import { firstRow } from '#server/db/rows.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import type { RequestOrigin } from './security-events.ts'

/** What the change-email link carries (Better Auth's createEmailVerificationToken). */
export interface EmailChangeToken {
  email: string
  updateTo: string
  userId: string
}

/** Asking for an email change from a session older than Better Auth's freshAge (one day): ASVS 7.5.1. */
export const REAUTHENTICATE_EMAIL_MESSAGE =
  'For your security, sign in again before changing your email address: you signed in more than a day ago.'

/** Asking for the address the account already has. */
export const SAME_EMAIL_MESSAGE = 'This is already the email address of your account.'

export const INVALID_LINK = 'This link is not valid or has already been used. Ask for a new one.'
export const EXPIRED_LINK = 'This link has expired. Ask for a new one.'
export const EMAIL_TAKEN_ON_CONFIRM =
  'This email address now belongs to another Homeward account, so it cannot be added to yours.'

/** A JWT's header or payload: a JSON object. */
const JwtPart = z.record(z.string(), z.unknown())

function base64urlJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return JwtPart.safeParse(value).data ?? null
  } catch {
    return null
  }
}

/**
 * Asks to change the signed-in account's email to `newEmail` (compared and sent lower-cased). Refuses
 * the account's own address (400 validation_failed on `newEmail`). `sendLink` hands the address to
 * Better Auth's POST /change-email, which emails the confirming link to the new address, and returns
 * its answer (already in our error shape). When that answer is 200: a notice to the old address always
 * (ASVS 6.3.7) and, when the new address already has another account, a notice to it. The answer is
 * returned as it came, the same whether or not the address is taken, so the requester learns nothing
 * about other accounts. The caller checks first that the session is fresh (ASVS 7.5.1).
 */
export async function requestEmailChange(options: {
  database: Database
  mailer: AuthMailer
  /** Better Auth user id of the session asking. */
  userId: string
  newEmail: string
  sendLink: (newEmail: string) => Promise<Response>
}): Promise<Response> {
  const { database, mailer, userId } = options
  const newEmail = options.newEmail.toLowerCase()
  const [me] = await database.db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId))
  if (me?.email === newEmail) {
    throw new AppError('validation_failed', SAME_EMAIL_MESSAGE, { newEmail: [SAME_EMAIL_MESSAGE] })
  }
  const res = await options.sendLink(newEmail)
  if (res.status === 200 && me) {
    const taken = await database.db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, newEmail), ne(user.id, userId)))
    if (taken.length) await sendAuthMail(database, mailer, emailInUseMail(newEmail))
    await sendAuthMail(database, mailer, emailChangeRequestedMail(me.email, me.name, newEmail))
  }
  return res
}

/**
 * The email-change payload of a verify-email token, or null when the token is another kind (a plain
 * sign-up verification, which Better Auth handles). Throws AppError 401 when it is an email-change
 * token that is forged (bad HS256 signature) or expired (`exp`, seconds).
 */
export function readEmailChangeToken(token: string, secret: string, now = Date.now()): EmailChangeToken | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const payload = base64urlJson(parts[1])
  if (!payload || payload.requestType !== 'change-email-verification') return null
  const header = base64urlJson(parts[0])
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest()
  const given = Buffer.from(parts[2], 'base64url')
  if (header?.alg !== 'HS256' || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('unauthenticated', INVALID_LINK)
  }
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now) throw new AppError('unauthenticated', EXPIRED_LINK)
  const { email, updateTo, userId } = payload
  if (typeof email !== 'string' || typeof updateTo !== 'string' || typeof userId !== 'string') {
    throw new AppError('unauthenticated', INVALID_LINK)
  }
  return { email, updateTo: updateTo.toLowerCase(), userId }
}

/**
 * Applies a confirmed email change in one transaction: user.email (now verified: the link proved the
 * inbox), profiles.email, the security event 'email.changed' and the notice to the old address.
 * Errors: 401 when the account's email is no longer the token's (used or superseded link) or when a
 * different person is signed in on this browser; 409 when the new address was taken meanwhile. The
 * mail service is nudged once the transaction has committed.
 */
export async function confirmEmailChange(options: {
  database: Database
  token: EmailChangeToken
  /** Better Auth user id of the session on this browser, if any. */
  signedInUserId: string | null
  origin: RequestOrigin
  mailer: AuthMailer
}): Promise<{ email: string }> {
  const { database, token, origin } = options
  if (options.signedInUserId && options.signedInUserId !== token.userId) {
    throw new AppError(
      'unauthenticated',
      'This link is for a different account from the one signed in here. Sign out, then open the link again.',
    )
  }
  await database.db.transaction(async (tx) => {
    const found = await tx.execute(sql`select email, name from "user" where id = ${token.userId} for update`)
    const account = firstRow(z.object({ email: z.string(), name: z.string() }), found)
    if (!account || account.email.toLowerCase() !== token.email.toLowerCase()) {
      throw new AppError('unauthenticated', INVALID_LINK)
    }
    // Another account, or a profile kept without one (e.g. an erased person's), holds the address.
    const taken = await tx.execute(sql`select 1 from "user" where email = ${token.updateTo} and id <> ${token.userId}
      union all select 1 from profiles where lower(email) = ${token.updateTo} and auth_id is distinct from ${token.userId}`)
    if (taken.rows.length) throw new AppError('conflict', EMAIL_TAKEN_ON_CONFIRM)
    await tx
      .update(user)
      .set({ email: token.updateTo, emailVerified: true, updatedAt: sql`now()` })
      .where(eq(user.id, token.userId))
    await tx
      .update(profiles)
      .set({ email: token.updateTo, updatedAt: sql`now()` })
      .where(eq(profiles.authId, token.userId))
    // No addresses in the detail: security events outlive an account's erasure (only user, IP and device are wiped).
    await tx.insert(securityEvents).values({
      userId: token.userId,
      kind: 'email.changed',
      detail: {},
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
    })
    await enqueueMail(tx, emailChangedNotice(account.email, account.name, token.updateTo), {
      deliver: options.mailer.deliver,
    })
  })
  options.mailer.kick()
  return { email: token.updateTo }
}

/** To the OLD address once the change is done: ASVS 6.3.7 (notify of changes to authentication details). */
export function emailChangedNotice(to: string, name: string, newEmail: string) {
  return {
    to,
    kind: 'email-changed',
    subject: 'The email address of your Homeward account was changed',
    greet: name,
    text: [
      `The email address of your Homeward account was changed to ${newEmail}. From now on you sign in with that address, and we will write to it.`,
      '',
      'If you did not do this, reset your password from the sign-in page straight away and tell us.',
    ].join('\n'),
  }
}
