/**
 * Where Invite goes for a professional (issue 3): signed in, to the invite flow that the workspace
 * builds (`/app/home?invite=<orgId>`); signed out, to /auth with `next` set to that same address,
 * so the person comes back to the invite after signing in.
 */
export function inviteHref(orgId: string, signedIn: boolean): string {
  const target = `/app/home?invite=${encodeURIComponent(orgId)}`
  return signedIn ? target : `/auth?next=${encodeURIComponent(target)}`
}
