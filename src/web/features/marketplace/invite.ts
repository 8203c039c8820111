import { inviteOrganizationPath, PAGE_PATHS } from '#shared/paths.ts'

/**
 * Where Invite goes for a professional: signed in, to the invite flow that the workspace
 * builds (`/app/home?invite=<orgId>`); signed out, to /auth with `next` set to that same address,
 * so the person comes back to the invite after signing in.
 */
export function inviteHref(orgId: string, signedIn: boolean): string {
  const target = inviteOrganizationPath(orgId)
  return signedIn ? target : `${PAGE_PATHS.signIn}?next=${encodeURIComponent(target)}`
}
