import { isConveyancer } from '#shared/domain/permissions.ts'
import { MatterFeeEarner } from '../features/cases/components/matter-fee-earner'
import { ChainPanel } from '../features/chains/components/chain-panel'
import { ChatTab } from '../features/chat/components/chat-tab'
import { ChatUnreadBadge } from '../features/chat/components/chat-unread-badge'
import { CompletionFeeCard } from '../features/billing/components/completion-fee-card'
import { DepositOverviewCard, DepositTaskLink } from '../features/deposits/components/deposit-links'
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
import { PartyChecklist } from '../features/verification/components/party-checklist'
import { PartyBadges } from '../features/verification/components/verification-badges'
import { WorkspacePage } from '../features/workspace/components/workspace-page'

/**
 * The transaction workspace with every feature in its place: the workspace's header, Overview,
 * Timeline and People, plus the live indicator, 'Request update' (buyers and sellers), the
 * Documents, Chat and Chain tabs with Chat's unread badge, and inviting by email with the pending
 * invitations (the workspace shows those two only to people who may invite), for a conveyancer
 * their firm's fee earner on the matter (admins reassign it there), and the verification badges on
 * People with the buyer's or seller's checklist on Overview; the deposit's card on Overview and its
 * link under the deposit's timeline task; under a client's task to answer an enquiry, the link to it;
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
        enquiriesTab: <EnquiriesTab txId={detail.id} />,
        chainTab: <ChainPanel txId={detail.id} showPageLink />,
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
        overviewChecklist: <PartyChecklist txId={detail.id} />,
        overviewCards: (
          <>
            <DepositOverviewCard txId={detail.id} viewerRole={detail.viewer_role} />
            <CompletionFeeCard txId={detail.id} viewerRole={detail.viewer_role} />
          </>
        ),
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
