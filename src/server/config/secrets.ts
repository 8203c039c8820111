/**
 * Secrets configuration generates on a first start when they are not set (config.ts): kept beside the
 * schema so that config.ts imports nothing of the server.
 */
import { randomBytes } from 'node:crypto'

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}
