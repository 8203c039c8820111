/**
 * The client's IP address for rate limits and session records. X-Forwarded-For is believed only when
 * the socket peer is one of TRUSTED_PROXIES (IPs or CIDR ranges), and then read from the right,
 * skipping trusted hops; otherwise the socket address is the client. Better Auth reads the result from
 * CLIENT_IP_HEADER, which we always overwrite, so a client cannot choose its own address.
 */
import { BlockList, isIP } from 'node:net'
import type { Context } from 'hono'

export const CLIENT_IP_HEADER = 'x-homeward-client-ip'

function family(ip: string): 'ipv4' | 'ipv6' | null {
  const v = isIP(ip)
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : null
}

/** Builds a matcher for TRUSTED_PROXIES entries such as `10.0.0.0/8` or `::1`; bad entries are ignored. */
export function trustedProxyMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList()
  for (const entry of entries) {
    const [addr, prefix] = entry.split('/')
    const fam = family(addr)
    if (!fam) continue
    if (prefix === undefined) list.addAddress(addr, fam)
    else if (/^\d+$/.test(prefix)) list.addSubnet(addr, Number(prefix), fam)
  }
  return (ip) => {
    const plain = ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')
    const fam = family(plain)
    return fam !== null && list.check(plain, fam)
  }
}

/** The client address: the socket peer, or the first untrusted hop of X-Forwarded-For behind a trusted proxy. */
export function resolveClientIp(
  peer: string | undefined,
  forwardedFor: string | undefined,
  isTrusted: (ip: string) => boolean,
): string | undefined {
  if (!peer || !isTrusted(peer) || !forwardedFor) return peer
  const hops = forwardedFor
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!family(hops[i])) return peer
    if (!isTrusted(hops[i])) return hops[i]
  }
  return hops[0] ?? peer
}

/** The socket peer of a request served by @hono/node-server (undefined under app.request in tests). */
function socketPeer(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress
}

/** The request to hand to Better Auth: CLIENT_IP_HEADER set to the resolved client IP (or removed). */
export async function withClientIp(c: Context, req: Request, isTrusted: (ip: string) => boolean): Promise<Request> {
  const ip = resolveClientIp(socketPeer(c), req.headers.get('x-forwarded-for') ?? undefined, isTrusted)
  const headers = new Headers(req.headers)
  headers.delete(CLIENT_IP_HEADER)
  if (ip) headers.set(CLIENT_IP_HEADER, ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1'))
  const bytes = req.method === 'GET' || req.method === 'HEAD' ? null : await req.arrayBuffer()
  // An empty body must stay absent: Better Auth answers 415 to a body without a content type.
  return new Request(req.url, { method: req.method, headers, body: bytes?.byteLength ? bytes : undefined })
}
