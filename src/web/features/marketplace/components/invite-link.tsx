import { useQuery, useQueryClient } from '@tanstack/react-query'
import { UserPlus } from 'lucide-react'
import type { MouseEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button, type ButtonProps } from '#web/components/ui/button.tsx'
import { sessionQueryOptions } from '#web/lib/session/api.ts'
import { inviteHref } from '../invite'

/**
 * Invite for one professional: signed out it goes to /auth and back to the invite after sign-in;
 * signed in it opens the invite flow (/app/home?invite=<orgId>). The session is not fetched when
 * the page loads (a signed-out visitor's 401 would be logged by the browser on every visit):
 * `signedIn` is what the cache already knows (useKnownSession, read once per page, not per card)
 * and the server is asked only when the link is clicked while that is unknown. The accessible
 * name includes the firm ('Invite Harrison Law LLP').
 */
export function InviteLink({
  orgId,
  orgName,
  signedIn,
  size,
  className,
}: {
  orgId: string
  orgName: string
  /** true or false when known, undefined when the session has not been asked for yet. */
  signedIn: boolean | undefined
  size?: ButtonProps['size']
  className?: string
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (signedIn !== undefined) return
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    const current = await queryClient.fetchQuery(sessionQueryOptions).catch(() => null)
    navigate(inviteHref(orgId, !!current))
  }

  return (
    <Button asChild size={size} className={className}>
      <Link to={inviteHref(orgId, !!signedIn)} onClick={onClick}>
        <UserPlus aria-hidden="true" />
        Invite<span className="sr-only"> {orgName}</span>
      </Link>
    </Button>
  )
}

/** What the cache knows about the session without asking the server: true, false, or undefined. */
export function useKnownSession(): boolean | undefined {
  const { data } = useQuery({ ...sessionQueryOptions, enabled: false })
  return data === undefined ? undefined : data !== null
}
