import type { SecurityEvent } from '#shared/contracts/account.ts'

const LABELS: Record<string, string> = {
  'account.created': 'Account created',
  'sign_in.succeeded': 'Signed in',
  'sign_in.failed': 'Failed sign-in attempt',
  sign_out: 'Signed out',
  'password.changed': 'Password changed',
  'password.change_failed': 'Password change refused',
  'email.changed': 'Email address changed',
  'mfa.enabled': 'Two-factor authentication turned on',
  'mfa.disabled': 'Two-factor authentication turned off',
  'mfa.backup_codes_regenerated': 'New backup codes made (the old ones no longer work)',
  'mfa.failed': 'Wrong two-factor code entered',
  'mfa.locked': 'Two-factor sign-in locked after too many wrong codes',
  'data.exported': 'Downloaded your data',
  'firm.created': 'Created your firm',
  'firm.claimed': "Claimed your firm's listing",
  'firm.member_joined': 'Joined a firm',
  'firm.role_changed': "Changed a firm member's role",
  'firm.member_removed': 'Removed a member from your firm',
  'firm.invitation_sent': 'Invited a colleague to your firm',
  'firm.invitation_revoked': 'Withdrew an invitation to your firm',
  'firm.matter_reassigned': "Reassigned a matter's fee earner",
  'firm.sla_targets_changed': "Changed your firm's SLA targets",
  'firm.standard_enquiries_changed': "Changed your firm's standard enquiries",
  'api_token.created': 'Created an API token',
  'api_token.revoked': 'Revoked an API token',
  'webhook.created': 'Registered a webhook endpoint',
  'webhook.removed': 'Removed a webhook endpoint',
  'webhook.secret_rotated': "Replaced a webhook endpoint's signing secret",
  'firm.api_key_created': 'Created a firm API key',
  'firm.api_key_revoked': 'Revoked a firm API key',
  'firm.webhook_created': 'Registered a firm webhook endpoint',
  'firm.webhook_removed': 'Removed a firm webhook endpoint',
  'firm.webhook_secret_rotated': "Replaced a firm webhook endpoint's signing secret",
  'firm.billing_checkout_started': 'Started a Pro checkout for your firm',
  'firm.billing_subscribed': 'Subscribed your firm to Pro',
  'firm.billing_payment_failed': "A payment for your firm's Pro failed",
  'firm.billing_checkout_abandoned': 'Left a Pro checkout before paying',
  'firm.billing_seats_changed': "Changed your firm's Pro seats",
  'firm.billing_seats_refused': 'Seat change refused: fewer seats than members',
  'firm.billing_cancelled': "Cancelled your firm's Pro",
  'firm.billing_resumed': "Kept your firm's Pro after cancelling",
  'firm.profile_updated': "Changed your firm's public profile",
}

/**
 * A security event as this build reads it: `kind` may be one it does not know yet (written by a newer
 * server than the page in the browser), which reads as 'Security event'.
 */
type ReadableEvent = Pick<SecurityEvent, 'detail'> & { kind: SecurityEvent['kind'] | (string & {}) }

/** What a security event says to its owner, e.g. 'Signed out all other sessions (2)'. */
export function describeSecurityEvent(event: ReadableEvent): string {
  if (event.kind === 'sessions.revoked') {
    const count = typeof event.detail.count === 'number' ? event.detail.count : null
    if (event.detail.scope === 'one') return 'Signed out another session'
    if (event.detail.scope === 'others') return `Signed out all other sessions${count !== null ? ` (${count})` : ''}`
    if (event.detail.scope === 'global') return 'Signed out everywhere'
    return 'Sessions signed out'
  }
  if (event.kind === 'password.changed') return 'Password changed; other sessions signed out'
  const named = event.detail.providerName ?? event.detail.provider
  const provider = typeof named === 'string' ? named : null
  if (event.kind === 'identity.linked') return `Linked sign-in with ${provider ?? 'a provider'}`
  if (event.kind === 'identity.unlinked') return `Unlinked sign-in with ${provider ?? 'a provider'}`
  if (event.kind === 'identity.link_failed') return `Linking ${provider ?? 'a provider'} failed`
  if (event.kind === 'sign_in.succeeded' && event.detail.method === 'oauth' && provider)
    return `Signed in with ${provider}`
  if (event.kind === 'account.created' && event.detail.method === 'oauth' && provider)
    return `Account created with ${provider}`
  if (event.kind === 'sign_in.succeeded' && event.detail.factor === 'backup_code') return 'Signed in with a backup code'
  if (event.kind === 'sign_in.succeeded' && event.detail.factor === 'totp')
    return 'Signed in with two-factor authentication'
  return LABELS[event.kind] ?? 'Security event'
}

/** Whether the event is one a person should look at twice (shown with a warning style). */
export function isWarning(event: Pick<ReadableEvent, 'kind'>): boolean {
  return (
    event.kind === 'sign_in.failed' ||
    event.kind === 'password.change_failed' ||
    event.kind === 'mfa.failed' ||
    event.kind === 'mfa.locked' ||
    event.kind === 'mfa.disabled' ||
    event.kind === 'identity.link_failed'
  )
}
