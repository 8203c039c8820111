/**
 * Where a server process is in its life, for its readiness (GET /api/health/ready): migrations done
 * (set by server.ts once the database is migrated and seeded), draining (set at SIGTERM: from then on
 * a load balancer should send it nothing new) and whether the live fan-out is listening (the
 * realtime hub's PostgreSQL LISTEN connection is up: without it this process's live streams miss
 * other processes' changes). One object per process, made by server.ts and handed to createApp.
 */

import type { LivenessResponse, ReadinessResponse } from '#shared/contracts/health.ts'

/** Why a process is not ready (the readiness contract's reasons). */
export type NotReadyReason = ReadinessResponse['reasons'][number]

export interface Lifecycle {
  /** True once migrations (and the demo data, when loaded) are done. */
  readonly migrated: boolean
  /** True from the start of shutdown. */
  readonly draining: boolean
  markMigrated(): void
  /** Readiness fails from now on. Idempotent. */
  startDraining(): void
  /** What keeps the process from being ready, in a fixed order; [] when ready. */
  notReady(): NotReadyReason[]
}

/**
 * A lifecycle. `listening` says whether the live fan-out reaches this process (the realtime hub's
 * isListening; given later with `watchListening` when the hub is made after the lifecycle).
 * `migrated` starts false unless told otherwise (a test app built on a migrated database).
 */
export function createLifecycle(options: { migrated?: boolean; listening?: () => boolean } = {}): Lifecycle & {
  /** Sets the check of the live fan-out (the hub exists only after migrations). */
  watchListening(listening: () => boolean): void
} {
  let migrated = options.migrated ?? false
  let draining = false
  let listening = options.listening
  return {
    get migrated() {
      return migrated
    },
    get draining() {
      return draining
    },
    markMigrated() {
      migrated = true
    },
    startDraining() {
      draining = true
    },
    watchListening(check) {
      listening = check
    },
    notReady() {
      const reasons: NotReadyReason[] = []
      if (!migrated) reasons.push('migrating')
      if (draining) reasons.push('draining')
      if (listening && !listening()) reasons.push('live_updates_down')
      return reasons
    },
  }
}

/** GET /api/health/live's answer: the process answers (no database call). Served by the health
 * routes and, while the app is still being built, by server.ts. */
export function liveness(): LivenessResponse {
  return { status: 'ok', uptime_seconds: Math.round(process.uptime()) }
}

/** GET /api/health/ready's answer from a lifecycle: 200 `ready` with no reasons, else 503 `not_ready`
 * naming them. Served by the health routes and, while the app is still being built, by server.ts. */
export function readiness(
  lifecycle: Pick<Lifecycle, 'notReady'>,
):
  | { status: 200; body: ReadinessResponse & { status: 'ready' } }
  | { status: 503; body: ReadinessResponse & { status: 'not_ready' } } {
  const reasons = lifecycle.notReady()
  return reasons.length === 0
    ? { status: 200, body: { status: 'ready', reasons } }
    : { status: 503, body: { status: 'not_ready', reasons } }
}
