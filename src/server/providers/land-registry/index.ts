/** The land registry provider: the sandbox's sample registers (the only adapter so far; see decision 029). */
import type { LandRegistryProvider } from './land-registry-provider'
import { createSandboxLandRegistry } from './sandbox-provider'

export type { LandRegistryProvider } from './land-registry-provider'
export { LandRegistryError } from './land-registry-provider'

let sandbox: LandRegistryProvider | null = null

/** The configured provider (one per process). */
export function landRegistryProvider(): LandRegistryProvider {
  sandbox ??= createSandboxLandRegistry()
  return sandbox
}
