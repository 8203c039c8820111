import { describe, expect, it } from 'vitest'
import { WORKSPACE_TABS, workspaceTabFrom } from './tabs'

describe('workspace tabs', () => {
  it('are the five of the spec in order, then Enquiries and Chain', () => {
    expect(WORKSPACE_TABS.map((t) => t.label)).toEqual([
      'Overview',
      'Timeline',
      'Documents',
      'People',
      'Chat',
      'Enquiries',
      'Chain',
    ])
  })
  it('reads ?tab= and falls back to Overview', () => {
    expect(workspaceTabFrom('people')).toBe('people')
    expect(workspaceTabFrom('nope')).toBe('overview')
    expect(workspaceTabFrom(null)).toBe('overview')
  })
})
