/**
 * The open API's rules, shared by the server (the gate) and the web app (the settings page): the
 * scopes an API token may hold, the webhook event types an endpoint may subscribe to, the retry
 * schedule of a webhook delivery, and which URLs may receive webhooks. Pure functions, no I/O.
 * docs/decisions/032-open-api-and-webhooks.md.
 */
import {
  ipLiteral,
  isLoopbackHostName,
  isMetadataHostName,
  refusedAddressRange,
  refusedRangeLabel,
  type RefusedRange,
} from './outbound-address'

/**
 * What an API token may do, named `resource:action`. A token reaches only the endpoints whose
 * catalogue entry lists one of these (`scopes` in src/shared/contracts/endpoint.ts), and only with
 * every scope that entry lists.
 */
export const API_SCOPES = [
  'transactions:read',
  'tasks:write',
  'documents:read',
  'enquiries:read',
  'webhooks:read',
  'webhooks:write',
  'matters:write',
  'documents:write',
  'enquiries:write',
  'cases:read',
  'profile:read',
  'profile:write',
] as const
export type ApiScope = (typeof API_SCOPES)[number]

/** A sentence for each scope, for the token form and the token list. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'transactions:read': 'Read moves: property, stages, tasks and participants',
  'tasks:write': 'Tick and untick tasks',
  'documents:read': "Read a move's document list",
  'enquiries:read': "Read a move's pre-contract enquiries",
  'webhooks:read': 'Read webhook endpoints and their delivery logs',
  'webhooks:write': 'Register, change and remove webhook endpoints',
  'matters:write': 'Open matters for clients, one by one or imported from a CSV',
  'documents:write': 'Upload documents and new versions, with who may see them',
  'enquiries:write': 'Raise pre-contract enquiries and answer them',
  'cases:read': "Read the firm's cases board",
  'profile:read': "Read the firm's public profile: description, logo, offices, services, regulator",
  'profile:write': "Change the firm's public profile and logo (firm keys, or an admin's token)",
}

/** The scopes of `required` that `granted` lacks, in `required`'s order (empty when none). */
export function missingScopes(granted: readonly string[], required: readonly ApiScope[]): ApiScope[] {
  return required.filter((scope) => !granted.includes(scope))
}

/** The message of the 403 for a token without a scope the endpoint needs; names every missing scope. */
export function missingScopeMessage(missing: readonly ApiScope[]): string {
  const list = missing.join(', ')
  return missing.length === 1
    ? `This API token lacks the scope ${list}. Create a token with ${list} in Settings > API and webhooks.`
    : `This API token lacks the scopes ${list}. Create a token with them in Settings > API and webhooks.`
}

/** A personal access token starts with this; a firm's API key with API_KEY_PREFIX. */
export const PERSONAL_TOKEN_PREFIX = 'hw_pat_'
export const FIRM_KEY_PREFIX = 'hw_key_'
/** Whose a token is: one person's, or a firm's (made by one of its admins). */
export const API_TOKEN_KINDS = ['personal', 'firm'] as const
export type ApiTokenKind = (typeof API_TOKEN_KINDS)[number]

/** The lifetimes the token form offers, in days; null is "never expires". */
export const TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365, null] as const

/**
 * What a webhook endpoint may subscribe to. Each comes from the move's audit trail: the entry's kind
 * maps to the event type below (ACTIVITY_WEBHOOK_EVENTS), in the same database transaction.
 */
export const WEBHOOK_EVENT_TYPES = [
  'transaction.status_changed',
  'task.completed',
  'document.uploaded',
  'signature.signed',
  'signature.completed',
  'enquiry.raised',
  'enquiry.answered',
  'matter.opened',
  'task.reopened',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** The event a "Send test event" delivers: to that one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'transaction.status_changed': 'Move status changed (activated, exchanged, completed, cancelled)',
  'task.completed': 'Task completed',
  'document.uploaded': 'Document uploaded (or a new version)',
  'signature.signed': 'A signer signed a document',
  'signature.completed': 'A document was signed by everyone',
  'enquiry.raised': 'Enquiry raised',
  'enquiry.answered': 'Enquiry answered',
  'matter.opened': 'Matter opened by a firm (by hand, by the API or imported from a CSV)',
  'task.reopened': 'Task reopened (unticked)',
}

/** Audit-trail kind -> webhook event type; kinds not listed send no webhook. */
export const ACTIVITY_WEBHOOK_EVENTS: Readonly<Record<string, WebhookEventType>> = {
  'status.changed': 'transaction.status_changed',
  'task.completed': 'task.completed',
  'document.uploaded': 'document.uploaded',
  'document.version_added': 'document.uploaded',
  'signature.signed': 'signature.signed',
  'signature.completed': 'signature.completed',
  'enquiry.raised': 'enquiry.raised',
  'enquiry.answered': 'enquiry.answered',
  'task.reopened': 'task.reopened',
}

/**
 * The webhook event an audit entry sends, or null for none: ACTIVITY_WEBHOOK_EVENTS by kind, and
 * 'matter.opened' for the move a firm created by opening a matter (kind 'transaction.created' with
 * the matter's id in its payload, features/firms/open-matter.ts); a move a client created themselves
 * sends none.
 */
export function webhookEventFor(kind: string, payload: Record<string, unknown>): WebhookEventType | null {
  if (kind === 'transaction.created') return typeof payload.matterId === 'string' ? 'matter.opened' : null
  return ACTIVITY_WEBHOOK_EVENTS[kind] ?? null
}

/** A delivery is tried at most this many times, then marked failed (Redeliver starts it again). */
export const WEBHOOK_MAX_ATTEMPTS = 8
/** How long a receiver has to answer one attempt: 10 seconds, then the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000
const FIRST_RETRY_MS = 30_000
const LONGEST_RETRY_MS = 24 * 60 * 60_000

/**
 * Milliseconds to wait after failed attempt number `attempt` (1-based) before the next: 30 s,
 * then four times longer each time (2 min, 8 min, 32 min, 2 h 8 min, 8 h 32 min), at most 24 h;
 * null once `attempt` reaches WEBHOOK_MAX_ATTEMPTS (no more retries). Exponential backoff, as
 * Standard Webhooks recommends, so a receiver that is down for a day still gets the event.
 */
export function webhookRetryDelayMs(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError('attempt counts from 1')
  if (attempt >= WEBHOOK_MAX_ATTEMPTS) return null
  return Math.min(FIRST_RETRY_MS * 4 ** (attempt - 1), LONGEST_RETRY_MS)
}

/**
 * Why a webhook URL is refused, or null when it may be used, as far as the URL alone tells
 * (docs/decisions/047-outbound-requests.md): https, to a host name or a public address. An address
 * written in the URL, in any spelling the URL parser turns into one (2130706433, 0x7f000001,
 * 0177.0.0.1 and 127.1 are all 127.0.0.1; [::ffff:7f00:1] is too), must be public unicast
 * (outbound-address.ts); so must what a host name resolves to, which the server checks as well
 * (platform/outbound). Plain http only to loopback (localhost, 127.0.0.1, [::1]) and only with
 * `allowLoopback` (OUTBOUND_ALLOW_LOOPBACK, refused in production). No credentials in the URL.
 */
export function webhookUrlProblem(
  value: string,
  options: { production: boolean; allowLoopback?: boolean },
): string | null {
  return webhookUrlRefusal(value, options)?.message ?? null
}

/**
 * webhookUrlProblem with its kind: `form` (not a URL, credentials, scheme: a 400 like any invalid
 * field) or `address` (the host is an address or name webhooks may not reach: a 422).
 */
export function webhookUrlRefusal(
  value: string,
  options: { production: boolean; allowLoopback?: boolean },
): { kind: 'form' | 'address'; message: string } | null {
  const form = (message: string) => ({ kind: 'form' as const, message })
  const address = (message: string) => ({ kind: 'address' as const, message })
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return form('Enter the full URL of your endpoint, starting with https://')
  }
  if (url.username || url.password)
    return form('Leave the user name and password out of the URL; we sign every request instead.')
  const allowLoopback = options.allowLoopback === true && !options.production
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return form(httpsOnly(allowLoopback))
  const literal = ipLiteral(url.hostname)
  const loopbackName = isLoopbackHostName(url.hostname)
  if (literal) {
    const range = refusedAddressRange(literal, { allowLoopback })
    if (range) return address(refusedAddressMessage(literal, range))
  } else if (isMetadataHostName(url.hostname)) {
    return address(refusedAddressMessage(url.hostname, 'metadata'))
  } else if (loopbackName && !allowLoopback) {
    return address(refusedAddressMessage(url.hostname, 'loopback'))
  }
  if (url.protocol === 'https:') return null
  const loopback =
    loopbackName || (literal !== null && refusedAddressRange(literal, { allowLoopback: false }) === 'loopback')
  if (allowLoopback && loopback) return null
  return form(httpsOnly(allowLoopback))
}

function httpsOnly(allowLoopback: boolean): string {
  return allowLoopback
    ? 'Webhook URLs must start with https:// (or http:// to this machine while developing)'
    : 'Webhook URLs must start with https://'
}

/** The message for a URL whose host is (or resolves to) a refused address: what it is and what to do. */
export function refusedAddressMessage(host: string, range: RefusedRange): string {
  return `${host} is ${refusedRangeLabel(range)}, which webhooks may not reach. Enter the public https:// address of your endpoint.`
}
