import { Outlet, useMatches } from 'react-router'
import type { HeaderVariant } from '../header-config'
import { PublicFrame } from './public-frame'

/** The header variant of the deepest matched route that names one (route `handle.header`), else 'consumer'. */
function useHeaderVariant(): HeaderVariant {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as { header?: HeaderVariant } | undefined
    if (handle?.header) return handle.header
  }
  return 'consumer'
}

/** Layout route of the public pages inside the single-page app. */
export function PublicLayout() {
  return (
    <PublicFrame variant={useHeaderVariant()}>
      <Outlet />
    </PublicFrame>
  )
}
