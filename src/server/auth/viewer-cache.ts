/**
 * Who is signed in with this cookie, kept per server process so that a request does not pay a second
 * database round trip for it (the session lookup was about 175 microseconds of every request's CPU).
 * Bounded: at most `maxEntries` cookies (least recently used go first), each for at most `maxAgeMs`,
 * and never past its session's idle expiry or absolute lifetime (auth/viewer.ts lookUpSession).
 *
 * Forgotten at once when anything that makes up a viewer changes: database triggers (migration 0015)
 * announce every ended or shortened session and every change to a user, profile or role row on the
 * NOTIFY channel homeward_viewer, whoever writes it (Better Auth's sign-out, revocation and password
 * paths, our account, two-factor and deletion features, an operator's SQL). This process hears its
 * own writes before their COMMIT returns (db/client.ts onViewerChange), so the next request after a
 * sign-out here is a 401; other processes hear them through their realtime hub's LISTEN connection.
 * While that connection is down nothing is served from or added to the cache, and it is emptied
 * when the connection comes back (announcements may have been missed).
 */
import type { Database } from '../db/client'
import type { RealtimeHub } from '../platform/realtime/realtime-hub'
import { lookUpSession, readCookie, sessionCookieName, type Viewer } from './viewer'

/** Cookies kept per process: about 1 KB each, so 10,000 is about 10 MB at most. */
export const VIEWER_CACHE_MAX_ENTRIES = 10_000
/** Longest a viewer is kept without being read again, a backstop should an announcement be lost. */
export const VIEWER_CACHE_MAX_AGE_MS = 60_000

interface Entry {
  viewer: Viewer
  /** Local clock (ms) after which the entry is read again from the database. */
  until: number
}

export interface ViewerCache {
  /** The viewer of the request's session cookie, or null (signed out, expired, tampered). */
  resolve(cookieHeader: string | undefined): Promise<Viewer | null>
  /** Forgets every kept viewer. */
  clear(): void
  /** Number of kept cookies. */
  size(): number
}

export function createViewerCache(options: {
  database: Database
  realtime: Pick<RealtimeHub, 'onViewerChange' | 'onResync' | 'isListening'>
  secret: string
  secure: boolean
  maxSessionDays?: number
  maxEntries?: number
  maxAgeMs?: number
}): ViewerCache {
  const { database, realtime, secret, secure, maxSessionDays } = options
  const maxEntries = options.maxEntries ?? VIEWER_CACHE_MAX_ENTRIES
  const maxAgeMs = options.maxAgeMs ?? VIEWER_CACHE_MAX_AGE_MS
  const cookieName = sessionCookieName(secure)
  // Keyed by the raw signed cookie value: equal bytes verify alike, so a hit needs no HMAC.
  const entries = new Map<string, Entry>()
  const cookiesOf = new Map<string, Set<string>>()
  // Bumped by every change: a lookup that began before one must not keep what it read.
  let generation = 0

  function remove(cookie: string) {
    const entry = entries.get(cookie)
    if (!entry) return
    entries.delete(cookie)
    const set = cookiesOf.get(entry.viewer.authId)
    set?.delete(cookie)
    if (set?.size === 0) cookiesOf.delete(entry.viewer.authId)
  }

  function forget(authUserId: string) {
    generation++
    for (const cookie of [...(cookiesOf.get(authUserId) ?? [])]) remove(cookie)
  }

  function clear() {
    generation++
    entries.clear()
    cookiesOf.clear()
  }

  realtime.onViewerChange(forget)
  realtime.onResync(clear)

  return {
    async resolve(cookieHeader) {
      const cookie = readCookie(cookieHeader, cookieName)
      if (!cookie) return null
      const listening = realtime.isListening()
      const entry = entries.get(cookie)
      if (entry) {
        if (listening && entry.until > Date.now()) {
          // Least recently used goes first: move this one to the end.
          entries.delete(cookie)
          entries.set(cookie, entry)
          return entry.viewer
        }
        remove(cookie)
      }
      const before = generation
      const found = await lookUpSession({ database, cookieHeader, secret, secure, maxSessionDays })
      if (!found) return null
      if (listening && realtime.isListening() && generation === before && found.validForMs > 0) {
        // Shared by every request with this cookie from now on: nobody may change it.
        Object.freeze(found.viewer.roles)
        Object.freeze(found.viewer)
        entries.set(cookie, { viewer: found.viewer, until: Date.now() + Math.min(maxAgeMs, found.validForMs) })
        let set = cookiesOf.get(found.viewer.authId)
        if (!set) cookiesOf.set(found.viewer.authId, (set = new Set()))
        set.add(cookie)
        if (entries.size > maxEntries) remove(entries.keys().next().value!)
      }
      return found.viewer
    },
    clear,
    size: () => entries.size,
  }
}
