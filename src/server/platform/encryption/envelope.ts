/**
 * Envelope encryption for sensitive data at rest: identity images, bank data, CDD evidence.
 *
 * Each value gets its own random 256-bit data key; the value is sealed with AES-256-GCM under that
 * data key, and the data key is sealed (wrapped) with AES-256-GCM under a key-encryption key from
 * configuration (DATA_ENCRYPTION_KEYS, or DATA_DIR/data-encryption-key made on first start). The
 * sealed value carries the id of the key that wrapped it, so keys can be rotated: put the new key
 * first in the ring, keep the old ones after it, and `rewrapEnvelope` moves each stored value to the
 * new key without touching its ciphertext. docs/decisions/025-sensitive-data-and-provider-webhooks.md.
 *
 * Node's crypto module does the cryptography; this file only lays out the envelope.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { EnvelopeError, type KeyRing } from '#server/config/key-ring.ts'

const MAGIC = 'hwenv1'

function seal(key: Buffer, plaintext: Buffer, aad: Buffer) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(aad)
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return { iv, body, tag: cipher.getAuthTag() }
}

function open(key: Buffer, iv: Buffer, body: Buffer, tag: Buffer, aad: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAAD(aad)
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(body), decipher.final()])
}

/**
 * Seals `plaintext` (bytes or UTF-8 text) into one self-describing string:
 * `hwenv1.<kid>.<wrapIv>.<wrappedKey>.<wrapTag>.<iv>.<ciphertext>.<tag>` (base64url parts).
 * `context` (e.g. `identity-check:<id>:selfie`) is bound as associated data: the value only opens
 * with the same context, so a sealed value copied onto another row does not decrypt.
 */
export function sealEnvelope(ring: KeyRing, plaintext: Buffer | string, context: string): string {
  const dataKey = randomBytes(32)
  const kek = ring.current
  const wrapped = seal(kek.key, dataKey, Buffer.from(`${MAGIC}|${kek.id}`))
  const sealed = seal(
    dataKey,
    typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext,
    Buffer.from(context),
  )
  dataKey.fill(0)
  return [MAGIC, kek.id, wrapped.iv, wrapped.body, wrapped.tag, sealed.iv, sealed.body, sealed.tag]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

function parts(envelope: string) {
  const p = envelope.split('.')
  if (p.length !== 8 || p[0] !== MAGIC) throw new EnvelopeError('not a sealed value')
  const [, kid, ...rest] = p
  const [wrapIv, wrappedKey, wrapTag, iv, body, tag] = rest.map((s) => Buffer.from(s, 'base64url'))
  return { kid: kid!, wrapIv: wrapIv!, wrappedKey: wrappedKey!, wrapTag: wrapTag!, iv: iv!, body: body!, tag: tag! }
}

function unwrapDataKey(ring: KeyRing, e: ReturnType<typeof parts>): Buffer {
  const kek = ring.byId.get(e.kid)
  if (!kek) throw new EnvelopeError(`sealed with key "${e.kid}", which is not in the key ring`)
  try {
    return open(kek.key, e.wrapIv, e.wrappedKey, e.wrapTag, Buffer.from(`${MAGIC}|${e.kid}`))
  } catch {
    throw new EnvelopeError(`key "${e.kid}" does not open this value (wrong key or tampered)`)
  }
}

/** Opens a value made by sealEnvelope with the same `context`. Throws EnvelopeError when it cannot. */
export function openEnvelope(ring: KeyRing, envelope: string, context: string): Buffer {
  const e = parts(envelope)
  const dataKey = unwrapDataKey(ring, e)
  try {
    return open(dataKey, e.iv, e.body, e.tag, Buffer.from(context))
  } catch {
    throw new EnvelopeError('the value does not open in this context (tampered, or moved from another record)')
  } finally {
    dataKey.fill(0)
  }
}

/** openEnvelope as UTF-8 text. */
export function openEnvelopeText(ring: KeyRing, envelope: string, context: string): string {
  return openEnvelope(ring, envelope, context).toString('utf8')
}

/** The id of the key that wrapped a sealed value (to find values still on an old key). */
export function envelopeKeyId(envelope: string): string {
  return parts(envelope).kid
}

/**
 * Rotation: re-wraps the value's data key under the ring's current key; the ciphertext is kept.
 * Returns the value unchanged when it is already on the current key.
 */
export function rewrapEnvelope(ring: KeyRing, envelope: string): string {
  const e = parts(envelope)
  if (e.kid === ring.current.id) return envelope
  const dataKey = unwrapDataKey(ring, e)
  const kek = ring.current
  const wrapped = seal(kek.key, dataKey, Buffer.from(`${MAGIC}|${kek.id}`))
  dataKey.fill(0)
  return [MAGIC, kek.id, wrapped.iv, wrapped.body, wrapped.tag, e.iv, e.body, e.tag]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

let processRing: KeyRing | null = null

/** Sets the process's key ring (startServer and the test app call it once from config). */
export function configureEncryption(ring: KeyRing): void {
  processRing = ring
}

/** The configured key ring; throws when startServer (or the test app) has not set one. */
export function encryptionKeyRing(): KeyRing {
  if (!processRing) throw new Error('No data encryption keys: call configureEncryption at start')
  return processRing
}
