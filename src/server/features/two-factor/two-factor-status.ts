/**
 * Whether the viewer has two-factor sign-in on, how many backup codes are left, and whether their
 * session is recent enough to change it (ASVS 7.5.1). Backup codes are stored as a
 * JSON list of SHA-256 digests (auth/two-factor.ts), so counting them reveals nothing. `hasPassword`:
 * turning it on asks for the password, so an account made with a provider sets one first.
 */
import type { TwoFactorStatus } from '#shared/contracts/two-factor.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { isFresh } from '#server/auth/sessions.ts'

export async function getTwoFactorStatus(options: {
  database: Database
  viewer: Viewer
  freshAgeSeconds: number
}): Promise<TwoFactorStatus> {
  const { database, viewer } = options
  const [row] = await database.query<{
    enabled: boolean | null
    codes: string | null
    created_at: Date | string
    has_password: boolean
  }>(
    `select u.two_factor_enabled as enabled, tf.backup_codes as codes, s.created_at,
       exists(select 1 from account a where a.user_id = u.id and a.provider_id = 'credential' and a.password is not null)
         as has_password
     from "user" u
     join session s on s.id = $2 and s.user_id = u.id
     left join two_factor tf on tf.user_id = u.id and tf.verified is not false
     where u.id = $1`,
    [viewer.authId, viewer.sessionId],
  )
  const enabled = !!row?.enabled
  let remaining = 0
  if (enabled && row?.codes) {
    try {
      const list: unknown = JSON.parse(row.codes)
      remaining = Array.isArray(list) ? list.length : 0
    } catch {
      remaining = 0
    }
  }
  return {
    enabled,
    backupCodesRemaining: remaining,
    signedInRecently: !!row && isFresh(new Date(row.created_at), options.freshAgeSeconds),
    hasPassword: !!row?.has_password,
  }
}
