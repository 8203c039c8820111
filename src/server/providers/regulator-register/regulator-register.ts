/**
 * The regulator register: who confirms that a firm's regulator number is real and in force (the SRA,
 * the CLC, RICS, the FCA, Propertymark, The Property Ombudsman). Chosen by REGULATOR_REGISTER
 * (index.ts): the deterministic sandbox (sandbox-provider.ts) or a register service over HTTPS
 * (http-provider.ts). docs/decisions/056-regulator-register.md.
 */
import type { Regulator } from '#shared/domain/regulators.ts'

/** One entry found on a register. */
export interface RegisterEntry {
  regulator: Regulator
  /** The number as the register holds it. */
  number: string
  /** The name the register holds for the number (the firm's registered name). */
  name: string
}

export interface RegulatorRegister {
  /** 'sandbox' or 'http': stored with each check, so a sandbox verification is always labelled. */
  readonly name: 'sandbox' | 'http'
  /** For people ("Sandbox register"). */
  readonly label: string
  /**
   * Looks up `number` (normalised: no spaces, upper case) on `regulator`'s register: the entry when it
   * is there and in force, null when it is not (unknown, revoked, struck off). Throws
   * RegisterUnavailableError when the register cannot answer (down, timed out, refused our key).
   */
  lookUp(regulator: Regulator, number: string): Promise<RegisterEntry | null>
}

/** The register could not be asked; the number is saved unverified and checked again on the next save. */
export class RegisterUnavailableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RegisterUnavailableError'
  }
}
