/**
 * The one HTTP client for every request Homeward sends to an address a user or partner supplied
 * (webhook deliveries now; any future callback), so that such a request cannot reach inside
 * (docs/decisions/047-outbound-requests.md, the December battery's H1):
 * - it resolves the host itself (every address DNS answers) and refuses the request when any answer
 *   is not public unicast (shared/domain/outbound-address.ts: loopback, private, link-local, CGNAT,
 *   multicast, unspecified, broadcast, reserved, IPv4-mapped forms of those, 6to4/Teredo/NAT64,
 *   metadata services by address and by name); loopback only with `allowLoopback`;
 * - it connects to the address it checked (a `lookup` that answers only that address, with the Host
 *   header and the TLS server name of the original host), so a second DNS answer (rebinding) cannot
 *   switch it; a fresh connection each time (no pooled socket chosen by host name);
 * - it follows no redirect (a 3xx is an answer like any other);
 * - it reads at most `maxBodyBytes` of the answer and then closes the connection;
 * - it gives up after `connectTimeoutMs` without a connection and after `timeoutMs` in all.
 * Failures come back as a generic class (OUTBOUND_FAILURE_LABELS) that may be shown to the owner of
 * the URL, with the raw error text kept apart (`detail`) for the server's own log only.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { Config } from '#server/config.ts'
import {
  ipLiteral,
  isLoopbackHostName,
  isMetadataHostName,
  refusedAddressRange,
  type RefusedRange,
} from '#shared/domain/outbound-address.ts'

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Resolves a host name to every address it has (tests inject a stub). Rejects when it has none. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

/** The operating system's resolver (getaddrinfo, as node:http would use), every address. */
export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }))

/** Why an outbound request failed, as a class that says nothing about the inside of the network. */
export type OutboundFailure =
  | 'url_not_allowed'
  | 'address_not_allowed'
  | 'dns_failed'
  | 'connection_refused'
  | 'timed_out'
  | 'tls_error'
  | 'connection_failed'

/** The words the owner of the URL reads for each failure class (the webhook delivery log). */
export const OUTBOUND_FAILURE_LABELS: Record<OutboundFailure, string> = {
  url_not_allowed: 'URL not allowed',
  address_not_allowed: 'Address not allowed',
  dns_failed: 'DNS lookup failed',
  connection_refused: 'Connection refused',
  timed_out: 'Timed out',
  tls_error: 'TLS error',
  connection_failed: 'Connection failed',
}

/** The outcome of one request: an answer (any status, 3xx included: never followed) or a failure. */
export type OutboundResult =
  | { outcome: 'answered'; statusCode: number; body: Buffer; durationMs: number }
  | {
      outcome: 'failed'
      failure: OutboundFailure
      /** The raw reason, for the server's log only: never stored where the URL's owner reads it. */
      detail: string
      durationMs: number
    }

/** Whether a URL may be requested: the checked address to connect to, or why not. */
export type OutboundCheck =
  | { ok: true; address: ResolvedAddress }
  | { ok: false; failure: OutboundFailure; detail: string; host: string; range?: RefusedRange }

export interface OutboundClient {
  /**
   * Sends one request (POST unless `method` says otherwise) with `body` and `headers`; resolves with
   * the answer or a failure class, never rejects. `timeoutMs` overrides the client's total timeout.
   */
  request(options: {
    url: string
    method?: string
    headers?: Record<string, string>
    body?: string
    timeoutMs?: number
  }): Promise<OutboundResult>
  /** Resolves and classifies the URL's host as request() would, without connecting (registration). */
  check(url: string): Promise<OutboundCheck>
}

/** Defaults: 10 s in all, 5 s to connect, 4 KB of answer. */
export const OUTBOUND_DEFAULTS = { timeoutMs: 10_000, connectTimeoutMs: 5_000, maxBodyBytes: 4096 } as const

class Failure extends Error {
  constructor(
    readonly failure: OutboundFailure,
    readonly detail: string,
  ) {
    super(detail)
  }
}

const TLS_CODES = new Set([
  'EPROTO',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
])

/** A Node network error as a failure class; `handshaking`: connected over TCP, TLS not yet done. */
function classify(err: unknown, handshaking: boolean): Failure {
  if (err instanceof Failure) return err
  const code = (err as { code?: unknown }).code
  const detail = err instanceof Error ? `${err.message}${typeof code === 'string' ? ` (${code})` : ''}` : String(err)
  if (code === 'ECONNREFUSED') return new Failure('connection_refused', detail)
  if (code === 'ETIMEDOUT') return new Failure('timed_out', detail)
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NODATA')
    return new Failure('dns_failed', detail)
  if (typeof code === 'string' && (TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_')))
    return new Failure('tls_error', detail)
  if (handshaking) return new Failure('tls_error', detail)
  return new Failure('connection_failed', detail)
}

/**
 * Builds the client. `allowLoopback` lets requests reach loopback addresses and plain http to them
 * (config OUTBOUND_ALLOW_LOOPBACK, refused in production); `resolve` replaces DNS (tests).
 */
export function createOutboundClient(options: {
  allowLoopback: boolean
  resolve?: Resolver
  timeoutMs?: number
  connectTimeoutMs?: number
  maxBodyBytes?: number
}): OutboundClient {
  const { allowLoopback } = options
  const resolve = options.resolve ?? systemResolver
  const defaultTimeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs
  const maxBodyBytes = options.maxBodyBytes ?? OUTBOUND_DEFAULTS.maxBodyBytes

  /** The address to connect to, checked; throws a Failure. */
  async function target(url: URL): Promise<ResolvedAddress> {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Failure('url_not_allowed', url.protocol)
    if (url.username || url.password) throw new Failure('url_not_allowed', 'credentials in the URL')
    const host = url.hostname
    const refuse = (address: string, range: RefusedRange) => {
      const failure = new Failure('address_not_allowed', `${host} -> ${address} (${range})`)
      Object.assign(failure, { range })
      return failure
    }
    let answers: ResolvedAddress[]
    const literal = ipLiteral(host)
    if (literal) {
      answers = [{ address: literal, family: literal.includes(':') ? 6 : 4 }]
    } else {
      if (isMetadataHostName(host)) throw refuse(host, 'metadata')
      if (isLoopbackHostName(host) && !allowLoopback) throw refuse(host, 'loopback')
      try {
        answers = await resolve(host)
      } catch (err) {
        const f = classify(err, false)
        throw f.failure === 'dns_failed' ? f : new Failure('dns_failed', f.detail)
      }
      if (!answers.length) throw new Failure('dns_failed', `${host} has no address`)
    }
    // Every answer must be allowed: a name that also resolves inside is refused, whichever answer
    // a connection would have picked.
    for (const answer of answers) {
      const range = refusedAddressRange(answer.address, { allowLoopback })
      if (range) throw refuse(answer.address, range)
    }
    const chosen = answers[0]
    // Plain http only to this machine while developing: anything else travels the internet unsigned by TLS.
    if (url.protocol === 'http:' && refusedAddressRange(chosen.address, { allowLoopback: false }) !== 'loopback')
      throw new Failure('url_not_allowed', `plain http to ${chosen.address}`)
    return chosen
  }

  async function check(value: string): Promise<OutboundCheck> {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      return { ok: false, failure: 'url_not_allowed', detail: 'not a URL', host: '' }
    }
    try {
      return { ok: true, address: await target(url) }
    } catch (err) {
      const f = classify(err, false)
      const range = (err as { range?: RefusedRange }).range
      return { ok: false, failure: f.failure, detail: f.detail, host: url.hostname, ...(range ? { range } : {}) }
    }
  }

  async function request(req: {
    url: string
    method?: string
    headers?: Record<string, string>
    body?: string
    timeoutMs?: number
  }): Promise<OutboundResult> {
    const started = performance.now()
    const elapsed = () => Math.round(performance.now() - started)
    const timeoutMs = req.timeoutMs ?? defaultTimeoutMs
    const connectTimeoutMs = Math.min(options.connectTimeoutMs ?? OUTBOUND_DEFAULTS.connectTimeoutMs, timeoutMs)
    let timer: NodeJS.Timeout | undefined
    let onTimeout: (() => void) | undefined
    const deadline = new Promise<never>((_, reject) => {
      onTimeout = () => reject(new Failure('timed_out', `no answer within ${timeoutMs} ms`))
      timer = setTimeout(() => onTimeout?.(), timeoutMs)
    })
    deadline.catch(() => {})
    try {
      const url = new URL(req.url)
      const address = await Promise.race([target(url), deadline])
      const answer = await Promise.race([
        send(url, address, req, connectTimeoutMs, (abort) => (onTimeout = abort)),
        deadline,
      ])
      return { outcome: 'answered', ...answer, durationMs: elapsed() }
    } catch (err) {
      const f = err instanceof TypeError ? new Failure('url_not_allowed', err.message) : classify(err, false)
      return { outcome: 'failed', failure: f.failure, detail: f.detail, durationMs: elapsed() }
    } finally {
      clearTimeout(timer)
    }
  }

  /**
   * One request to the checked address. `setAbort` hands the total deadline a way to destroy the
   * request, so that the socket is closed rather than left to the receiver.
   */
  function send(
    url: URL,
    address: ResolvedAddress,
    req: { method?: string; headers?: Record<string, string>; body?: string },
    connectTimeoutMs: number,
    setAbort: (abort: () => void) => void,
  ): Promise<{ statusCode: number; body: Buffer }> {
    return new Promise((resolvePromise, rejectPromise) => {
      const secure = url.protocol === 'https:'
      const literal = ipLiteral(url.hostname)
      // The pinned lookup: whatever name node:net asks about, the answer is the checked address.
      const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
        if ((lookupOptions as { all?: boolean } | undefined)?.all) {
          ;(callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [address])
        } else callback(null, address.address, address.family)
      }
      const body = req.body ?? ''
      let connected = false
      let secured = false
      let settled = false
      const client = (secure ? https : http).request({
        protocol: url.protocol,
        host: literal ?? url.hostname,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: req.method ?? 'POST',
        headers: { ...req.headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        agent: false,
        // TLS checks the certificate against the name the owner registered, never the address.
        ...(secure && !literal ? { servername: url.hostname } : {}),
      })
      const fail = (err: unknown) => {
        clearTimeout(connectTimer)
        if (settled) return
        settled = true
        client.destroy()
        rejectPromise(classify(err, secure && connected && !secured))
      }
      setAbort(() => fail(new Failure('timed_out', 'total timeout')))
      const connectTimer = setTimeout(
        () => fail(new Failure('timed_out', `no connection within ${connectTimeoutMs} ms`)),
        connectTimeoutMs,
      )
      client.on('socket', (socket) => {
        socket.once('connect', () => {
          connected = true
          clearTimeout(connectTimer)
        })
        socket.once('secureConnect', () => (secured = true))
      })
      client.on('error', fail)
      client.on('response', (res) => {
        clearTimeout(connectTimer)
        const chunks: Buffer[] = []
        let size = 0
        const finish = () => {
          if (settled) return
          settled = true
          resolvePromise({ statusCode: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, maxBodyBytes) })
          // Whatever is left unread is not wanted: close rather than drain it.
          res.destroy()
          client.destroy()
        }
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          size += chunk.length
          if (size >= maxBodyBytes) finish()
        })
        res.on('end', finish)
        res.on('error', finish)
        res.on('close', finish)
      })
      client.end(body)
    })
  }

  return { request, check }
}

/** The client as configured: loopback only with OUTBOUND_ALLOW_LOOPBACK, and never in production. */
export function outboundClientFor(config: Pick<Config, 'NODE_ENV' | 'OUTBOUND_ALLOW_LOOPBACK'>): OutboundClient {
  return createOutboundClient({ allowLoopback: outboundAllowsLoopback(config) })
}

/** Whether requests to user-supplied addresses may reach loopback (OUTBOUND_ALLOW_LOOPBACK, not in production). */
export function outboundAllowsLoopback(config: Pick<Config, 'NODE_ENV' | 'OUTBOUND_ALLOW_LOOPBACK'>): boolean {
  return config.OUTBOUND_ALLOW_LOOPBACK && config.NODE_ENV !== 'production'
}
