/** The identity provider chosen by IDENTITY_PROVIDER (config.ts): the sandbox by default, or a certified IDSP. */
import type { Config } from '#server/config.ts'
import type { SandboxWebhookDispatcher } from '#server/providers/webhooks/sandbox-webhooks.ts'
import { createIdspIdentityProvider } from './idsp-provider'
import type { IdentityVerificationProvider } from './identity-verification-provider'
import { createSandboxIdentityProvider } from './sandbox-provider'

export type { IdentityVerificationProvider, IdentityResult } from './identity-verification-provider'

/** Builds the configured provider; config has already checked that idsp has its URL and key. */
export function identityProviderFor(
  config: Pick<Config, 'IDENTITY_PROVIDER' | 'IDENTITY_PROVIDER_URL' | 'IDENTITY_PROVIDER_API_KEY'>,
  webhooks: SandboxWebhookDispatcher,
): IdentityVerificationProvider {
  if (config.IDENTITY_PROVIDER === 'idsp') {
    return createIdspIdentityProvider({
      baseUrl: config.IDENTITY_PROVIDER_URL ?? '',
      apiKey: config.IDENTITY_PROVIDER_API_KEY ?? '',
    })
  }
  return createSandboxIdentityProvider(webhooks)
}
