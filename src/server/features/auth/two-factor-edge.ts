/**
 * Our edge in front of Better Auth's two-factor endpoints: bodies validated with the
 * shared zod contracts and rebuilt from the validated fields only (so `trustDevice` and
 * `disableSession` never reach the plugin), and enabling, disabling or regenerating backup codes
 * refused from a session older than a day (ASVS 7.5.1, the rule of the password change).
 * Hardening inside Better Auth (every sign-in path, code reuse, hashed backup codes, lock-out):
 * auth/two-factor.ts.
 */
import type { Context, Hono } from 'hono'
import type { z } from 'zod'
import {
  SET_PASSWORD_FIRST_MESSAGE,
  TwoFactorPasswordInput,
  VerifyBackupCodeInput,
  VerifyTotpInput,
} from '#shared/contracts/two-factor.ts'
import { AppError, validationError } from '#server/core/errors.ts'
import type { AppDeps, AppEnv } from '#server/http/router.ts'
import { readJson, requireFreshSession as freshSession } from '#server/http/edge-helpers.ts'

/** Changing two-factor settings from a session older than Better Auth's freshAge (one day): ASVS 7.5.1. */
export const REAUTHENTICATE_TWO_FACTOR_MESSAGE =
  'For your security, sign in again before changing two-factor authentication: you signed in more than a day ago.'

/** Sends a validated body on to Better Auth and re-shapes its answer (features/auth/routes.ts). */
export type Forward = (c: Context<AppEnv>, body: unknown) => Promise<Response>

/** Registers POST /auth/two-factor/* on the auth router, before its catch-all. */
export function registerTwoFactorEdge(
  app: Hono<AppEnv>,
  { auth, config, database }: Pick<AppDeps, 'auth' | 'config' | 'database'>,
  forward: Forward,
) {
  async function parse<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
    const parsed = schema.safeParse(await readJson(c))
    if (!parsed.success) throw validationError(parsed.error)
    return parsed.data
  }
  /**
   * A fresh session (ASVS 7.5.1) of an account with a password: the password confirms each change. An
   * account made with a provider is told to set one first: the reset link, whose
   * first use adds the password (Better Auth creates the credential account), proves the inbox too.
   */
  async function requireFreshSession(c: Context) {
    const session = await freshSession({ auth, config, database }, c, REAUTHENTICATE_TWO_FACTOR_MESSAGE)
    const [row] = await database.query<{ has: boolean }>(
      `select exists(select 1 from account where user_id = $1 and provider_id = 'credential' and password is not null) as has`,
      [session.userId],
    )
    if (!row?.has) throw new AppError('conflict', SET_PASSWORD_FIRST_MESSAGE)
  }

  // Starts enrolment: a new secret (QR code) and 10 backup codes; on only once a code confirms it.
  app.post('/auth/two-factor/enable', async (c) => {
    const { password } = await parse(c, TwoFactorPasswordInput)
    await requireFreshSession(c)
    return forward(c, { password, method: 'totp' })
  })
  app.post('/auth/two-factor/disable', async (c) => {
    const { password } = await parse(c, TwoFactorPasswordInput)
    await requireFreshSession(c)
    return forward(c, { password })
  })
  app.post('/auth/two-factor/generate-backup-codes', async (c) => {
    const { password } = await parse(c, TwoFactorPasswordInput)
    await requireFreshSession(c)
    return forward(c, { password })
  })
  app.post('/auth/two-factor/verify-totp', async (c) => forward(c, await parse(c, VerifyTotpInput)))
  app.post('/auth/two-factor/verify-backup-code', async (c) => forward(c, await parse(c, VerifyBackupCodeInput)))
  // Not offered: reading the secret again (the QR code is shown once, at enrolment) and emailed
  // second-factor codes (the email is the first factor of the code sign-in).
  app.on('POST', ['/auth/two-factor/get-totp-uri', '/auth/two-factor/send-otp', '/auth/two-factor/verify-otp'], () => {
    throw new AppError(
      'not_found',
      'This two-factor method is not offered. Use your authenticator app or a backup code.',
    )
  })
}
