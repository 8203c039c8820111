import type { OrganizationInviteProps } from '../features/dashboard/components/dashboard-view'
import { useDashboard } from '../features/dashboard/api'
import { OrganizationInviteDialog } from '../features/invitations/components/organization-invite-dialog'
import { useOrganization } from '../features/marketplace/api'

/**
 * The marketplace's Invite over the dashboard (/app/home?invite=<orgId>): the invitations feature's
 * dialog, given the firm from the marketplace and the viewer's moves from the dashboard.
 */
export function OrganizationInvite({ orgId, onClose, onCreateTransaction }: OrganizationInviteProps) {
  const org = useOrganization(orgId)
  const moves = useDashboard()
  return (
    <OrganizationInviteDialog
      orgId={orgId}
      org={org}
      moves={moves}
      onClose={onClose}
      onCreateTransaction={onCreateTransaction}
    />
  )
}
