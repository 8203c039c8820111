import type { FirmEvent } from '#shared/contracts/firms.ts'
import { ENQUIRY_CATEGORY_LABELS, type EnquiryCategory } from '#shared/domain/enquiries.ts'
import { memberRoleLabel } from '#shared/domain/firms.ts'

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null)
const role = (v: unknown) => memberRoleLabel(text(v) ?? 'member').toLowerCase()
/** An API key as its events name it: 'Case system (hw_key_Ab12cd…)'. */
const apiKey = (d: Record<string, unknown>) =>
  [text(d.name), text(d.prefix) ? `(${text(d.prefix)}…)` : null].filter(Boolean).join(' ') || 'of the firm'

interface SlaChange {
  label?: unknown
  from?: unknown
  to?: unknown
}

/**
 * One firm event as a sentence for the firm's Activity page, e.g. "Hana Head reassigned 4 Holywell
 * Hill from Ivo Earner to Jen Second". `detail` is read defensively: an event written by an older or
 * newer server reads as what it can name. A deleted account's events read "A former member".
 */
export function describeFirmEvent(event: Pick<FirmEvent, 'kind' | 'detail' | 'actor'>): string {
  const who = event.actor?.full_name ?? 'A former member'
  const d = event.detail
  switch (event.kind) {
    case 'firm.created':
      return `${who} created the firm`
    case 'firm.claimed':
      return `${who} claimed the firm's marketplace listing`
    case 'firm.member_joined':
      return `${who} joined as ${role(d.role)}`
    case 'firm.role_changed':
      return `${who} changed ${text(d.member) ?? 'a member'}'s role from ${role(d.from)} to ${role(d.to)}`
    case 'firm.member_removed':
      return `${who} removed ${text(d.member) ?? 'a member'} (${role(d.role)}) from the firm`
    case 'firm.invitation_sent':
      return `${who} invited ${text(d.email) ?? 'a colleague'} as ${role(d.role)}`
    case 'firm.invitation_revoked':
      return `${who} withdrew the invitation to ${text(d.email) ?? 'a colleague'}`
    case 'firm.matter_reassigned':
      return `${who} reassigned ${text(d.address) ?? 'a matter'} from ${text(d.from_name) ?? 'nobody'} to ${text(d.to_name) ?? 'another fee earner'}`
    case 'firm.sla_targets_changed': {
      const changes = Array.isArray(d.changes) ? (d.changes as SlaChange[]) : []
      const listed = changes
        .map((c) => `${text(c.label) ?? 'a clock'} ${String(c.from)} to ${String(c.to)} working days`)
        .join('; ')
      return `${who} changed the SLA targets${listed ? `: ${listed}` : ''}`
    }
    case 'firm.standard_enquiries_changed': {
      const category = ENQUIRY_CATEGORY_LABELS[d.category as EnquiryCategory] ?? 'a category'
      return d.restored_default === true
        ? `${who} restored Homeward's standard enquiries for ${category}`
        : `${who} changed the standard enquiries for ${category} (${typeof d.items === 'number' ? d.items : 'some'} in the list)`
    }
    case 'firm.api_key_created':
      return `${who} created the API key ${apiKey(d)}`
    case 'firm.api_key_revoked':
      return `${who} revoked the API key ${apiKey(d)}`
    case 'firm.webhook_created':
      return `${who} registered the webhook endpoint ${text(d.url) ?? ''}`.trim()
    case 'firm.webhook_removed':
      return `${who} removed the webhook endpoint ${text(d.url) ?? ''}`.trim()
    case 'firm.webhook_secret_rotated':
      return `${who} replaced the signing secret of ${text(d.url) ?? 'a webhook endpoint'}`
    case 'firm.billing_checkout_started':
      return `${who} started a Pro checkout for ${String(d.seats ?? 'some')} seats`
    case 'firm.billing_subscribed':
      return `${who} subscribed to Pro (${String(d.seats ?? 'some')} seats, ${d.interval === 'year' ? 'annual' : 'monthly'})`
    case 'firm.billing_payment_failed':
      return `A payment for Pro failed: ${text(d.reason) ?? 'the card was declined'}`
    case 'firm.billing_checkout_abandoned':
      return `${who} left the Pro checkout before paying`
    case 'firm.billing_seats_changed':
      return `${who} changed Pro seats from ${String(d.from)} to ${String(d.to)}`
    case 'firm.billing_seats_refused':
      return `${who} tried to reduce Pro to ${String(d.to)} seats, fewer than the firm's members`
    case 'firm.billing_cancelled':
      return `${who} cancelled Pro at the end of the period`
    case 'firm.billing_resumed':
      return `${who} kept Pro after cancelling`
    case 'firm.profile_updated': {
      const fields = Array.isArray(d.fields) ? d.fields.filter((f): f is string => typeof f === 'string') : []
      return `${who} changed the firm's public profile${fields.length ? ` (${fields.join(', ').replace(/_/g, ' ')})` : ''}`
    }
    default:
      return `${who} changed the firm`
  }
}
