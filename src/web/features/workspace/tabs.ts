import type { TransactionTab } from '../../../shared/paths'

/** The five workspace tabs in order (spec section 2 and 9). */
export const WORKSPACE_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'timeline', label: 'Timeline' },
  { value: 'documents', label: 'Documents' },
  { value: 'people', label: 'People' },
  { value: 'chat', label: 'Chat' },
] as const satisfies ReadonlyArray<{ value: TransactionTab; label: string }>

export type WorkspaceTab = (typeof WORKSPACE_TABS)[number]['value']

/** The tab named by `?tab=`; Overview for anything else. */
export function workspaceTabFrom(value: string | null | undefined): WorkspaceTab {
  return WORKSPACE_TABS.find((t) => t.value === value)?.value ?? 'overview'
}
