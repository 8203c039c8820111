import { describe, expect, it } from 'vitest'
import {
  ACTIVITY_WEBHOOK_EVENTS,
  API_SCOPES,
  missingScopeMessage,
  missingScopes,
  WEBHOOK_EVENT_TYPES,
  webhookEventFor,
  WEBHOOK_MAX_ATTEMPTS,
  webhookRetryDelayMs,
  webhookUrlProblem,
  webhookUrlRefusal,
} from './api-access'

describe('scopes', () => {
  it('names what a token lacks, in the order the endpoint lists them', () => {
    expect(missingScopes(['transactions:read'], ['transactions:read'])).toEqual([])
    expect(missingScopes([], ['transactions:read'])).toEqual(['transactions:read'])
    expect(missingScopes(['documents:read'], ['webhooks:write', 'tasks:write'])).toEqual([
      'webhooks:write',
      'tasks:write',
    ])
    // A scope is a whole name: no prefixes or wildcards.
    expect(missingScopes(['transactions', 'transactions:*', 'webhooks:read'], ['transactions:read'])).toEqual([
      'transactions:read',
    ])
    expect(missingScopes(['webhooks:read'], ['webhooks:write'])).toEqual(['webhooks:write'])
  })

  it('says which scope is missing and where to get one', () => {
    expect(missingScopeMessage(['tasks:write'])).toMatch(/lacks the scope tasks:write\..*Settings > API and webhooks/)
    expect(missingScopeMessage(['tasks:write', 'documents:read'])).toContain('scopes tasks:write, documents:read')
  })

  it('are resource:action names', () => {
    for (const scope of API_SCOPES) expect(scope).toMatch(/^[a-z]+:(read|write)$/)
  })
})

describe('webhook retry schedule', () => {
  it('waits 30 s, then four times longer each failure, capped at 24 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => webhookRetryDelayMs(n))).toEqual([
      30_000,
      120_000,
      480_000,
      1_920_000,
      7_680_000,
      30_720_000,
      Math.min(122_880_000, 86_400_000),
    ])
  })

  it('stops after the last attempt', () => {
    expect(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS)).toBeNull()
    expect(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS + 3)).toBeNull()
    expect(() => webhookRetryDelayMs(0)).toThrow(RangeError)
  })
})

describe('webhook URLs', () => {
  const dev = { production: false, allowLoopback: true }
  it('take https to a public host, and http only to this machine with the loopback setting, never in production', () => {
    expect(webhookUrlProblem('https://cms.example.co.uk/hooks', { production: true })).toBeNull()
    expect(webhookUrlProblem('https://93.184.215.14/hooks', { production: true })).toBeNull()
    expect(webhookUrlProblem('http://localhost:4000/hooks', dev)).toBeNull()
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', dev)).toBeNull()
    expect(webhookUrlProblem('http://[::1]:4000/hooks', dev)).toBeNull()
    expect(webhookUrlProblem('http://localhost:4000/hooks', { production: true, allowLoopback: true })).toMatch(
      /loopback/,
    )
    expect(webhookUrlProblem('http://cms.example.co.uk/hooks', dev)).toMatch(/https/)
    expect(webhookUrlProblem('ftp://cms.example.co.uk', dev)).toMatch(/https/)
    expect(webhookUrlProblem('not a url', dev)).toMatch(/full URL/)
    expect(webhookUrlProblem('https://user:pw@cms.example.co.uk', { production: true })).toMatch(/password/)
  })

  it('refuse loopback without the setting, in every spelling the URL parser turns into 127.0.0.1 (H1)', () => {
    for (const url of [
      'http://127.0.0.1:5432/',
      'http://2130706433:4399/decimal',
      'http://0x7f000001:4399/hex',
      'http://0177.0.0.1:4399/octal',
      'http://127.1:4399/short',
      'https://127.0.0.1:4398/prod-https-loopback',
      'https://localhost:5432/prod-pg',
      'https://vm.localhost/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
    ]) {
      expect(webhookUrlRefusal(url, { production: false }), url).toEqual({
        kind: 'address',
        message: expect.stringMatching(/loopback address .*Enter the public https:\/\/ address/),
      })
      expect(webhookUrlProblem(url, { production: true }), url).toMatch(/loopback/)
    }
  })

  it('refuse private, link-local, CGNAT, unique-local and metadata hosts, even with the loopback setting', () => {
    const cases: Array<[string, RegExp]> = [
      ['https://10.0.0.1/admin', /10\.0\.0\.1 is a private network address/],
      ['https://192.168.0.10/', /private network/],
      ['https://[fd00::1]/internal', /fd00::1 is a private network address/],
      ['https://[fe80::1]/', /link-local/],
      ['https://100.64.0.1/', /carrier-grade NAT/],
      ['https://169.254.169.254/latest/meta-data/iam/security-credentials/', /metadata service/],
      ['https://[fd00:ec2::254]/', /metadata service/],
      [
        'https://metadata.google.internal/computeMetadata/v1/',
        /metadata\.google\.internal is a cloud provider's metadata service/,
      ],
      ['https://0.0.0.0/', /unspecified/],
      ['https://224.0.0.1/', /multicast/],
      ['https://[64:ff9b::7f00:1]/', /reserved or special-purpose/],
    ]
    for (const [url, message] of cases) {
      expect(webhookUrlRefusal(url, dev), url).toEqual({ kind: 'address', message: expect.stringMatching(message) })
    }
  })
})

describe('events', () => {
  it('map audit kinds only to known event types', () => {
    for (const type of Object.values(ACTIVITY_WEBHOOK_EVENTS)) expect(WEBHOOK_EVENT_TYPES).toContain(type)
    expect(ACTIVITY_WEBHOOK_EVENTS['invitation.sent']).toBeUndefined()
  })

  it('send matter.opened for a move a firm opened as a matter, and nothing for a move a client created', () => {
    expect(webhookEventFor('transaction.created', { matterId: 'm-1' })).toBe('matter.opened')
    expect(webhookEventFor('transaction.created', {})).toBeNull()
    expect(webhookEventFor('task.reopened', { taskId: 't-1' })).toBe('task.reopened')
    expect(webhookEventFor('invitation.sent', {})).toBeNull()
  })
})
