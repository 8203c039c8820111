/**
 * HTTP edge of title checks: the move's checks, and running one (its conveyancers). Use cases beside
 * this file; the land registry provider in src/server/providers/land-registry.
 */
import { titleCheckEndpoints as endpoints } from '#shared/contracts/title-checks.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { landRegistryProvider } from '#server/providers/land-registry/index.ts'
import { listTitleChecks } from './list-title-checks'
import { runTitleCheck } from './run-title-check'

export function titleChecksRoutes({ database, config, mail }: AppDeps) {
  const storage = storageFor(config)
  const provider = landRegistryProvider(config)
  return createRouter()
    .openapi(endpoints.list, async (c) =>
      c.json(
        await listTitleChecks({ database, viewer: requireViewer(c), txId: c.req.valid('param').txId, provider }),
        200,
      ),
    )
    .openapi(endpoints.run, async (c) =>
      c.json(
        await runTitleCheck({
          database,
          storage,
          provider,
          viewer: requireViewer(c),
          txId: c.req.valid('param').txId,
          input: c.req.valid('json'),
          notify: { publicUrl: config.publicUrl, deliverMail: mail.deliver },
          ip: c.var.client.ip,
        }),
        201,
      ),
    )
}
