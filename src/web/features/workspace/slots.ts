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
  /** Documents tab, its Enquiries view: pre-contract enquiries and their reply clocks. */
  enquiriesView?: ReactNode
  /** Documents tab, its Activity view: the move's audit trail as the viewer may read it (decision 052). */
  activityView?: ReactNode
  /** Timeline tab, its Chain view: the move's property chain, first buyer to top. */
  chainView?: ReactNode
  /** People tab, above the people: the fee earner of the viewer's firm's matter (admins reassign it). */
  feeEarner?: ReactNode
  /** People tab, for those who may invite: the invite button beside 'Find a professional'. */
  inviteButton?: ReactNode
  /** People tab, for those who may invite: the pending invitations under the people. */
  pendingInvitations?: ReactNode
  /** People tab: a person's verification badges (identity, CDD ...) on their card, by profile id. */
  partyBadges?: (profileId: string) => ReactNode
  /**
   * Overview, under the progress: 'What is left for you', the viewer's one list of steps by their
   * role (WhatIsLeft), each step from the feature it belongs to (identity, source of funds, deposit,
   * fee, survey, forms, title...).
   */
  whatIsLeft?: ReactNode
  /** Timeline, under a task: a link to the page where that task is done (e.g. the deposit's). */
  taskExtra?: (task: Task) => ReactNode
  /** Header, under the address: the professionals recorded as not on Homeward (off-platform parties). */
  offPlatformSummary?: ReactNode
  /** People tab, beside 'Find a professional': recording a professional who is not on Homeward. */
  recordOffPlatform?: ReactNode
  /** People tab, under the people: the professionals recorded as not on Homeward. */
  offPlatformParties?: ReactNode
}
