/** The screening provider chosen by SANCTIONS_PROVIDER (config.ts): the sandbox by default, or a service over HTTPS. */
import type { Config } from '#server/config.ts'
import type { SandboxWebhookDispatcher } from '#server/providers/webhooks/sandbox-webhooks.ts'
import { createHttpScreeningProvider } from './http-provider'
import type { SanctionsScreeningProvider } from './sanctions-screening-provider'
import { createSandboxScreeningProvider } from './sandbox-provider'

export type { SanctionsScreeningProvider, ScreeningMatch } from './sanctions-screening-provider'

export function screeningProviderFor(
  config: Pick<Config, 'SANCTIONS_PROVIDER' | 'SANCTIONS_PROVIDER_URL' | 'SANCTIONS_PROVIDER_API_KEY'>,
  webhooks: SandboxWebhookDispatcher,
): SanctionsScreeningProvider {
  if (config.SANCTIONS_PROVIDER === 'http') {
    return createHttpScreeningProvider({
      baseUrl: config.SANCTIONS_PROVIDER_URL ?? '',
      apiKey: config.SANCTIONS_PROVIDER_API_KEY ?? '',
    })
  }
  return createSandboxScreeningProvider(webhooks)
}
