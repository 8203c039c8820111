import type { SecurityEvent } from '../../../shared/contracts/account'

const LABELS: Record<string, string> = {
  'account.created': 'Account created',
  'sign_in.succeeded': 'Signed in',
  'sign_in.failed': 'Failed sign-in attempt',
  sign_out: 'Signed out',
  'password.changed': 'Password changed',
  'password.change_failed': 'Password change refused',
}

/** What a security event says to its owner, e.g. 'Signed out all other sessions (2)'. */
export function describeSecurityEvent(event: Pick<SecurityEvent, 'kind' | 'detail'>): string {
  if (event.kind === 'sessions.revoked') {
    const count = typeof event.detail.count === 'number' ? event.detail.count : null
    if (event.detail.scope === 'one') return 'Signed out another session'
    if (event.detail.scope === 'others') return `Signed out all other sessions${count !== null ? ` (${count})` : ''}`
    if (event.detail.scope === 'global') return 'Signed out everywhere'
    return 'Sessions signed out'
  }
  if (event.kind === 'password.changed') return 'Password changed; other sessions signed out'
  return LABELS[event.kind] ?? 'Security event'
}

/** Whether the event is one a person should look at twice (shown with a warning style). */
export function isWarning(event: Pick<SecurityEvent, 'kind'>): boolean {
  return event.kind === 'sign_in.failed' || event.kind === 'password.change_failed'
}
