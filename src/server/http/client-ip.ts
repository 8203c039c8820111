/**
 * The client's address for the audit trail: the socket's peer, or, when that peer is one of
 * TRUSTED_PROXIES, the right-most X-Forwarded-For entry that is not a trusted proxy (so a client
 * cannot spoof it by sending its own header). Null when unknown (in-process test requests).
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** Client IP address as text, or null. */
export function clientIp(c: Context, trustedProxies: string[]): string | null {
  let peer: string | undefined
  try {
    peer = getConnInfo(c).remote.address
  } catch {
    return null
  }
  if (!peer) return null
  const normalise = (a: string) => a.replace(/^::ffff:/, '')
  peer = normalise(peer)
  if (!trustedProxies.includes(peer)) return peer
  const chain = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => normalise(s.trim()))
    .filter(Boolean)
  for (let i = chain.length - 1; i >= 0; i--) if (!trustedProxies.includes(chain[i])) return chain[i]
  return peer
}
