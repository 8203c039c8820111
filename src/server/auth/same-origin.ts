/**
 * Which origins may send state-changing requests (CSRF, ASVS 3.5.1), in one place for our edge and
 * Better Auth's trustedOrigins (auth/auth.ts):
 * - PUBLIC_URL not set: the origin the request was made to (scheme, host and port of its URL) is
 *   same-origin, so http://localhost:3000, http://127.0.0.1:3000, http://[::1]:3000 and a LAN address
 *   all work; the default public URL (http://localhost:PORT) counts too.
 * - PUBLIC_URL set: its origin and the TRUSTED_ORIGINS list, nothing else (behind a proxy the Host
 *   header is the proxy's to set, so it is not trusted).
 * A foreign page cannot choose the Origin a browser sends, so a page elsewhere never
 * passes; a DNS-rebound page is same-origin only with its own host name, whose cookies are not ours.
 */
import type { Config } from '../config'

export type OriginPolicy = Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'publicUrlSet' | 'trustedOrigins'>>

/** The origin of a request URL ('http://127.0.0.1:3000'), or null when it cannot be parsed. */
export function requestOrigin(url: string): string | null {
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/** The origins allowed for a request to `url` under `policy` (see the module comment). */
export function allowedOrigins(policy: OriginPolicy, url: string | undefined): string[] {
  const configured = [new URL(policy.publicUrl).origin, ...(policy.trustedOrigins ?? [])]
  if (policy.publicUrlSet) return configured
  const own = url ? requestOrigin(url) : null
  return own && !configured.includes(own) ? [...configured, own] : configured
}

/** Whether `origin` (an Origin header value) may send state-changing requests to `url`. */
export function isAllowedOrigin(policy: OriginPolicy, origin: string, url: string): boolean {
  return allowedOrigins(policy, url).includes(origin)
}

export type CsrfVerdict = 'allow' | 'foreign' | 'missing'

/**
 * The CSRF decision for a state-changing request:
 * - Origin present: 'allow' only for an allowed origin, else 'foreign'.
 * - No Origin: 'foreign' when Sec-Fetch-Site says another site (cross-site or same-site) sent it, or
 *   the Referer is another origin; 'allow' for Sec-Fetch-Site same-origin or none (typed by the user).
 * - No Origin and no Sec-Fetch-Site, but Sec-Fetch-Dest or -User: a browser that says where it is
 *   but not who sent it: 'missing' (refused). Sec-Fetch-Mode alone does not count: Node's fetch
 *   (undici) sends `Sec-Fetch-Mode: cors` on every request, and servers calling our webhooks use it.
 * - None of these: an API client (curl, a script, Playwright's request context), which no other
 *   site's page can drive: 'allow'. Every browser in use sends Origin on state-changing requests and
 *   fetch metadata; old ones that send neither still have SameSite=Lax cookies, the 415 on form
 *   bodies, and no CORS answer for a cross-site JSON preflight.
 */
export function csrfVerdict(
  policy: OriginPolicy,
  url: string,
  headers: (name: string) => string | undefined,
): CsrfVerdict {
  const origin = headers('origin')
  if (origin !== undefined) return isAllowedOrigin(policy, origin, url) ? 'allow' : 'foreign'
  const site = headers('sec-fetch-site')
  if (site === 'cross-site' || site === 'same-site') return 'foreign'
  const referer = headers('referer')
  if (referer) {
    const from = requestOrigin(referer)
    if (!from || !isAllowedOrigin(policy, from, url)) return 'foreign'
  }
  if (site === 'same-origin' || site === 'none') return 'allow'
  const fetchMetadata = ['sec-fetch-dest', 'sec-fetch-user'].some((h) => headers(h) !== undefined)
  return fetchMetadata ? 'missing' : 'allow'
}
