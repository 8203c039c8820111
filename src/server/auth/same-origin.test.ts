import { describe, expect, it } from 'vitest'
import { allowedOrigins, csrfVerdict, isAllowedOrigin, type OriginPolicy } from './same-origin'

const UNSET: OriginPolicy = { publicUrl: 'http://localhost:3000', publicUrlSet: false, trustedOrigins: [] }
const SET: OriginPolicy = {
  publicUrl: 'https://homeward.example',
  publicUrlSet: true,
  trustedOrigins: ['https://www.homeward.example'],
}

describe('isAllowedOrigin without PUBLIC_URL: the address the request was made to', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:3000/api/transactions'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000/api/transactions'],
    ['http://[::1]:3000', 'http://[::1]:3000/api/transactions'],
    ['http://192.168.1.20:3000', 'http://192.168.1.20:3000/api/auth/sign-up/email'],
    ['http://homeward.lan:8080', 'http://homeward.lan:8080/api/transactions'],
    // The default public URL stays allowed whatever address the request went to.
    ['http://localhost:3000', 'http://127.0.0.1:3000/api/transactions'],
  ])('allows %s for %s', (origin, url) => expect(isAllowedOrigin(UNSET, origin, url)).toBe(true))

  it.each([
    ['https://evil.example', 'http://127.0.0.1:3000/api/transactions'],
    ['null', 'http://127.0.0.1:3000/api/transactions'],
    ['http://127.0.0.1:3001', 'http://127.0.0.1:3000/api/transactions'],
    ['https://127.0.0.1:3000', 'http://127.0.0.1:3000/api/transactions'],
    ['http://localhost:3000.evil.example', 'http://localhost:3000/api/transactions'],
    ['http://192.168.1.21:3000', 'http://192.168.1.20:3000/api/transactions'],
    ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000/api/transactions'],
  ])('refuses %s for %s', (origin, url) => expect(isAllowedOrigin(UNSET, origin, url)).toBe(false))
})

describe('isAllowedOrigin with PUBLIC_URL: that origin and TRUSTED_ORIGINS only', () => {
  it.each(['https://homeward.example', 'https://www.homeward.example'])('allows %s', (origin) =>
    expect(isAllowedOrigin(SET, origin, 'http://10.0.0.5:3000/api/transactions')).toBe(true),
  )
  it.each([
    // The request's own address is not enough behind a proxy: the Host header is not ours to trust.
    ['http://10.0.0.5:3000', 'http://10.0.0.5:3000/api/transactions'],
    ['http://evil.example', 'http://evil.example/api/transactions'],
    ['http://homeward.example', 'http://homeward.example/api/transactions'],
  ])('refuses %s for %s', (origin, url) => expect(isAllowedOrigin(SET, origin, url)).toBe(false))

  it('lists them for Better Auth', () => {
    expect(allowedOrigins(SET, 'http://10.0.0.5:3000/x')).toEqual([
      'https://homeward.example',
      'https://www.homeward.example',
    ])
    expect(allowedOrigins(UNSET, 'http://127.0.0.1:3000/x')).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000'])
    expect(allowedOrigins(UNSET, undefined)).toEqual(['http://localhost:3000'])
  })
})

describe('csrfVerdict', () => {
  const url = 'http://localhost:3000/api/transactions'
  const verdict = (headers: Record<string, string>) => csrfVerdict(UNSET, url, (name) => headers[name])

  it.each<[string, Record<string, string>, string]>([
    ['same-origin Origin', { origin: 'http://localhost:3000', cookie: 's=1' }, 'allow'],
    ['foreign Origin', { origin: 'https://evil.example', cookie: 's=1' }, 'foreign'],
    ['"null" Origin', { origin: 'null', cookie: 's=1' }, 'foreign'],
    ['no Origin, Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', cookie: 's=1' }, 'foreign'],
    ['no Origin, Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site', cookie: 's=1' }, 'foreign'],
    ['no Origin, Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }, 'allow'],
    ['no Origin, a foreign Referer', { referer: 'https://evil.example/page', cookie: 's=1' }, 'foreign'],
    [
      'no Origin, same-origin fetch metadata but a foreign Referer',
      { 'sec-fetch-site': 'same-origin', referer: 'https://evil.example/page' },
      'foreign',
    ],
    ['no Origin, a same-origin Referer', { referer: 'http://localhost:3000/app', cookie: 's=1' }, 'allow'],
    [
      'a browser: fetch metadata but no Origin or Sec-Fetch-Site',
      { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', cookie: 's=1' },
      'missing',
    ],
    ["Node's fetch (undici): Sec-Fetch-Mode alone", { 'sec-fetch-mode': 'cors', cookie: 's=1' }, 'allow'],
    ['a browser: Sec-Fetch-Dest only', { 'sec-fetch-dest': 'empty', cookie: 's=1' }, 'missing'],
    ['an API client with a cookie (curl)', { cookie: 's=1', 'user-agent': 'curl/8.5.0' }, 'allow'],
    [
      'an API client with a browser-like User-Agent (Playwright request)',
      { cookie: 's=1', 'user-agent': 'Mozilla/5.0' },
      'allow',
    ],
  ])('%s -> %s', (_name, headers, expected) => expect(verdict(headers)).toBe(expected))
})
