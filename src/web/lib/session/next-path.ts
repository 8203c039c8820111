import { PAGE_PATHS } from '#shared/paths.ts'

const SIGN_IN_PATHS = new Set<string>([PAGE_PATHS.signIn, PAGE_PATHS.app, `${PAGE_PATHS.app}/`])

/** Where a signed-in person lands when no `next` is given (spec: The calls the product makes: sign-in goes to /app/home). */
export const DEFAULT_SIGNED_IN_PATH = PAGE_PATHS.home

/**
 * Makes a `next` parameter safe to navigate to: a path on this origin ('/invite/abc?x=1#y'), or null.
 * Refuses absolute and protocol-relative URLs ('https://evil.example', '//evil.example', '/\\evil'),
 * other schemes ('javascript:'), control characters, paths whose dot segments normalise to one of
 * those ('/..//evil.example'), and the sign-in screen itself (a loop).
 * "A `next` parameter returns the user where they were going, same-origin paths only."
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null
  const base = 'http://homeward.invalid'
  let url: URL
  try {
    url = new URL(next, base)
  } catch {
    return null
  }
  if (url.origin !== base) return null
  // Dot segments can fold into a protocol-relative path: '/..//evil.example' -> '//evil.example'.
  // Check the normalised path again, as it is what the browser will be sent to.
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return null
  if (SIGN_IN_PATHS.has(url.pathname)) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The sign-in address that returns to `path` afterwards, e.g. '/auth?next=%2Fapp%2Fhome'. */
export function signInHref(path: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra)
  const next = safeNextPath(path)
  if (next) params.set('next', next)
  const query = params.toString()
  return query ? `${PAGE_PATHS.signIn}?${query}` : PAGE_PATHS.signIn
}
