import { describe, expect, it } from 'vitest'
import { safeNextPath, signInHref } from './next-path'

describe('safeNextPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeNextPath('/app/home')).toBe('/app/home')
    expect(safeNextPath('/invite/abc123?x=1#top')).toBe('/invite/abc123?x=1#top')
    expect(safeNextPath('/app/home?invite=5eed0000-0000-4000-8000-000000000001')).toBe(
      '/app/home?invite=5eed0000-0000-4000-8000-000000000001',
    )
  })

  it.each([
    ['empty', ''],
    ['null', null],
    ['absolute URL', 'https://evil.example/app/home'],
    ['protocol-relative', '//evil.example'],
    ['backslash trick', '/\\evil.example'],
    ['percent-encoded protocol-relative', '%2F%2Fevil.example'],
    ['percent-encoded absolute URL', 'https%3A%2F%2Fevil.example'],
    ['embedded backslash', '/app\\..\\//evil.example'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['relative path', 'app/home'],
    ['tab character', '/\t/evil.example'],
    ['newline', '/app\n/home'],
    ['the sign-in screen', '/auth'],
    ['/app itself', '/app'],
    // Dot segments that normalise to a protocol-relative path.
    ['dot segment to protocol-relative', '/..//evil.example'],
    ['dot segments to protocol-relative with a path', '/app/../..//evil.example/path?x=1'],
    ['single-dot segment to protocol-relative', '/.//evil.example'],
    ['encoded dot segment to protocol-relative', '/%2e%2e//evil.example'],
    ['many dot segments', '/a/b/../../..//evil.example'],
    ['dot segment to a triple slash', '/..///evil.example'],
  ])('refuses %s', (_name, value) => {
    expect(safeNextPath(value)).toBeNull()
  })

  it.each([
    ['/app/../marketplace', '/marketplace'],
    ['/../app/home', '/app/home'],
    ['/./app/settings', '/app/settings'],
    ['/app/transactions/../home?x=1#y', '/app/home?x=1#y'],
    ['/app//home', '/app//home'],
  ])('normalises dot segments and still stays on this origin: %s -> %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected)
  })
})

describe('signInHref', () => {
  it('encodes the return path', () => {
    expect(signInHref('/app/transactions/1')).toBe('/auth?next=%2Fapp%2Ftransactions%2F1')
  })
  it('drops an unsafe return path and keeps extra parameters', () => {
    expect(signInHref('//evil.example', { tab: 'sign-up' })).toBe('/auth?tab=sign-up')
    expect(signInHref('/auth')).toBe('/auth')
  })
})
