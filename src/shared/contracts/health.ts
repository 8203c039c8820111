/**
 * GET /api/health: whether the server can reach its database, with the pool's state on PostgreSQL.
 * GET /api/health/live: the process is up (no database call): an orchestrator restarts it when not.
 * GET /api/health/ready: it should get traffic: migrated, not draining, live fan-out listening.
 */
import { z } from 'zod'
import { endpoint, json, PUBLIC } from './endpoint'

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    status: z.enum(['up', 'down']),
    latency_ms: z.number().optional(),
    error: z.string().optional(),
    pool: z.object({ total: z.number(), idle: z.number(), waiting: z.number() }).optional(),
  }),
  /**
   * The partners running as the sandbox ('identity_verification', 'payments', ...: server
   * config/partners.ts); empty when every partner is real. In production only with SANDBOX_PARTNERS=true.
   */
  sandbox_partners: z.array(z.string()),
})
export type HealthResponse = z.infer<typeof HealthResponse>

export const LivenessResponse = z.object({
  status: z.literal('ok'),
  /** Seconds since the process started. */
  uptime_seconds: z.number(),
})
export type LivenessResponse = z.infer<typeof LivenessResponse>

export const ReadinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  /**
   * Why not ready: 'migrating' (migrations or the demo data not done yet), 'draining' (shutting down),
   * 'live_updates_down' (the database LISTEN connection of live updates is reconnecting). Empty when ready.
   */
  reasons: z.array(z.enum(['migrating', 'draining', 'live_updates_down'])),
})
export type ReadinessResponse = z.infer<typeof ReadinessResponse>

/** The health endpoints (public: load balancers, orchestrators and monitors call them). */
export const healthEndpoints = {
  health: endpoint({
    method: 'get',
    path: '/health',
    security: PUBLIC,
    summary: 'Service and database health',
    responses: { 200: json('Healthy', HealthResponse), 503: json('Database unreachable', HealthResponse) },
  }),
  live: endpoint({
    method: 'get',
    path: '/health/live',
    security: PUBLIC,
    summary: 'Liveness: the process is up (no database call)',
    responses: { 200: json('The process answers', LivenessResponse) },
  }),
  ready: endpoint({
    method: 'get',
    path: '/health/ready',
    security: PUBLIC,
    summary: 'Readiness: migrated, not shutting down, live updates listening',
    responses: {
      200: json('Ready for traffic', ReadinessResponse),
      503: json('Starting, draining or live updates down', ReadinessResponse),
    },
  }),
}
