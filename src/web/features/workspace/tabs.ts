import { TRANSACTION_VIEWS, type TransactionTab, type TransactionView } from '#shared/paths.ts'

/** The workspace's five tabs in order (spec: Screens and routes; Business constants and limits: Tabs: 5). */
export const WORKSPACE_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'timeline', label: 'Timeline' },
  { value: 'documents', label: 'Documents' },
  { value: 'people', label: 'People' },
  { value: 'chat', label: 'Chat' },
] as const satisfies ReadonlyArray<{ value: TransactionTab; label: string }>

export type WorkspaceTab = (typeof WORKSPACE_TABS)[number]['value']

/**
 * The views inside a tab, in the order of the tab's view switcher; `null` is the tab's own first
 * view, shown without `?view=` (decision 063).
 */
export const TAB_VIEWS = {
  documents: [
    { value: null, label: 'Documents' },
    { value: 'enquiries', label: 'Enquiries' },
    { value: 'activity', label: 'Activity' },
  ],
  timeline: [
    { value: null, label: 'Stages' },
    { value: 'chain', label: 'Chain' },
  ],
} as const satisfies Partial<Record<WorkspaceTab, ReadonlyArray<{ value: TransactionView | null; label: string }>>>

/** Where the workspace is: the tab, and the view inside it (null: the tab's first view). */
export interface WorkspacePlace {
  tab: WorkspaceTab
  view: TransactionView | null
}

const isView = (value: string | null): value is TransactionView => !!value && Object.hasOwn(TRANSACTION_VIEWS, value)

/**
 * The place named by `?tab=` and `?view=`: Overview for an unknown tab, the tab's first view for a
 * view that is not in it. Links from before decision 063 (`?tab=enquiries`, `?tab=chain`, in emails
 * and bookmarks) name the view as a tab: they open it inside its tab.
 */
export function workspacePlaceFrom(tab: string | null | undefined, view: string | null | undefined): WorkspacePlace {
  if (isView(tab ?? null)) return { tab: TRANSACTION_VIEWS[tab as TransactionView], view: tab as TransactionView }
  const t = WORKSPACE_TABS.find((x) => x.value === tab)?.value ?? 'overview'
  const v = isView(view ?? null) && TRANSACTION_VIEWS[view as TransactionView] === t ? (view as TransactionView) : null
  return { tab: t, view: v }
}

/** The tab named by `?tab=` (an old view-as-tab link names its tab); Overview for anything else. */
export function workspaceTabFrom(value: string | null | undefined): WorkspaceTab {
  return workspacePlaceFrom(value, null).tab
}
