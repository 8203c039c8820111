/**
 * The local outbox shows every email, reset links included: it is served only with
 * DEV_MAIL=true, only to this machine, and DEV_MAIL is refused in production (config.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Logger } from '#server/logger.ts'
import { createMailService } from '#server/platform/mail/mail-service.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { isLoopbackAddress, isLoopbackHost } from '#server/http/local-request.ts'

let on: TestApp
let off: TestApp
beforeAll(async () => {
  on = await createTestApp({ config: { DEV_MAIL: true } })
  off = await createTestApp({ config: { DEV_MAIL: false } })
})
afterAll(async () => {
  await on?.close()
  await off?.close()
})

const PATHS = ['/dev/mail', '/api/dev/mail']

describe('without DEV_MAIL', () => {
  it.each(PATHS)('%s is 404, even from this machine', async (path) => {
    await off.signUp({ verified: false }) // puts a verification link in the outbox
    const res = await off.request(path, { peer: '127.0.0.1' })
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('verify-email')
  })
})

describe('with DEV_MAIL', () => {
  it.each(PATHS)('%s is served to a loopback peer', async (path) => {
    const user = await on.signUp({ verified: false })
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await on.request(path, { peer })
      expect(res.status, peer).toBe(200)
      expect(await res.text(), peer).toContain(user.email)
    }
  })

  it.each(PATHS)('%s is 404 to another machine, a proxied request or a foreign host name', async (path) => {
    const user = await on.signUp({ verified: false })
    const attempts: Array<{ peer?: string | null; headers?: Record<string, string> }> = [
      { peer: '192.168.1.20' },
      { peer: '10.0.0.7' },
      { peer: '2001:db8::1' },
      { peer: null },
      { peer: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { peer: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
      { peer: '127.0.0.1', headers: { host: 'rebound.evil.example:3000' } },
    ]
    for (const a of attempts) {
      const res = await on.request(path, a)
      expect(res.status, JSON.stringify(a)).toBe(404)
      expect(await res.text()).not.toContain(user.email)
    }
  })

  it('/api/dev/mail?to= keeps only the emails to that address, whatever its case', async () => {
    const [a, b] = [await on.signUp({ verified: false }), await on.signUp({ verified: false })]
    const res = await on.request(`/api/dev/mail?to=${encodeURIComponent(a.email.toUpperCase())}`, { peer: '127.0.0.1' })
    expect(res.status).toBe(200)
    const { messages } = (await res.json()) as { messages: { to: string }[] }
    expect(messages.length).toBeGreaterThan(0)
    expect(messages.every((m) => m.to.toLowerCase() === a.email.toLowerCase())).toBe(true)
    expect(messages.some((m) => m.to.toLowerCase() === b.email.toLowerCase())).toBe(false)
  })
})

describe('loopback rules', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.168.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['fe80::1', false],
    ['', false],
    ['localhost', false],
  ])('address %j -> %s', (address, expected) => expect(isLoopbackAddress(address)).toBe(expected))

  it.each([
    ['localhost:3000', true],
    ['127.0.0.1:3000', true],
    ['[::1]:3000', true],
    ['localhost', true],
    ['192.168.1.5:3000', false],
    ['evil.example', false],
    ['localhost.evil.example', false],
    ['127.0.0.1.evil.example', false],
  ])('host %j -> %s', (host, expected) => expect(isLoopbackHost(host)).toBe(expected))
})

describe('the log of a kept email', () => {
  it('without DEV_MAIL names only the kind and address: no subject, link or code', async () => {
    const lines: string[] = []
    const push = (m: string) => lines.push(m)
    const log: Logger = { debug: push, info: push, warn: push, error: push, child: () => log }
    const service = createMailService({ config: off.config, database: off.database, log })
    const to = `kept-${Date.now()}@homeward.test`
    await off.database.db.transaction((tx) =>
      enqueueMail(
        tx,
        {
          to,
          subject: '123456 is your code',
          text: 'Reset: http://localhost:3000/reset-password?token=secret',
          kind: 'test',
        },
        { deliver: false },
      ),
    )
    service.kick()
    await vi.waitFor(() => expect(lines.filter((l) => l.includes(to))).toHaveLength(1))
    const line = lines.find((l) => l.includes(to))!
    // The warning if it is this service's first unsent email, else its debug line: both say why.
    expect(line).toMatch(/was not sent.*SMTP_URL/)
    expect(line).not.toMatch(/123456|token=|secret/)
    await service.close()
  })

  it('warns once for the first unsent email, then logs their count at most once per interval', async () => {
    const lines: { level: string; m: string }[] = []
    const at = (level: string) => (m: string) => lines.push({ level, m })
    const log: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: () => log }
    const service = createMailService({ config: off.config, database: off.database, log, unsentSummaryMs: 300 })
    const stamp = Date.now()
    for (let i = 0; i < 5; i++) {
      await off.database.db.transaction((tx) =>
        enqueueMail(
          tx,
          { to: `many-${stamp}-${i}@homeward.test`, subject: 's', text: 't', kind: 'test' },
          { deliver: false },
        ),
      )
      service.kick()
    }
    // Every kept email is seen: the earlier test's, if still in the printer's window, and these five.
    await vi.waitFor(() => expect(lines.filter((l) => l.m.includes(`many-${stamp}-4@`))).toHaveLength(1))
    const warnings = () => lines.filter((l) => l.level === 'warn')
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0].m).toContain('set SMTP_URL')
    const later = lines.filter((l) => l.level === 'debug' && l.m.includes('was not sent')).length
    expect(later).toBeGreaterThanOrEqual(4)
    await vi.waitFor(() => expect(warnings()).toHaveLength(2), { timeout: 3000 })
    expect(warnings()[1].m).toBe(
      `${later} more emails were not sent: set SMTP_URL to deliver mail (LOG_LEVEL=debug lists each)`,
    )
    await new Promise((r) => setTimeout(r, 600))
    expect(warnings()).toHaveLength(2)
    await service.close()
  })
})
