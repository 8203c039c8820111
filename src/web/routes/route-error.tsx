import { isRouteErrorResponse, useRouteError } from 'react-router'
import { UnexpectedError } from '../components/unexpected-error'

/** The router's root errorElement: any render or loading failure in a route ends here, not on a blank page. */
export function RouteErrorPage() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error)
  return <UnexpectedError error={error} detail={detail} />
}
