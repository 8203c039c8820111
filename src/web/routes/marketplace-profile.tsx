import { useLoaderData, useParams } from 'react-router'
import { ProfileView } from '../features/marketplace/components/profile-view'
import type { ProfileData } from '../route-loaders'

/** /marketplace/:orgId: one professional's profile, rendered by the server with its data. */
export function Component() {
  const { orgId = '' } = useParams()
  const rendered = useLoaderData() as ProfileData | null
  return <ProfileView orgId={orgId} rendered={rendered?.org} />
}
