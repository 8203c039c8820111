/**
 * An account whose email is not confirmed can use the app but cannot invite others or sign
 * documents, so that nobody can act in someone else's name with an address they do not own.
 */
import { AppError } from '#server/core/errors.ts'
import type { Viewer } from './viewer'

/** Throws 403 naming what to do when the viewer's email is not verified. `action`: e.g. 'invite people'. */
export function requireVerifiedEmail(viewer: Viewer, action: string): void {
  if (!viewer.emailVerified) {
    throw new AppError(
      'forbidden',
      `Please verify your email first: open the link we emailed to ${viewer.email} before you ${action}. You can ask for a new link from the banner at the top of the page.`,
    )
  }
}
