/** GET /api/health: whether the server can reach its database, with the pool's state on PostgreSQL. */
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

/** The health endpoint (public: load balancers and monitors call it). */
export const healthEndpoints = {
  health: endpoint({
    method: 'get',
    path: '/health',
    security: PUBLIC,
    summary: 'Service and database health',
    responses: { 200: json('Healthy', HealthResponse), 503: json('Database unreachable', HealthResponse) },
  }),
}
