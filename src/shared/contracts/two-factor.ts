/**
 * Two-factor authentication: TOTP from an authenticator app plus single-use backup
 * codes. Bodies of Better Auth's /api/auth/two-factor/* endpoints as our edge accepts them, and the
 * settings status. `trustDevice` is never accepted: the second factor is asked on every sign-in.
 */
import { z } from 'zod'
import { endpoint, ERRORS, json } from './endpoint'

/** A 6-digit code from the authenticator app (spaces allowed, as apps show '123 456'). */
export const TotpCode = z
  .string({ message: 'Enter the 6-digit code from your authenticator app' })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'))

/** A backup code as issued, `abcde-12345` (the dash may be left out). */
export const BackupCode = z
  .string({ message: 'Enter one of your backup codes' })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, 'A backup code looks like abcde-12345'))

/** Asking to change two-factor on an account without a password (made with a provider). */
export const SET_PASSWORD_FIRST_MESSAGE =
  'Your account has no password yet: you sign in with a provider or an emailed code. Set a password first (we email you a link), then turn on two-factor authentication with it.'

/** The current password, asked before enabling, disabling or regenerating backup codes. */
export const TwoFactorPasswordInput = z.object({
  password: z.string({ message: 'Enter your current password' }).min(1, 'Enter your current password').max(128),
})
export type TwoFactorPasswordInput = z.infer<typeof TwoFactorPasswordInput>

/** POST /api/auth/two-factor/verify-totp: confirms enrolment (signed in) or completes a sign-in. */
export const VerifyTotpInput = z.object({ code: TotpCode })
export type VerifyTotpInput = z.input<typeof VerifyTotpInput>

/** POST /api/auth/two-factor/verify-backup-code: completes a sign-in with a backup code (used up). */
export const VerifyBackupCodeInput = z.object({ code: BackupCode })
export type VerifyBackupCodeInput = z.input<typeof VerifyBackupCodeInput>

/** Answer of POST /api/auth/two-factor/enable: the otpauth:// URI for the QR code and 10 backup codes. */
export const EnableTwoFactorResult = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) })
export type EnableTwoFactorResult = z.infer<typeof EnableTwoFactorResult>

/** Answer of a first factor when a second is needed: no session yet, a 10-minute challenge cookie. */
export const TwoFactorChallenge = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()),
})

/** GET /api/account/two-factor. */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Backup codes not yet used (0 when two-factor is off). */
  backupCodesRemaining: z.number().int().min(0),
  /** Whether this session began within a day, so the changes above need no new sign-in (ASVS 7.5.1). */
  signedInRecently: z.boolean(),
  /**
   * Whether the account has a password. Changes above are confirmed with it; an account made with a provider
   * (OpenID Connect) sets one first through the emailed reset link.
   */
  hasPassword: z.boolean(),
})
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>

/** The two-factor settings endpoint; the changes themselves are Better Auth's /api/auth/two-factor/*. */
export const twoFactorEndpoints = {
  status: endpoint({
    method: 'get',
    path: '/account/two-factor',
    summary: 'Whether two-factor sign-in is on, backup codes left, and whether the session may change it',
    responses: { 200: json('Status', TwoFactorStatus), ...ERRORS },
  }),
}
