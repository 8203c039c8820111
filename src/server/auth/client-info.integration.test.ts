/**
 * The client's address behind a proxy range: with TRUSTED_PROXIES = 10.0.0.0/8, a request whose
 * socket peer is in the range is recorded under the right-most untrusted X-Forwarded-For hop, in
 * the audit trail, in security events and in Better Auth's session record alike; from a peer
 * outside the range the header is ignored and the socket address is the client.
 */
import { describe, expect, it } from 'vitest'
import { createTransaction } from '#server/test/factories.ts'
import { makePdf } from '#server/test/test-files.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp({ config: { TRUSTED_PROXIES: '10.0.0.0/8', trustedProxies: ['10.0.0.0/8'] } })

const PROXY = '10.20.30.40'
const CLIENT = '203.0.113.50'
const UNTRUSTED_PEER = '198.51.100.9'

const env = (peer: string) => ({
  incoming: { socket: { remoteAddress: peer, remotePort: 50000, remoteFamily: 'IPv4' } },
})

/** Signs in from `peer` with `forwardedFor`; returns the session cookie and the security event's and session's IPs. */
async function signInFrom(user: TestUser, peer: string, forwardedFor: string) {
  const res = await t.request('/api/auth/sign-in/email', {
    json: { email: user.email, password: user.password },
    peer,
    headers: { 'x-forwarded-for': forwardedFor, 'user-agent': 'ProxyTest/1.0' },
  })
  expect(res.status).toBe(200)
  const [event] = await t.database.query<{ ip: string | null; user_agent: string | null }>(
    `select e.ip, e.user_agent from security_events e join "user" u on u.id = e.user_id
      where u.email = $1 and e.kind = 'sign_in.succeeded' order by e.created_at desc, e.id desc limit 1`,
    [user.email],
  )
  const [session] = await t.database.query<{ ip_address: string | null }>(
    `select s.ip_address from session s join "user" u on u.id = s.user_id where u.email = $1
      order by s.created_at desc limit 1`,
    [user.email],
  )
  return { event, sessionIp: session.ip_address }
}

/** Uploads a PDF from `peer` with `forwardedFor`; returns the IP its audit entry records. */
async function uploadFrom(user: TestUser, txId: string, peer: string, forwardedFor: string) {
  const filename = `Proxy-${Math.random().toString(36).slice(2)}.pdf`
  const res = await t.app.request(
    `/api/transactions/${txId}/documents?${new URLSearchParams({ folder: 'Property', filename })}`,
    {
      method: 'POST',
      headers: { cookie: user.cookie, origin: 'http://localhost:3000', 'x-forwarded-for': forwardedFor },
      body: new Uint8Array(await makePdf('Proxy test')),
    },
    env(peer),
  )
  expect(res.status).toBe(201)
  const [entry] = await t.database.query<{ ip: string | null }>(
    `select ip from activity_events where transaction_id = $1 and kind = 'document.uploaded' and summary like $2`,
    [txId, `%${filename}%`],
  )
  return entry.ip
}

describe('TRUSTED_PROXIES as a CIDR range (10.0.0.0/8)', () => {
  it('behind a proxy in the range, the security event and the session record the client, not the proxy', async () => {
    const user = await t.signUp()
    const { event, sessionIp } = await signInFrom(user, PROXY, CLIENT)
    expect(event).toEqual({ ip: CLIENT, user_agent: 'ProxyTest/1.0' })
    expect(sessionIp).toBe(CLIENT)
  })

  it('behind a proxy in the range, the audit entry records the client', async () => {
    const user = await t.signUp()
    const tx = await createTransaction(t.database, { buyerProfileId: user.profileId })
    expect(await uploadFrom(user, tx.transactionId, PROXY, CLIENT)).toBe(CLIENT)
    // Two proxies of the range in a row: the right-most hop outside it is the client; what the client
    // wrote in the header itself (the left-most entry) is not believed.
    expect(await uploadFrom(user, tx.transactionId, PROXY, `6.6.6.6, ${CLIENT}, 10.9.8.7`)).toBe(CLIENT)
  })

  it('from a peer outside the range, X-Forwarded-For is ignored everywhere', async () => {
    const user = await t.signUp()
    const { event, sessionIp } = await signInFrom(user, UNTRUSTED_PEER, CLIENT)
    expect(event.ip).toBe(UNTRUSTED_PEER)
    expect(sessionIp).toBe(UNTRUSTED_PEER)
    const tx = await createTransaction(t.database, { buyerProfileId: user.profileId })
    expect(await uploadFrom(user, tx.transactionId, UNTRUSTED_PEER, CLIENT)).toBe(UNTRUSTED_PEER)
  })
})
