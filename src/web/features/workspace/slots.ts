import type { ReactNode } from 'react'
import type { Task } from '#shared/contracts/transactions.ts'

/**
 * The parts of the workspace that other features provide, passed in by the app shell
 * (src/web/app/transaction-workspace.tsx) so that the workspace imports none of them. Each is
 * rendered where the comment says; a missing one leaves its place empty.
 */
export interface WorkspaceSlots {
  /** Header, beside 'Your transactions': whether live updates are arriving. */
  liveStatus?: ReactNode
  /** Header, before the status actions (e.g. 'Request an update'). */
  headerActions?: ReactNode
  /** The Documents tab's content. */
  documentsTab?: ReactNode
  /** The Chat tab's content, and the badge on its trigger (unread messages). */
  chatTab?: ReactNode
  chatBadge?: ReactNode
  /** The Enquiries tab's content (pre-contract enquiries and their reply clocks). */
  enquiriesTab?: ReactNode
  /** The Chain tab's content (the move's property chain, first buyer to top). */
  chainTab?: ReactNode
  /** People tab, above the people: the fee earner of the viewer's firm's matter (admins reassign it). */
  feeEarner?: ReactNode
  /** People tab, for those who may invite: the invite button beside 'Find a professional'. */
  inviteButton?: ReactNode
  /** People tab, for those who may invite: the pending invitations under the people. */
  pendingInvitations?: ReactNode
  /** People tab: a person's verification badges (identity, CDD ...) on their card, by profile id. */
  partyBadges?: (profileId: string) => ReactNode
  /** Overview, at the top: what is left for the viewer to do (buyers and sellers). */
  overviewChecklist?: ReactNode
  /** Overview, under the checklist: cards other features add for the viewer (e.g. the deposit). */
  overviewCards?: ReactNode
  /** Timeline, under a task: a link to the page where that task is done (e.g. the deposit's). */
  taskExtra?: (task: Task) => ReactNode
  /** Header, under the address: the professionals recorded as not on Homeward (off-platform parties). */
  offPlatformSummary?: ReactNode
  /** People tab, beside 'Find a professional': recording a professional who is not on Homeward. */
  recordOffPlatform?: ReactNode
  /** People tab, under the people: the professionals recorded as not on Homeward. */
  offPlatformParties?: ReactNode
}
