/**
 * A random key for Idempotency-Key headers. crypto.randomUUID exists only in secure contexts
 * (https or localhost), so fall back to 16 random bytes as hex elsewhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}
