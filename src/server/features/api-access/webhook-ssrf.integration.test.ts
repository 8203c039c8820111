/**
 * Webhook endpoint URLs cannot reach inside (the December 2026 battery's H1), through the app on a
 * real database with OUTBOUND_ALLOW_LOOPBACK off, as production runs: every reproduction URL is
 * refused at registration with a 422 that says what to fix (numeric spellings of 127.0.0.1, IPv6,
 * metadata, private ranges, names resolving inside); an endpoint stored before the check is refused
 * at delivery; and the delivery log the owner reads holds only the status or a generic class, never
 * the receiver's text or a raw network error, old rows included (migration 0052).
 */
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebhookDeliveryList, WebhookSecret } from '#shared/contracts/api-access.ts'
import { AppError } from '#server/core/errors.ts'
import { createLogger } from '#server/logger.ts'
import { encryptionKeyRing, sealEnvelope } from '#server/platform/encryption/envelope.ts'
import { createOutboundClient, type Resolver } from '#server/platform/outbound/outbound-client.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { checkWebhookUrl, secretContext } from './webhook-endpoints'
import { createWebhookWorker } from './webhook-worker'

const t = useTestApp({ config: { OUTBOUND_ALLOW_LOOPBACK: false } })
const MIGRATIONS = 'src/server/db/migrations'

let mallory: TestUser
beforeAll(async () => {
  mallory = await t.signUp({ name: 'Mallory Nomoves' })
})

async function register(url: string) {
  return t.request('/api/webhook-endpoints', { as: mallory, json: { url, event_types: ['task.completed'] } })
}

const REPRODUCTION_URLS = [
  'http://127.0.0.1:5432/',
  'http://2130706433:4399/decimal',
  'http://0x7f000001:4399/hex',
  'http://0177.0.0.1:4399/octal',
  'http://127.1:4399/short',
  'https://127.0.0.1:4397/closed',
  'https://localhost:5432/pg-over-https',
  'http://localhost:4301/api/transactions',
  'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://10.0.0.1/admin',
  'https://[fd00::1]/internal',
  'https://[::1]/',
  'https://[fe80::1]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:7f00:1]/',
  'https://100.64.0.1/',
]

describe('registration', () => {
  it('answers 422 to every reproduction URL, saying what to fix, and stores nothing', async () => {
    for (const url of REPRODUCTION_URLS) {
      const res = await register(url)
      const body = (await res.json()) as { error: { code: string; message: string; fields?: { url: string[] } } }
      expect(res.status, url).toBe(422)
      expect(body.error.code).toBe('unprocessable')
      expect(body.error.fields?.url[0], url).toMatch(/which webhooks may not reach\. Enter the public https:\/\//)
    }
    const stored = await t.database.query(`select 1 from webhook_endpoints where profile_id = $1`, [mallory.profileId])
    expect(stored).toHaveLength(0)
  })

  it('resolves a host name at registration: inside or unresolvable is a 422 naming the host, not its address', async () => {
    const stub =
      (address: string): Resolver =>
      async () => [{ address, family: 4 }]
    const refused = (resolve: Resolver, url: string) =>
      checkWebhookUrl({
        url,
        production: false,
        allowLoopback: false,
        outbound: createOutboundClient({ allowLoopback: false, resolve }),
      }).then(
        () => null,
        (err: unknown) => err,
      )
    for (const address of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '100.100.100.200']) {
      const err = await refused(stub(address), 'https://vm.example/dnsname-https')
      expect(err, address).toBeInstanceOf(AppError)
      expect((err as AppError).code).toBe('unprocessable')
      expect((err as AppError).message).toBe(
        'url: vm.example does not resolve to a public internet address, which webhooks need. Check the host name, or enter the public https:// address of your endpoint.',
      )
    }
    const missing = await refused(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })
    }, 'https://nowhere.example/')
    expect((missing as AppError).code).toBe('unprocessable')
    expect(await refused(stub('93.184.215.14'), 'https://hooks.example.com/')).toBeNull()
  })

  it('in production: https only, and loopback refused whatever the setting says', async () => {
    for (const url of [
      'https://127.0.0.1:4398/prod-https-loopback',
      'https://localhost:5432/prod-pg',
      'http://127.0.0.1:4399/prod',
      'https://169.254.169.254/latest/meta-data/',
    ]) {
      const err = await checkWebhookUrl({
        url,
        production: true,
        allowLoopback: true,
        outbound: createOutboundClient({ allowLoopback: false }),
      }).catch((e: unknown) => e)
      expect(err, url).toBeInstanceOf(AppError)
      expect((err as AppError).code, url).toBe('unprocessable')
    }
    const http = await checkWebhookUrl({
      url: 'http://hooks.example.com/',
      production: true,
      allowLoopback: false,
      outbound: createOutboundClient({ allowLoopback: false }),
    }).catch((e: unknown) => e)
    expect((http as AppError).message).toBe('url: Webhook URLs must start with https://')
  })
})

describe('the delivery log', () => {
  const servers: Array<Server | TcpServer> = []
  const sockets: Socket[] = []
  const hits: string[] = []
  let secretPort: number
  let redirectPort: number
  let tlsPort: number
  let closedPort: number

  const listen = async (server: Server | TcpServer) => {
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return (server.address() as AddressInfo).port
  }

  beforeAll(async () => {
    const answering = (name: string, answer: (res: import('node:http').ServerResponse) => void) =>
      createServer((req, res) => {
        hits.push(`${name} ${req.url}`)
        req.resume()
        req.on('end', () => answer(res))
      })
    secretPort = await listen(
      answering('secret', (res) => {
        res.statusCode = 500
        res.end('INTERNAL-SECRET: db_password=hunter2; this text should never be shown to a tenant')
      }),
    )
    const targetPort = await listen(answering('target', (res) => res.end('followed')))
    redirectPort = await listen(
      answering('redirect', (res) => {
        res.writeHead(302, { location: `http://127.0.0.1:${targetPort}/followed` })
        res.end()
      }),
    )
    tlsPort = await listen(
      createTcpServer((socket) => {
        sockets.push(socket)
        hits.push('plain')
        socket.end('SSH-2.0-OpenSSH_9.6\r\n')
      }),
    )
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    closedPort = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
  })

  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    for (const server of servers) {
      if ('closeAllConnections' in server) server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  /** An endpoint stored as registrations before the check stored them, and a test event queued to it. */
  async function storedEndpointWithTestEvent(url: string) {
    const id = randomUUID()
    const sealed = sealEnvelope(
      encryptionKeyRing(),
      `whsec_${Buffer.alloc(32, 3).toString('base64')}`,
      secretContext(id),
    )
    await t.database.query(
      `insert into webhook_endpoints (id, url, description, event_types, secret_sealed, profile_id)
       values ($1, $2, '', '{task.completed}', $3, $4)`,
      [id, url, sealed, mallory.profileId],
    )
    const res = await t.request(`/api/webhook-endpoints/${id}/test`, { as: mallory, method: 'POST' })
    expect(res.status).toBe(202)
    return id
  }

  async function log(endpointId: string) {
    const res = await t.request(`/api/webhook-endpoints/${endpointId}/deliveries`, { as: mallory })
    const text = await res.text()
    expect(res.status).toBe(200)
    expect(text).not.toMatch(/INTERNAL-SECRET|hunter2|ECONNREFUSED|fetch failed|certificate|socket|OpenSSH/i)
    return WebhookDeliveryList.parse(JSON.parse(text)).deliveries[0]
  }

  it('refuses, at delivery, an endpoint on loopback stored before the check: "Address not allowed", nothing sent', async () => {
    const ids = await Promise.all(
      [
        `http://127.0.0.1:${secretPort}/secret`,
        `http://2130706433:${secretPort}/decimal`,
        `http://localhost:${secretPort}/by-name`,
        `http://[::ffff:7f00:1]:${secretPort}/mapped`,
      ].map(storedEndpointWithTestEvent),
    )
    const worker = createWebhookWorker({
      database: t.appDatabase,
      log: createLogger('silent'),
      outbound: createOutboundClient({ allowLoopback: false }),
      timeoutMs: 2_000,
    })
    expect(await worker.drain()).toBe(4)
    await worker.stop()
    for (const id of ids) {
      expect(await log(id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_status_code: null,
        last_error: 'Address not allowed',
      })
    }
    expect(hits).toEqual([])
  })

  it('keeps only the status or a generic class where the receiver is reachable (loopback allowed, as in development)', async () => {
    const secret = await storedEndpointWithTestEvent(`http://127.0.0.1:${secretPort}/secret`)
    const redirect = await storedEndpointWithTestEvent(`http://127.0.0.1:${redirectPort}/moved`)
    const tls = await storedEndpointWithTestEvent(`https://127.0.0.1:${tlsPort}/https-to-ssh`)
    const closed = await storedEndpointWithTestEvent(`https://127.0.0.1:${closedPort}/closed`)
    const worker = createWebhookWorker({
      database: t.appDatabase,
      log: createLogger('silent'),
      outbound: createOutboundClient({ allowLoopback: true }),
      timeoutMs: 2_000,
    })
    await worker.drain()
    await worker.stop()
    expect(await log(secret)).toMatchObject({ last_status_code: 500, last_error: 'HTTP 500' })
    expect(await log(redirect)).toMatchObject({ last_status_code: 302, last_error: 'Redirect not followed (HTTP 302)' })
    expect(await log(tls)).toMatchObject({ last_status_code: null, last_error: 'TLS error' })
    expect(await log(closed)).toMatchObject({ last_status_code: null, last_error: 'Connection refused' })
    expect(hits.sort()).toEqual(['plain', 'redirect /moved', 'secret /secret'])
    const stored = await t.database.query<{ last_error: string }>(
      `select last_error from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.profile_id = $1`,
      [mallory.profileId],
    )
    expect(JSON.stringify(stored)).not.toMatch(/INTERNAL-SECRET|ECONNREFUSED|OpenSSH/)
  })

  it('rewrites what older rows kept to the same generic words (migration 0052), and leaves the new words alone', async () => {
    const endpoint = await storedEndpointWithTestEvent('https://hooks.example.com/')
    const old = {
      'HTTP 500: INTERNAL-SECRET: db_password=hunter2': 'HTTP 500',
      'HTTP 401: {"error":{"code":"unauthenticated"}}': 'HTTP 401',
      'HTTP 302': 'Redirect not followed (HTTP 302)',
      'No answer within 10 s': 'Timed out',
      'fetch failed: connect ECONNREFUSED 127.0.0.1:4397': 'Connection refused',
      'fetch failed: self-signed certificate': 'TLS error',
      'fetch failed: Client network socket disconnected before secure TLS connection was established': 'TLS error',
      'fetch failed: other side closed': 'Connection failed',
      'fetch failed: getaddrinfo ENOTFOUND nowhere.example': 'DNS lookup failed',
      'Address not allowed': 'Address not allowed',
      'Connection refused': 'Connection refused',
      'Redirect not followed (HTTP 307)': 'Redirect not followed (HTTP 307)',
    }
    const ids: Record<string, string> = {}
    for (const text of Object.keys(old)) {
      const [row] = await t.database.query<{ id: string }>(
        `insert into webhook_deliveries (endpoint_id, event_id, event_type, body, status, last_error)
         values ($1, $2, 'webhook.test', '{}', 'failed', $3) returning id`,
        [endpoint, `msg_${randomUUID()}`, text],
      )
      ids[text] = row.id
    }
    // Found by name: its number may change when branches are merged.
    const file = readdirSync(MIGRATIONS).find((name) => name.endsWith('_webhook-generic-errors.sql'))!
    const migration = readFileSync(`${MIGRATIONS}/${file}`, 'utf8')
    for (let run = 0; run < 2; run++) {
      await t.database.query(migration)
      for (const [text, expected] of Object.entries(old)) {
        const [row] = await t.database.query<{ last_error: string }>(
          `select last_error from webhook_deliveries where id = $1`,
          [ids[text]],
        )
        expect(row.last_error, text).toBe(expected)
      }
    }
  })
})

// The registration path stays open for a public receiver (the check is not a blanket refusal).
describe('a public https endpoint', () => {
  it('is registered when its name resolves to a public address', async () => {
    const err = await checkWebhookUrl({
      url: 'https://hooks.example.com/homeward',
      production: true,
      allowLoopback: false,
      outbound: createOutboundClient({
        allowLoopback: false,
        resolve: async () => [{ address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }],
      }),
    }).catch((e: unknown) => e)
    expect(err).toBeUndefined()
    // Through the app a literal public address needs no lookup.
    const res = await register('https://93.184.215.14/homeward')
    expect(res.status).toBe(201)
    WebhookSecret.parse(await res.json())
  })
})
