/**
 * Announces a change to live streams from inside the caller's database transaction: PostgreSQL
 * delivers a NOTIFY only when the transaction commits, and never when it rolls back, so a stream
 * never shows a change that did not happen.
 */
import { sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { LIVE_CHANNEL, type LiveAnnouncement } from './realtime-hub'

/** NOTIFY payloads are limited to 8,000 bytes by PostgreSQL; ours carry ids and short texts only. */
const MAX_PAYLOAD_BYTES = 7_900

/** Queues the announcement for delivery at commit. Throws if its JSON exceeds the NOTIFY limit. */
export async function announce(tx: Tx, announcement: LiveAnnouncement): Promise<void> {
  const payload = JSON.stringify(announcement)
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new Error(`live announcement too large (${Buffer.byteLength(payload)} bytes) for ${announcement.topic}`)
  }
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`)
}
