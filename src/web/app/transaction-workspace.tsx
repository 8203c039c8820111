import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { isConveyancer } from '#shared/domain/permissions.ts'
import { MatterFeeEarner } from '../features/cases/components/matter-fee-earner'
import { ChainPanel } from '../features/chains/components/chain-panel'
import { ChatTab } from '../features/chat/components/chat-tab'
import { ChatUnreadBadge } from '../features/chat/components/chat-unread-badge'
import { useCompletionFeeTodos } from '../features/billing/components/completion-fee-todos'
import { DepositTaskLink } from '../features/deposits/components/deposit-links'
import { useDepositTodos } from '../features/deposits/components/deposit-todos'
import { ActivityTrail } from '../features/documents/components/activity-trail'
import { DocumentsTab } from '../features/documents/components/documents-tab'
import { EnquiriesTab } from '../features/enquiries/components/enquiries-tab'
import { EnquiryTaskLink } from '../features/enquiries/components/enquiry-task-link'
import { InviteByEmailDialog } from '../features/invitations/components/invite-by-email-dialog'
import { PendingInvitations } from '../features/invitations/components/pending-invitations'
import { ProposedAppointments } from '../features/invitations/components/proposed-appointments'
import {
  OffPlatformPartyCards,
  OffPlatformSummary,
  RecordOffPlatformButton,
} from '../features/off-platform-parties/components/off-platform-people'
import { LiveIndicator } from '../features/live/components/live-indicator'
import { mayRequestUpdate, RequestUpdateButton } from '../features/update-requests/components/request-update-button'
import { useVerificationTodos } from '../features/verification/components/party-todos'
import { useFormTodos } from '../features/property-forms/components/form-todos'
import { useReviewTodos } from '../features/reviews/components/review-todos'
import { useSurveyTodos } from '../features/surveys/components/survey-todos'
import { useTitleTodos } from '../features/title-checks/components/title-todos'
import { WhatIsLeft } from '../features/workspace/components/what-is-left'
import { PartyBadges } from '../features/verification/components/verification-badges'
import { WorkspacePage } from '../features/workspace/components/workspace-page'

/**
 * The transaction workspace with every feature in its place: the workspace's header, Overview,
 * Timeline and People, plus the live indicator, 'Request update' (buyers and sellers), the
 * Documents and Chat tabs with Chat's unread badge, Enquiries and Activity inside Documents and the
 * Chain inside Timeline (decision 063), and inviting by email with the pending
 * invitations (the workspace shows those two only to people who may invite), for a conveyancer
 * their firm's fee earner on the matter (admins reassign it there), and the verification badges on
 * People, and on Overview the viewer's one 'What is left for you' list (OverviewTodos); the
 * deposit's link under the deposit's timeline task; under a client's task to answer an enquiry, the link to it;
 * the professionals recorded as not on Homeward in the header and on People, with recording,
 * editing, removing and inviting them.
 */
export function TransactionWorkspace({
  txId,
  viewerName,
  viewerId,
}: {
  txId: string
  viewerName: string
  /** The viewer's profile id (ticks; chat: own messages, mentions). */
  viewerId: string
}) {
  return (
    <WorkspacePage
      txId={txId}
      viewerName={viewerName}
      viewerId={viewerId}
      slots={(detail) => ({
        liveStatus: <LiveIndicator txId={detail.id} />,
        headerActions: mayRequestUpdate(detail.viewer_role) && <RequestUpdateButton txId={detail.id} />,
        documentsTab: <DocumentsTab detail={detail} />,
        chatTab: <ChatTab detail={detail} viewerId={viewerId} />,
        chatBadge: <ChatUnreadBadge txId={detail.id} />,
        enquiriesView: <EnquiriesTab txId={detail.id} />,
        activityView: <ActivityTrail txId={detail.id} />,
        chainView: <ChainPanel txId={detail.id} showPageLink />,
        inviteButton: (
          <InviteByEmailDialog
            txId={detail.id}
            viewerRole={detail.viewer_role}
            hasBuyer={!!detail.buyer_user_id}
            hasSeller={!!detail.seller_user_id}
          />
        ),
        // The firm's matter: only a conveyancer on the move can belong to a firm instructed on it.
        feeEarner: isConveyancer(detail.viewer_role) && (
          <MatterFeeEarner
            txId={detail.id}
            address={detail.property ? detail.property.address_lines.join(', ') : 'this move'}
          />
        ),
        pendingInvitations: (
          <>
            <ProposedAppointments txId={detail.id} viewerRole={detail.viewer_role} />
            <PendingInvitations txId={detail.id} viewerRole={detail.viewer_role} />
          </>
        ),
        partyBadges: (profileId) => <PartyBadges txId={detail.id} profileId={profileId} />,
        whatIsLeft: <OverviewTodos detail={detail} viewerId={viewerId} />,
        taskExtra: (task) => (
          <>
            <DepositTaskLink txId={detail.id} task={task} viewerRole={detail.viewer_role} />
            <EnquiryTaskLink txId={detail.id} task={task} viewerRole={detail.viewer_role} />
          </>
        ),
        offPlatformSummary: <OffPlatformSummary txId={detail.id} />,
        recordOffPlatform: (
          <RecordOffPlatformButton
            txId={detail.id}
            viewerRole={detail.viewer_role}
            heldRoles={detail.transaction_participants.map((p) => p.role)}
          />
        ),
        offPlatformParties: <OffPlatformPartyCards txId={detail.id} viewerRole={detail.viewer_role} />,
      })}
    />
  )
}

/**
 * Overview's 'What is left for you': the viewer's steps from every feature that has one for their
 * role on this move, in one list (decision 063). Each feature reads only what it needs, and only for
 * the roles that may read it.
 */
function OverviewTodos({ detail, viewerId }: { detail: TransactionDetail; viewerId: string }) {
  const role = detail.viewer_role
  const open = detail.status !== 'completed' && detail.status !== 'cancelled'
  const items = [
    ...useVerificationTodos(detail.id, viewerId),
    ...useDepositTodos(detail.id, role),
    ...useSurveyTodos(detail.id, role, open),
    ...useFormTodos(detail.id, role),
    ...useTitleTodos(detail.id, role),
    ...useCompletionFeeTodos(detail.id, role),
    ...useReviewTodos(detail.id, role, detail.status === 'completed'),
  ]
  return <WhatIsLeft items={items} />
}
