/** JSON values sealed with envelope encryption (platform/encryption/envelope.ts) for a column, bound to `context`. */
import { encryptionKeyRing, openEnvelopeText, sealEnvelope } from '#server/platform/encryption/envelope.ts'

/** Seals `value` as JSON under `context` (e.g. `identity-check:<id>:document`). */
export function sealJson(value: unknown, context: string): string {
  return sealEnvelope(encryptionKeyRing(), JSON.stringify(value), context)
}

/** Opens a value sealed by sealJson with the same context; null stays null. */
export function openJson<T>(sealed: string | null, context: string): T | null {
  return sealed === null ? null : (JSON.parse(openEnvelopeText(encryptionKeyRing(), sealed, context)) as T)
}
