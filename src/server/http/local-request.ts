/**
 * Whether a request came from this machine, straight to us: a loopback socket peer, no proxy
 * headers, and a loopback host name (a DNS-rebound page has its own). What the local outbox
 * (features/dev-mail/routes.ts) and the sandbox payments page (features/billing) require before they answer.
 */
import { BlockList, isIP } from 'node:net'
import type { Context } from 'hono'
import { socketPeer } from '#server/auth/client-info.ts'

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** Whether an address is loopback: 127.0.0.0/8, ::1, or ::ffff:127.x. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  const family = isIP(plain)
  return family !== 0 && LOOPBACK.check(plain, family === 4 ? 'ipv4' : 'ipv6')
}

/** Whether a Host header names this machine: localhost, 127.x or [::1], any port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false
  let hostname: string
  try {
    hostname = new URL(`http://${host}`).hostname
  } catch {
    return false
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true
  return isLoopbackAddress(hostname.replace(/^\[|\]$/g, ''))
}

/** The request came from this machine, straight to us (see the module comment). */
export function isLocalRequest(c: Context): boolean {
  if (!isLoopbackAddress(socketPeer(c))) return false
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false
  return isLoopbackHost(c.req.header('host') ?? new URL(c.req.url).host)
}
