import { describe, expect, it } from 'vitest'
import { TAB_VIEWS, WORKSPACE_TABS, workspacePlaceFrom, workspaceTabFrom } from './tabs'

describe('workspace tabs', () => {
  it('are the five of the spec, in order', () => {
    expect(WORKSPACE_TABS.map((t) => t.label)).toEqual(['Overview', 'Timeline', 'Documents', 'People', 'Chat'])
  })
  it('put Enquiries and Activity in Documents and the Chain in Timeline', () => {
    expect(TAB_VIEWS.documents.map((v) => v.label)).toEqual(['Documents', 'Enquiries', 'Activity'])
    expect(TAB_VIEWS.timeline.map((v) => v.label)).toEqual(['Stages', 'Chain'])
  })
  it('reads ?tab= and falls back to Overview', () => {
    expect(workspaceTabFrom('people')).toBe('people')
    expect(workspaceTabFrom('nope')).toBe('overview')
    expect(workspaceTabFrom(null)).toBe('overview')
  })
  it('reads ?view= only inside its own tab', () => {
    expect(workspacePlaceFrom('documents', 'enquiries')).toEqual({ tab: 'documents', view: 'enquiries' })
    expect(workspacePlaceFrom('timeline', 'chain')).toEqual({ tab: 'timeline', view: 'chain' })
    expect(workspacePlaceFrom('timeline', 'enquiries')).toEqual({ tab: 'timeline', view: null })
    expect(workspacePlaceFrom('documents', 'nope')).toEqual({ tab: 'documents', view: null })
    expect(workspacePlaceFrom(null, 'chain')).toEqual({ tab: 'overview', view: null })
  })
  it('opens the old ?tab=enquiries and ?tab=chain links in their new places', () => {
    expect(workspacePlaceFrom('enquiries', null)).toEqual({ tab: 'documents', view: 'enquiries' })
    expect(workspacePlaceFrom('chain', null)).toEqual({ tab: 'timeline', view: 'chain' })
    expect(workspaceTabFrom('chain')).toBe('timeline')
  })
})
