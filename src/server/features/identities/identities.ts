/**
 * Linked sign-in identities: Better Auth's `account` rows other than the password
 * ('credential'). Listed for their owner with the email the provider gave (from the stored ID token,
 * verified when it arrived); unlinked in one transaction that refuses to remove the last way to sign
 * in and records 'identity.unlinked'.
 */
import {
  type AuthProvider,
  LAST_SIGN_IN_METHOD_MESSAGE,
  type LinkedIdentityList,
} from '#shared/contracts/identities.ts'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { account, securityEvents } from '#server/db/schema/index.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import type { RequestOrigin } from '#server/auth/security-events.ts'

/** Better Auth's provider id of the password. */
export const PASSWORD_PROVIDER_ID = 'credential'

/** The `email` claim of a stored ID token (a JWS: header.payload.signature), or null. */
export function emailFromIdToken(idToken: string | null): string | null {
  if (!idToken) return null
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email?: unknown
    }
    return typeof payload.email === 'string' ? payload.email : null
  } catch {
    return null
  }
}

/** The viewer's linked identities (oldest first), the configured providers and whether a password is set. */
export async function listIdentities(options: {
  database: Database
  userId: string
  providers: readonly AuthProvider[]
}): Promise<LinkedIdentityList> {
  const { database, userId, providers } = options
  const rows = await database.query<{
    id: string
    provider_id: string
    account_id: string
    id_token: string | null
    created_at: Date | string
  }>(
    `select id, provider_id, account_id, id_token, created_at from account where user_id = $1 order by created_at, id`,
    [userId],
  )
  const names = new Map(providers.map((p) => [p.id, p.name]))
  return {
    identities: rows
      .filter((r) => r.provider_id !== PASSWORD_PROVIDER_ID)
      .map((r) => ({
        id: r.id,
        providerId: r.provider_id,
        providerName: names.get(r.provider_id) ?? r.provider_id,
        email: emailFromIdToken(r.id_token),
        accountId: r.account_id,
        linkedAt: new Date(r.created_at).toISOString(),
      })),
    providers: [...providers],
    hasPassword: rows.some((r) => r.provider_id === PASSWORD_PROVIDER_ID),
  }
}

/**
 * Unlinks one of the user's identities. The user's row is locked first so that two unlinks at once
 * cannot each see the other identity and leave none. Errors: 404 when the identity is not the user's
 * (or is the password), 409 with LAST_SIGN_IN_METHOD_MESSAGE when it is the last way to sign in.
 */
export async function unlinkIdentity(options: {
  database: Database
  userId: string
  identityId: string
  /** Configured providers, for the name recorded with the event. */
  providers: readonly AuthProvider[]
  origin: RequestOrigin
}): Promise<void> {
  const { database, userId, identityId, providers, origin } = options
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select id from "user" where id = ${userId} for update`)
    const result = await tx.execute(sql`select id, provider_id, account_id from account where user_id = ${userId}`)
    const rows = result.rows as Array<{ id: string; provider_id: string; account_id: string }>
    const target = rows.find((r) => r.id === identityId && r.provider_id !== PASSWORD_PROVIDER_ID)
    if (!target) throw notFound('linked sign-in method')
    if (rows.length <= 1) throw new AppError('conflict', LAST_SIGN_IN_METHOD_MESSAGE)
    await tx.delete(account).where(eq(account.id, target.id))
    await tx.insert(securityEvents).values({
      userId,
      kind: 'identity.unlinked',
      detail: {
        provider: target.provider_id,
        providerName: providers.find((p) => p.id === target.provider_id)?.name ?? target.provider_id,
      },
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
    })
  })
}
