import { describe, expect, it } from 'vitest'
import { resolveClientIp, trustedProxyMatcher } from './client-info'

describe('trustedProxyMatcher', () => {
  const trusted = trustedProxyMatcher([
    '10.0.0.0/8',
    '192.168.1.10',
    'fd00::/8',
    'not-an-ip',
    '10.0.0.0/99',
    ' 172.16.0.0/12 ',
  ])

  it('matches CIDR ranges and single addresses, IPv4 and IPv6', () => {
    expect(trusted('10.200.3.4')).toBe(true)
    expect(trusted('192.168.1.10')).toBe(true)
    expect(trusted('fd12:3456::1')).toBe(true)
    expect(trusted('172.31.255.255')).toBe(true)
    expect(trusted('11.0.0.1')).toBe(false)
    expect(trusted('192.168.1.11')).toBe(false)
    expect(trusted('2001:db8::1')).toBe(false)
  })

  it('reads an IPv4-mapped IPv6 peer as IPv4', () => {
    expect(trusted('::ffff:10.1.2.3')).toBe(true)
    expect(trusted('::ffff:11.1.2.3')).toBe(false)
  })

  it('trusts nothing when TRUSTED_PROXIES is empty or all invalid', () => {
    expect(trustedProxyMatcher([])('10.0.0.1')).toBe(false)
    expect(trustedProxyMatcher(['nope', '10.0.0.0/x'])('10.0.0.1')).toBe(false)
  })
})

describe('resolveClientIp', () => {
  const trusted = trustedProxyMatcher(['10.0.0.0/8'])

  it('is the socket peer when the peer is not trusted, whatever the header says', () => {
    expect(resolveClientIp('198.51.100.9', '203.0.113.50', trusted)).toBe('198.51.100.9')
    expect(resolveClientIp('::ffff:198.51.100.9', undefined, trusted)).toBe('198.51.100.9')
  })

  it('behind a trusted peer, is the right-most untrusted hop', () => {
    expect(resolveClientIp('10.0.0.1', '203.0.113.50', trusted)).toBe('203.0.113.50')
    expect(resolveClientIp('10.0.0.1', '6.6.6.6, 203.0.113.50, 10.9.9.9', trusted)).toBe('203.0.113.50')
  })

  it('behind a trusted peer, is the left-most hop when every hop is trusted, and the peer without a header', () => {
    expect(resolveClientIp('10.0.0.1', '10.1.1.1, 10.2.2.2', trusted)).toBe('10.1.1.1')
    expect(resolveClientIp('10.0.0.1', undefined, trusted)).toBe('10.0.0.1')
  })

  it('stops at the peer on a hop that is not an address', () => {
    expect(resolveClientIp('10.0.0.1', '203.0.113.50, garbage', trusted)).toBe('10.0.0.1')
  })

  it('is undefined without a socket', () => {
    expect(resolveClientIp(undefined, '203.0.113.50', trusted)).toBeUndefined()
  })
})
