import { describe, expect, it } from 'vitest'
import {
  ACTIVITY_WEBHOOK_EVENTS,
  API_SCOPES,
  missingScopeMessage,
  missingScopes,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MAX_ATTEMPTS,
  webhookRetryDelayMs,
  webhookUrlProblem,
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
  it('take https anywhere and http only to this machine outside production', () => {
    expect(webhookUrlProblem('https://cms.example.co.uk/hooks', { production: true })).toBeNull()
    expect(webhookUrlProblem('http://localhost:4000/hooks', { production: false })).toBeNull()
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', { production: false })).toBeNull()
    expect(webhookUrlProblem('http://localhost:4000/hooks', { production: true })).toMatch(/https/)
    expect(webhookUrlProblem('http://cms.example.co.uk/hooks', { production: false })).toMatch(/https/)
    expect(webhookUrlProblem('ftp://cms.example.co.uk', { production: false })).toMatch(/https/)
    expect(webhookUrlProblem('not a url', { production: false })).toMatch(/full URL/)
    expect(webhookUrlProblem('https://user:pw@cms.example.co.uk', { production: true })).toMatch(/password/)
  })
})

describe('events', () => {
  it('map audit kinds only to known event types', () => {
    for (const type of Object.values(ACTIVITY_WEBHOOK_EVENTS)) expect(WEBHOOK_EVENT_TYPES).toContain(type)
    expect(ACTIVITY_WEBHOOK_EVENTS['task.reopened']).toBeUndefined()
  })
})
