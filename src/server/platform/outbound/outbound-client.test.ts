/**
 * The outbound client against real servers on loopback (the December battery's H1): every spelling
 * of a refused address is refused before any connection (numeric IPv4 spellings, IPv6, IPv4-mapped
 * IPv6, metadata), a host name resolving inside is refused, a redirect is an answer and not
 * followed, DNS rebinding cannot switch the connection (the resolver stub answers differently the
 * second time), the answer is capped, and failures come back as generic classes.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutboundClient, type ResolvedAddress, type Resolver } from './outbound-client'

interface Hit {
  host: string | undefined
  url: string | undefined
  local: string | undefined
}

/** A receiver on `address`: records each request and answers with `answer`. */
async function receiver(
  address: string,
  answer: (req: IncomingMessage, res: import('node:http').ServerResponse) => void = (_, res) => res.end('ok'),
  port = 0,
) {
  const hits: Hit[] = []
  const server = createServer((req, res) => {
    hits.push({ host: req.headers.host, url: req.url, local: req.socket.localAddress })
    req.resume()
    req.on('end', () => answer(req, res))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, address, resolve)
  })
  return { server, hits, port: (server.address() as AddressInfo).port }
}

const servers: Array<Server | TcpServer> = []
const sockets: Socket[] = []
let open: Awaited<ReturnType<typeof receiver>>

beforeAll(async () => {
  open = await receiver('127.0.0.1')
  servers.push(open.server)
})

afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  for (const s of servers) {
    if ('closeAllConnections' in s) s.closeAllConnections()
    await new Promise((resolve) => s.close(resolve))
  }
})

/** A resolver stub answering `answers` in turn (the last one again once they run out), counting calls. */
function stub(...answers: Array<string | string[] | Error>): Resolver & { calls: string[] } {
  const calls: string[] = []
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname)
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]
    if (answer instanceof Error) throw answer
    return (Array.isArray(answer) ? answer : [answer]).map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }))
  }
  return Object.assign(resolve, { calls })
}

const strict = (resolve: Resolver = stub(new Error('no DNS in this test'))) =>
  createOutboundClient({ allowLoopback: false, resolve, timeoutMs: 2_000 })

describe('refused addresses, before any connection', () => {
  it('refuses 127.0.0.1 in every spelling the URL parser accepts: decimal, hex, octal, short', async () => {
    const client = strict()
    for (const host of ['127.0.0.1', '2130706433', '0x7f000001', '0177.0.0.1', '127.1', '0x7f.1']) {
      const result = await client.request({ url: `http://${host}:${open.port}/`, body: '{}' })
      expect(result, host).toMatchObject({ outcome: 'failed', failure: 'address_not_allowed' })
    }
    expect(open.hits).toHaveLength(0)
  })

  it('refuses IPv6 loopback, unique-local, link-local, IPv4-mapped and the transition forms', async () => {
    const client = strict()
    const urls = [
      `http://[::1]:${open.port}/`,
      'https://[fd00::1]/internal',
      'https://[fe80::1]/',
      `http://[::ffff:127.0.0.1]:${open.port}/`,
      `http://[::ffff:7f00:1]:${open.port}/`,
      'https://[::ffff:a00:1]/', // ::ffff:10.0.0.1
      'https://[::]/',
      'https://[2002:7f00:1::]/', // 6to4 of 127.0.0.1
      'https://[64:ff9b::7f00:1]/', // NAT64 of 127.0.0.1
      'https://[2001::1]/', // Teredo
      'https://[ff02::1]/',
    ]
    for (const url of urls) {
      expect(await client.request({ url }), url).toMatchObject({ outcome: 'failed', failure: 'address_not_allowed' })
    }
    expect(open.hits).toHaveLength(0)
  })

  it('refuses private, CGNAT, link-local, broadcast, multicast, reserved and metadata addresses and names', async () => {
    const resolve = stub('8.8.8.8')
    const client = strict(resolve)
    const urls = [
      'https://10.0.0.1/admin',
      'https://172.16.0.1/',
      'https://192.168.1.1/',
      'https://100.64.0.1/',
      'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'https://[fd00:ec2::254]/latest/meta-data/',
      'https://168.63.129.16/', // Azure's wire server: public unicast, refused by name
      'https://0.0.0.0/',
      'https://255.255.255.255/',
      'https://224.0.0.1/',
      'https://192.0.2.1/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://METADATA.GOOGLE.INTERNAL./computeMetadata/v1/',
      `https://localhost:${open.port}/`,
      `http://foo.localhost:${open.port}/`,
    ]
    for (const url of urls) {
      expect(await client.request({ url }), url).toMatchObject({ outcome: 'failed', failure: 'address_not_allowed' })
    }
    // Names refused by name are never looked up.
    expect(resolve.calls).toEqual([])
  })

  it('refuses a host name that resolves to loopback, or to a mix of public and private addresses', async () => {
    const toLoopback = stub('127.0.0.1')
    expect(await strict(toLoopback).request({ url: `http://hooks.example.com:${open.port}/` })).toMatchObject({
      outcome: 'failed',
      failure: 'address_not_allowed',
    })
    expect(toLoopback.calls).toEqual(['hooks.example.com'])
    const mixed = stub(['93.184.215.14', '10.0.0.1'])
    expect(await strict(mixed).request({ url: 'https://hooks.example.com/' })).toMatchObject({
      failure: 'address_not_allowed',
    })
    const mapped = stub('::ffff:127.0.0.1')
    expect(await strict(mapped).check(`https://hooks.example.com/`)).toMatchObject({
      ok: false,
      failure: 'address_not_allowed',
      range: 'loopback',
    })
    expect(open.hits).toHaveLength(0)
  })

  it('refuses plain http to anything but loopback, even where loopback is allowed', async () => {
    const resolve = stub('93.184.215.14')
    const client = createOutboundClient({ allowLoopback: true, resolve, timeoutMs: 2_000 })
    expect(await client.request({ url: 'http://hooks.example.com/' })).toMatchObject({ failure: 'url_not_allowed' })
    expect(await client.request({ url: 'ftp://hooks.example.com/' })).toMatchObject({ failure: 'url_not_allowed' })
  })

  it('says "DNS lookup failed" for a name that does not resolve', async () => {
    const missing = stub(Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' }))
    expect(await strict(missing).request({ url: 'https://nowhere.invalid/' })).toMatchObject({
      outcome: 'failed',
      failure: 'dns_failed',
    })
  })
})

describe('with loopback allowed (OUTBOUND_ALLOW_LOOPBACK, tests)', () => {
  it('posts to a loopback receiver with the Host header of the URL', async () => {
    const client = createOutboundClient({ allowLoopback: true, timeoutMs: 2_000 })
    const before = open.hits.length
    const result = await client.request({ url: `http://127.0.0.1:${open.port}/hooks?x=1`, body: '{"a":1}' })
    expect(result).toMatchObject({ outcome: 'answered', statusCode: 200 })
    expect(open.hits.slice(before)).toEqual([{ host: `127.0.0.1:${open.port}`, url: '/hooks?x=1', local: '127.0.0.1' }])
  })

  it('does not follow a redirect to another loopback URL: the 302 is the answer', async () => {
    const target = await receiver('127.0.0.1')
    const redirecting = await receiver('127.0.0.1', (_, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${target.port}/secret` })
      res.end()
    })
    servers.push(target.server, redirecting.server)
    const client = createOutboundClient({ allowLoopback: true, timeoutMs: 2_000 })
    const result = await client.request({ url: `http://127.0.0.1:${redirecting.port}/`, body: '{}' })
    expect(result).toMatchObject({ outcome: 'answered', statusCode: 302 })
    expect(redirecting.hits).toHaveLength(1)
    expect(target.hits).toHaveLength(0)
  })

  it('DNS rebinding: connects to the address it checked, though a second lookup would answer another', async () => {
    // First answer 127.0.0.1, every later one 127.0.0.2: two receivers on the same port.
    const first = await receiver('127.0.0.1')
    const second = await receiver('127.0.0.2', undefined, first.port)
    servers.push(first.server, second.server)
    const resolve = stub('127.0.0.1', '127.0.0.2')
    const client = createOutboundClient({ allowLoopback: true, resolve, timeoutMs: 2_000 })
    const result = await client.request({ url: `http://rebind.example:${first.port}/hooks`, body: '{}' })
    expect(result).toMatchObject({ outcome: 'answered', statusCode: 200 })
    expect(resolve.calls).toEqual(['rebind.example'])
    expect(first.hits).toEqual([{ host: `rebind.example:${first.port}`, url: '/hooks', local: '127.0.0.1' }])
    expect(second.hits).toHaveLength(0)
  })

  it('reads at most 4 KB of the answer and closes the connection', async () => {
    const big = await receiver('127.0.0.1', (_, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' })
      // An answer that never ends: only the cap ends the read.
      const chunk = Buffer.alloc(64 * 1024, 'x')
      const timer = setInterval(() => res.write(chunk), 5)
      res.on('close', () => clearInterval(timer))
    })
    servers.push(big.server)
    const client = createOutboundClient({ allowLoopback: true, timeoutMs: 5_000 })
    const result = await client.request({ url: `http://127.0.0.1:${big.port}/`, body: '{}' })
    expect(result.outcome).toBe('answered')
    if (result.outcome === 'answered') {
      expect(result.statusCode).toBe(500)
      expect(result.body.length).toBe(4096)
      expect(result.durationMs).toBeLessThan(4_000)
    }
  })

  it('classes failures: connection refused, timed out, TLS error; never the raw text', async () => {
    const client = createOutboundClient({ allowLoopback: true, timeoutMs: 400 })
    // A port just closed: nothing listens.
    const closed = await receiver('127.0.0.1')
    await new Promise((resolve) => closed.server.close(resolve))
    expect(await client.request({ url: `http://127.0.0.1:${closed.port}/` })).toMatchObject({
      outcome: 'failed',
      failure: 'connection_refused',
    })
    // A receiver that never answers.
    const silent = await receiver('127.0.0.1', () => {})
    servers.push(silent.server)
    const slow = await client.request({ url: `http://127.0.0.1:${silent.port}/` })
    expect(slow).toMatchObject({ outcome: 'failed', failure: 'timed_out' })
    expect(slow.durationMs).toBeLessThan(2_000)
    // https to a port that speaks plain text, as the battery's https://localhost:5432 did.
    const plain = createTcpServer((socket) => {
      sockets.push(socket)
      socket.end('not tls at all\r\n')
    })
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve))
    servers.push(plain)
    const tls = await client.request({ url: `https://127.0.0.1:${(plain.address() as AddressInfo).port}/` })
    expect(tls).toMatchObject({ outcome: 'failed', failure: 'tls_error' })
  })
})
