import type { TransactionTab } from '#shared/paths.ts'

/** The workspace tabs in order: the five of the spec (sections 2 and 9), then Enquiries and Chain. */
export const WORKSPACE_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'timeline', label: 'Timeline' },
  { value: 'documents', label: 'Documents' },
  { value: 'people', label: 'People' },
  { value: 'chat', label: 'Chat' },
  { value: 'enquiries', label: 'Enquiries' },
  { value: 'chain', label: 'Chain' },
] as const satisfies ReadonlyArray<{ value: TransactionTab; label: string }>

export type WorkspaceTab = (typeof WORKSPACE_TABS)[number]['value']

/** The tab named by `?tab=`; Overview for anything else. */
export function workspaceTabFrom(value: string | null | undefined): WorkspaceTab {
  return WORKSPACE_TABS.find((t) => t.value === value)?.value ?? 'overview'
}
