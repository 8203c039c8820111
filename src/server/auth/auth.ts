/**
 * The Better Auth instance: email and password sign-in, sessions in the database, HttpOnly SameSite
 * cookies (Secure behind https). The profile and stored role are written by a database trigger on the
 * user insert, inside Better Auth's sign-up transaction (docs/decisions/004-atomic-sign-up.md).
 */
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { STORED_ROLES } from '../../shared/domain/roles'
import type { Config } from '../config'
import type { Database } from '../db/client'
import type { Logger } from '../logger'
import { account, session, user, verification } from '../db/schema'

/** Cookie prefix: the session cookie is `homeward.session_token` (`__Secure-` prefixed behind https). */
export const COOKIE_PREFIX = 'homeward'

export function createAuth({
  database,
  config,
  log,
}: {
  database: Database
  config: Pick<Config, 'authSecret' | 'publicUrl' | 'secure'>
  log?: Logger
}) {
  return betterAuth({
    // Better Auth's messages go through our logger (and so never to console.error in tests).
    logger: {
      log: (level, message, ...args) => {
        const text = `[auth] ${message}`
        const extra = args.length ? args : undefined
        if (level === 'error') log?.error(text, extra)
        else if (level === 'warn') log?.warn(text, extra)
        else log?.debug(text, extra)
      },
    },
    appName: 'Homeward',
    secret: config.authSecret,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { user, session, account, verification },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    user: {
      additionalFields: {
        signupRole: { type: 'string', required: true, input: true, returned: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secure },
    },
    databaseHooks: {
      user: {
        create: {
          // Defence in depth: the edge validates the choice and the CHECK constraint guards the table.
          before: async (data) => {
            const role = (data as { signupRole?: string }).signupRole
            if (!role || !(STORED_ROLES as readonly string[]).includes(role)) return false
            return { data }
          },
        },
      },
    },
    telemetry: { enabled: false },
    rateLimit: { enabled: false },
  })
}

export type Auth = ReturnType<typeof createAuth>
