/**
 * API token secrets: `hw_pat_` (personal) or `hw_key_` (a firm's) and 32 random bytes in base64url,
 * 256 bits, so the SHA-256 of the token is all we store and all a lookup needs (no salt or slow hash:
 * nobody can guess a 256-bit value, and a fast hash keeps each request's lookup to one index probe).
 */
import { createHash, randomBytes } from 'node:crypto'
import { FIRM_KEY_PREFIX, PERSONAL_TOKEN_PREFIX, type ApiTokenKind } from '#shared/domain/api-access.ts'

/** Characters of a token kept for display (`hw_pat_` and six more). */
export const DISPLAY_PREFIX_LENGTH = 13

/** A new token of `kind`, with its SHA-256 (hex) and the prefix shown in lists. */
export function newApiTokenSecret(kind: ApiTokenKind): { secret: string; hash: string; prefix: string } {
  const secret = `${kind === 'firm' ? FIRM_KEY_PREFIX : PERSONAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  return { secret, hash: hashApiToken(secret), prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH) }
}

/** SHA-256 of a token, hex: the value stored in api_tokens.token_hash. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/**
 * The token of an `Authorization: Bearer <token>` header: undefined when there is no Bearer header
 * (another scheme, such as a proxy's Basic credentials, is not ours and is ignored), '' when the
 * Bearer value is malformed (refused as an unknown token).
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header || !/^\s*Bearer\b/i.test(header)) return undefined
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header)
  return match ? match[1] : ''
}
