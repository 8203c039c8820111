import { describe, expect, it } from 'vitest'
import { describeFirmEvent } from './firm-events'

const actor = { full_name: 'Hana Head' }

describe('describeFirmEvent', () => {
  it('names the member, the roles and the matter', () => {
    expect(
      describeFirmEvent({
        kind: 'firm.role_changed',
        actor,
        detail: { member: 'Ivo Earner', from: 'assistant', to: 'fee_earner' },
      }),
    ).toBe("Hana Head changed Ivo Earner's role from assistant to fee earner")
    expect(
      describeFirmEvent({
        kind: 'firm.matter_reassigned',
        actor,
        detail: { address: '4 Holywell Hill, St Albans', from_name: 'Ivo Earner', to_name: 'Jen Second' },
      }),
    ).toBe('Hana Head reassigned 4 Holywell Hill, St Albans from Ivo Earner to Jen Second')
    expect(
      describeFirmEvent({ kind: 'firm.invitation_sent', actor, detail: { email: 'a@b.test', role: 'admin' } }),
    ).toBe('Hana Head invited a@b.test as admin')
  })

  it('lists SLA target changes and says when a standard list went back to Homeward’s', () => {
    expect(
      describeFirmEvent({
        kind: 'firm.sla_targets_changed',
        actor,
        detail: { changes: [{ clock_type: 'searches', label: 'Searches back', from: 10, to: 12 }] },
      }),
    ).toBe('Hana Head changed the SLA targets: Searches back 10 to 12 working days')
    expect(
      describeFirmEvent({
        kind: 'firm.standard_enquiries_changed',
        actor,
        detail: { category: 'title', items: 0, restored_default: true },
      }),
    ).toMatch(/^Hana Head restored Homeward's standard enquiries for /)
  })

  it('reads a deleted account as a former member, and a detail it lacks without failing', () => {
    expect(describeFirmEvent({ kind: 'firm.member_removed', actor: null, detail: {} })).toBe(
      'A former member removed a member (member) from the firm',
    )
  })
})

describe('describeFirmEvent: the open API', () => {
  it('names the API key and the webhook endpoint, never a secret', () => {
    expect(
      describeFirmEvent({
        kind: 'firm.api_key_created',
        detail: { name: 'Case system', prefix: 'hw_key_Ab12cd' },
        actor,
      }),
    ).toBe('Hana Head created the API key Case system (hw_key_Ab12cd…)')
    expect(describeFirmEvent({ kind: 'firm.api_key_revoked', detail: {}, actor })).toBe(
      'Hana Head revoked the API key of the firm',
    )
    expect(
      describeFirmEvent({ kind: 'firm.webhook_created', detail: { url: 'https://cms.example.co.uk/hooks' }, actor }),
    ).toBe('Hana Head registered the webhook endpoint https://cms.example.co.uk/hooks')
  })
})
