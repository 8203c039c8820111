/** Invitation tokens: 256 random bits in the link; only their SHA-256 is stored. Valid 7 days. */
import { createHash, randomBytes } from 'node:crypto'

export const INVITATION_TTL_DAYS = 7

export function newInvitationToken(): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url')
  return {
    token,
    tokenHash: hashInvitationToken(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
  }
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** 'jane@example.com' -> 'j***@example.com': enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@')
  return `${local.slice(0, 1)}***@${domain}`
}
