/**
 * The land registry provider chosen by LAND_REGISTRY_PROVIDER (config.ts): the sandbox's sample
 * registers by default, or off, where every request is refused as not configured. The Business
 * Gateway adapter is not written yet (decision 029), so off is what production runs without the
 * SANDBOX_PARTNERS opt-in (decision 044).
 */
import type { Config } from '#server/config.ts'
import { LandRegistryError, type LandRegistryProvider } from './land-registry-provider'
import { createSandboxLandRegistry } from './sandbox-provider'

export type { LandRegistryProvider } from './land-registry-provider'
export { LandRegistryError } from './land-registry-provider'

let sandbox: LandRegistryProvider | null = null

/** No land registry: title checks are unavailable, said in the UI and by a 422 on each request. */
const OFF: LandRegistryProvider = {
  name: 'off',
  label: 'Not configured',
  knownTitles: null,
  officialCopy() {
    return Promise.reject(
      new LandRegistryError(
        'not_configured',
        'Title checks are not available here: no land registry partner is configured (LAND_REGISTRY_PROVIDER=off).',
      ),
    )
  },
}

/** The configured provider (the sandbox is one per process: its registers are data). */
export function landRegistryProvider(
  config: Partial<Pick<Config, 'LAND_REGISTRY_PROVIDER'>> = {},
): LandRegistryProvider {
  if (config.LAND_REGISTRY_PROVIDER === 'off') return OFF
  sandbox ??= createSandboxLandRegistry()
  return sandbox
}
