/**
 * The data-encryption key ring as configuration writes it (DATA_ENCRYPTION_KEYS, or
 * DATA_DIR/data-encryption-key made on first start): `id:base64key[,id:base64key...]`, the first key
 * current. Parsed here, beside the config schema, so that config.ts imports nothing of the server;
 * platform/encryption/envelope.ts seals and opens values with the parsed ring.
 * docs/decisions/025-sensitive-data-and-provider-webhooks.md.
 */
import { randomBytes } from 'node:crypto'

/** A key-encryption key: its id (stored beside each value it wraps) and 32 bytes. */
export interface KeyEncryptionKey {
  id: string
  key: Buffer
}

/** The keys in use: `current` wraps new data keys; every key in `byId` can unwrap. */
export interface KeyRing {
  current: KeyEncryptionKey
  byId: ReadonlyMap<string, KeyEncryptionKey>
}

export class EnvelopeError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EnvelopeError'
  }
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/

/**
 * Parses a key ring written as `id:base64key[,id:base64key...]`, the first key current.
 * Each key is 32 bytes (base64 or base64url); ids are 1-32 letters, digits, `-` or `_`.
 * Throws EnvelopeError naming what is wrong.
 */
export function parseKeyRing(text: string): KeyRing {
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const byId = new Map<string, KeyEncryptionKey>()
  for (const entry of entries) {
    const colon = entry.indexOf(':')
    const id = colon > 0 ? entry.slice(0, colon) : ''
    if (!KEY_ID.test(id)) {
      throw new EnvelopeError(`"${entry.slice(0, 12)}…" must start with a key id (letters, digits, - or _) and a colon`)
    }
    const key = Buffer.from(entry.slice(colon + 1), 'base64')
    if (key.length !== 32) throw new EnvelopeError(`key "${id}" must be 32 bytes, base64 encoded (it is ${key.length})`)
    if (byId.has(id)) throw new EnvelopeError(`key id "${id}" appears twice`)
    byId.set(id, { id, key })
  }
  const [current] = byId.values()
  if (!current) throw new EnvelopeError('needs at least one key, written as id:base64key')
  return { current, byId }
}

/** A new key ring line with one random key, for a first start or a rotation: `id:base64key`. */
export function generateKeyRingEntry(id = `k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`): string {
  return `${id}:${randomBytes(32).toString('base64')}`
}
