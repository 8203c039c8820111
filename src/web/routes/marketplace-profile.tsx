import { useParams } from 'react-router'
import { ProfileView } from '../features/marketplace/components/profile-view'

/** /marketplace/:orgId: one professional's profile (issue 3). */
export function Component() {
  const { orgId = '' } = useParams()
  return <ProfileView orgId={orgId} />
}
