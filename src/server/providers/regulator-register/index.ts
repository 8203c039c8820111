/**
 * The regulator register chosen by REGULATOR_REGISTER (config.ts): the sandbox's sample numbers by
 * default, or a register service over HTTPS. Production refuses the sandbox unless
 * SANDBOX_PARTNERS=true (config/partners.ts, decision 044); decision 056.
 */
import type { Config } from '#server/config.ts'
import { createHttpRegulatorRegister } from './http-provider'
import type { RegulatorRegister } from './regulator-register'
import { createSandboxRegulatorRegister } from './sandbox-provider'

export type { RegisterEntry, RegulatorRegister } from './regulator-register'
export { RegisterUnavailableError } from './regulator-register'

/** The configured register (the sandbox when REGULATOR_REGISTER is unset: development and tests). */
export function regulatorRegisterFor(
  config: Partial<Pick<Config, 'REGULATOR_REGISTER' | 'REGULATOR_REGISTER_URL' | 'REGULATOR_REGISTER_API_KEY'>>,
): RegulatorRegister {
  if (config.REGULATOR_REGISTER === 'http') {
    return createHttpRegulatorRegister({
      baseUrl: config.REGULATOR_REGISTER_URL ?? '',
      apiKey: config.REGULATOR_REGISTER_API_KEY ?? '',
    })
  }
  return createSandboxRegulatorRegister()
}
