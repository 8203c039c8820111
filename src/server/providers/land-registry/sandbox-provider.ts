/**
 * The sandbox land registry: answers from SANDBOX_REGISTERS, deterministically, after a short
 * pause as the real service takes; an unknown title number is refused as HMLR refuses it.
 */
import { LandRegistryError, type LandRegistryProvider } from './land-registry-provider'
import { SANDBOX_REGISTERS } from './sandbox-registers'

export function createSandboxLandRegistry(): LandRegistryProvider {
  const byTitle = new Map(SANDBOX_REGISTERS.map((r) => [r.titleNumber, r]))
  return {
    name: 'sandbox',
    label: 'Sandbox',
    knownTitles: [...byTitle.keys()],
    async officialCopy(titleNumber) {
      const register = byTitle.get(titleNumber.toUpperCase())
      if (!register) {
        throw new LandRegistryError(
          'unknown_title',
          `HM Land Registry has no register for title number ${titleNumber}. In the sandbox, use one of ${[...byTitle.keys()].join(', ')}.`,
        )
      }
      return structuredClone(register)
    },
  }
}
