/**
 * The sandbox register (REGULATOR_REGISTER=sandbox): a handful of numbers per regulator, each in the
 * real register's format (REGULATOR_NUMBER_FORMATS), held by made-up firms. Deterministic: a listed
 * number is found, any other is not; SANDBOX_UNAVAILABLE_NUMBERS answer as a register that is down,
 * so that path can be tried. Every check it makes is stored as `sandbox` and its badge says so.
 * The numbers are listed in docs/decisions/056-regulator-register.md; keep the two in step.
 */
import type { Regulator } from '#shared/domain/regulators.ts'
import { RegisterUnavailableError, type RegisterEntry, type RegulatorRegister } from './regulator-register'

/** The sandbox's registers: number -> registered name, per regulator. */
export const SANDBOX_REGISTER_ENTRIES: Readonly<Record<Regulator, Readonly<Record<string, string>>>> = {
  sra: {
    '612345': 'Sandbox Conveyancing LLP',
    '623456': 'Sandbox Property Lawyers Ltd',
    '634567': 'Sandbox & Co Solicitors',
    '645678': 'Sandbox Legal Services LLP',
  },
  clc: {
    '2345': 'Sandbox Licensed Conveyancers Ltd',
    '12345': 'Sandbox Conveyancing Partnership',
    '123456': 'Sandbox Move Conveyancing Ltd',
  },
  rics: {
    '712345': 'Sandbox Building Surveyors Ltd',
    '723456': 'Sandbox Chartered Surveyors LLP',
    '1234567': 'Sandbox Valuers Ltd',
  },
  fca: {
    '123456': 'Sandbox Mortgage Brokers Ltd',
    '234567': 'Sandbox Home Finance LLP',
    '7654321': 'Sandbox Mortgage Partners Ltd',
  },
  propertymark: {
    M00123456: 'Sandbox Estate Agents Ltd',
    M00234567: 'Sandbox Homes Sales & Lettings',
  },
  tpo: {
    T01234A: 'Sandbox Estate Agents Ltd',
    T02345B: 'Sandbox Property Sales LLP',
  },
}

/** Numbers (in format) for which the sandbox answers like a register that is down. */
export const SANDBOX_UNAVAILABLE_NUMBERS: Readonly<Record<Regulator, string>> = {
  sra: '699999',
  clc: '9999',
  rics: '799999',
  fca: '999999',
  propertymark: 'M99999999',
  tpo: 'T99999Z',
}

export function createSandboxRegulatorRegister(): RegulatorRegister {
  return {
    name: 'sandbox',
    label: 'Sandbox register',
    lookUp(regulator: Regulator, number: string): Promise<RegisterEntry | null> {
      if (SANDBOX_UNAVAILABLE_NUMBERS[regulator] === number) {
        return Promise.reject(new RegisterUnavailableError('The sandbox register is answering as unavailable.'))
      }
      const name = SANDBOX_REGISTER_ENTRIES[regulator][number]
      return Promise.resolve(name ? { regulator, number, name } : null)
    },
  }
}
