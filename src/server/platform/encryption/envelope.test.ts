import { describe, expect, it } from 'vitest'
import { EnvelopeError, generateKeyRingEntry, parseKeyRing } from '#server/config/key-ring.ts'
import { envelopeKeyId, openEnvelope, openEnvelopeText, rewrapEnvelope, sealEnvelope } from './envelope'

const keyA = `a:${Buffer.alloc(32, 1).toString('base64')}`
const keyB = `b:${Buffer.alloc(32, 2).toString('base64')}`

describe('envelope encryption', () => {
  it('seals and opens text and bytes in the same context', () => {
    const ring = parseKeyRing(keyA)
    const sealed = sealEnvelope(ring, 'Sort code 12-34-56', 'bank-account:1')
    expect(sealed).not.toContain('12-34-56')
    expect(openEnvelopeText(ring, sealed, 'bank-account:1')).toBe('Sort code 12-34-56')
    const bytes = Buffer.from([0, 1, 2, 255])
    expect(openEnvelope(ring, sealEnvelope(ring, bytes, 'x'), 'x').equals(bytes)).toBe(true)
  })

  it('gives a different ciphertext each time (a fresh data key and IV)', () => {
    const ring = parseKeyRing(keyA)
    expect(sealEnvelope(ring, 'same', 'c')).not.toBe(sealEnvelope(ring, 'same', 'c'))
  })

  it('refuses a value moved to another context, or tampered with', () => {
    const ring = parseKeyRing(keyA)
    const sealed = sealEnvelope(ring, 'passport', 'identity-check:1:document')
    expect(() => openEnvelope(ring, sealed, 'identity-check:2:document')).toThrow(EnvelopeError)
    const p = sealed.split('.')
    const body = Buffer.from(p[6]!, 'base64url')
    body[0] = body[0]! ^ 1
    p[6] = body.toString('base64url')
    expect(() => openEnvelope(ring, p.join('.'), 'identity-check:1:document')).toThrow(/tampered/)
    expect(() => openEnvelope(ring, 'plain text', 'c')).toThrow(/not a sealed value/)
  })

  it('rotates: a new current key opens old values, and rewrap moves them without the old key', () => {
    const old = parseKeyRing(keyA)
    const sealed = sealEnvelope(old, 'gift letter', 'c')
    const rotated = parseKeyRing(`${keyB},${keyA}`)
    expect(openEnvelopeText(rotated, sealed, 'c')).toBe('gift letter')
    const moved = rewrapEnvelope(rotated, sealed)
    expect(envelopeKeyId(moved)).toBe('b')
    expect(rewrapEnvelope(rotated, moved)).toBe(moved)
    expect(openEnvelopeText(parseKeyRing(keyB), moved, 'c')).toBe('gift letter')
    expect(() => openEnvelope(parseKeyRing(keyB), sealed, 'c')).toThrow(/not in the key ring/)
  })

  it('explains a malformed key ring', () => {
    expect(() => parseKeyRing('')).toThrow(/at least one key/)
    expect(() => parseKeyRing('nokey')).toThrow(/key id/)
    expect(() => parseKeyRing('a:c2hvcnQ=')).toThrow(/32 bytes/)
    expect(() => parseKeyRing(`${keyA},${keyA}`)).toThrow(/appears twice/)
    expect(parseKeyRing(generateKeyRingEntry('k1')).current.id).toBe('k1')
  })
})
