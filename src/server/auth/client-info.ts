/**
 * Who is on the other end of the connection: the client's IP address and user agent, resolved once
 * per request by `clientInfo()` (registered first in app.ts) and read everywhere as `c.var.client`:
 * the audit trail, security events, e-signature evidence, and Better Auth's rate limits and session
 * records (through CLIENT_IP_HEADER, which `forBetterAuth` always overwrites).
 *
 * The rule: X-Forwarded-For is believed only when the socket peer is one of TRUSTED_PROXIES (single
 * addresses or CIDR ranges such as `10.0.0.0/8`, IPv4 or IPv6), and then read from the right,
 * skipping trusted hops, so that the first untrusted hop is the client: a client cannot choose its
 * own address by sending the header itself. Otherwise the socket address is the client.
 */
import { BlockList, isIP } from 'node:net'
import type { Context, MiddlewareHandler } from 'hono'

/** The client of one request. `ip` is null when unknown (in-process requests in tests have no socket). */
export interface ClientInfo {
  ip: string | null
  userAgent: string | null
}

/** The header Better Auth reads the client IP from (auth/auth.ts `advanced.ipAddress`); set only here. */
export const CLIENT_IP_HEADER = 'x-homeward-client-ip'

function family(ip: string): 'ipv4' | 'ipv6' | null {
  const v = isIP(ip)
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : null
}

/** An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, as Node reports IPv4 peers on a dual-stack socket) as plain IPv4. */
function plain(ip: string): string {
  return ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')
}

/**
 * Builds a matcher for TRUSTED_PROXIES entries such as `10.0.0.0/8`, `192.168.1.10` or `::1`
 * (Node's BlockList does the CIDR arithmetic). Entries that are not an address or a range are ignored.
 */
export function trustedProxyMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList()
  let any = false
  for (const entry of entries) {
    const [addr, prefix, extra] = entry.trim().split('/')
    const fam = family(addr)
    if (!fam || extra !== undefined) continue
    if (prefix === undefined) list.addAddress(addr, fam)
    else if (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (fam === 'ipv4' ? 32 : 128))
      list.addSubnet(addr, Number(prefix), fam)
    else continue
    any = true
  }
  if (!any) return () => false
  return (ip) => {
    const p = plain(ip)
    const fam = family(p)
    return fam !== null && list.check(p, fam)
  }
}

/**
 * The client address: the socket peer, or, when the peer is trusted, the right-most hop of
 * X-Forwarded-For that is not trusted (the left-most when every hop is). A hop that is not an IP
 * address ends the walk at the peer: no trusted proxy writes one. Undefined when there is no peer.
 */
export function resolveClientIp(
  peer: string | undefined,
  forwardedFor: string | undefined,
  isTrusted: (ip: string) => boolean,
): string | undefined {
  if (!peer) return undefined
  if (!isTrusted(peer) || !forwardedFor) return plain(peer)
  const hops = forwardedFor
    .split(',')
    .map((s) => plain(s.trim()))
    .filter(Boolean)
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!family(hops[i])) return plain(peer)
    if (!isTrusted(hops[i])) return hops[i]
  }
  return hops[0] ?? plain(peer)
}

/**
 * The socket peer of a request served by @hono/node-server, read from its `c.env.incoming`
 * (undefined under app.request without an env). The env is untyped here: each level is checked.
 */
export function socketPeer(c: Context): string | undefined {
  const env: unknown = c.env
  const incoming = typeof env === 'object' && env !== null && 'incoming' in env ? env.incoming : undefined
  const socket = typeof incoming === 'object' && incoming !== null && 'socket' in incoming ? incoming.socket : undefined
  const address =
    typeof socket === 'object' && socket !== null && 'remoteAddress' in socket ? socket.remoteAddress : undefined
  return typeof address === 'string' ? address : undefined
}

/**
 * Middleware: resolves the client once and sets `c.var.client` (`ClientInfo`). The user agent is
 * kept as sent; whoever stores it caps its length.
 */
export function clientInfo(trustedProxies: readonly string[]): MiddlewareHandler<{
  Variables: { client: ClientInfo }
}> {
  const isTrusted = trustedProxyMatcher(trustedProxies)
  return (c, next) => {
    c.set('client', new RequestClient(c, isTrusted))
    return next()
  }
}

/**
 * The ClientInfo of one request, resolved on first read: most requests (reads) never ask, and the
 * address's resolution (X-Forwarded-For, the proxy list) cost about 1% of a transaction detail's CPU.
 */
class RequestClient implements ClientInfo {
  #c: Context | undefined
  #ip: string | null = null
  #userAgent: string | null = null
  readonly #isTrusted: (ip: string) => boolean

  constructor(c: Context, isTrusted: (ip: string) => boolean) {
    this.#c = c
    this.#isTrusted = isTrusted
  }

  #resolve(): void {
    const c = this.#c
    if (!c) return
    this.#c = undefined
    this.#ip = resolveClientIp(socketPeer(c), c.req.header('x-forwarded-for'), this.#isTrusted) ?? null
    this.#userAgent = c.req.header('user-agent') ?? null
  }

  get ip(): string | null {
    this.#resolve()
    return this.#ip
  }

  get userAgent(): string | null {
    this.#resolve()
    return this.#userAgent
  }

  toJSON(): ClientInfo {
    return { ip: this.ip, userAgent: this.userAgent }
  }
}

/**
 * The request to hand to Better Auth: `req` with CLIENT_IP_HEADER set to `c.var.client.ip` (removed
 * when unknown), whatever the client sent in it. The body is read into memory (auth bodies are small
 * JSON, under the edge's 1 MB limit).
 */
export async function forBetterAuth<E extends { Variables: { client: ClientInfo } }>(
  c: Context<E>,
  req: Request,
): Promise<Request> {
  const headers = new Headers(req.headers)
  headers.delete(CLIENT_IP_HEADER)
  const ip = c.var.client.ip
  if (ip) headers.set(CLIENT_IP_HEADER, ip)
  const bytes = req.method === 'GET' || req.method === 'HEAD' ? null : await req.arrayBuffer()
  // An empty body must stay absent: Better Auth answers 415 to a body without a content type.
  return new Request(req.url, { method: req.method, headers, body: bytes?.byteLength ? bytes : undefined })
}
