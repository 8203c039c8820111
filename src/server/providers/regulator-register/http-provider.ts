/**
 * A register service over HTTPS (REGULATOR_REGISTER=http): one lookup per number, for a service that
 * answers for every regulator Homeward names (a register aggregator, or the firm's own gateway over
 * the SRA's data-sharing API, the FCA register API, the CLC, RICS, Propertymark and TPO directories):
 *
 *   GET {REGULATOR_REGISTER_URL}/registers/{regulator}/entries/{number}
 *       Authorization: Bearer {REGULATOR_REGISTER_API_KEY}
 *   200 { "number": "612345", "name": "…", "status": "authorised" | "revoked" | … }  404 not on it
 *
 * Only status "authorised" counts as found. Any other answer, a network error or no answer within
 * REGISTER_TIMEOUT_MS is RegisterUnavailableError. A vendor with another shape gets its own adapter.
 */
import { z } from 'zod'
import type { Regulator } from '#shared/domain/regulators.ts'
import { RegisterUnavailableError, type RegisterEntry, type RegulatorRegister } from './regulator-register'

/** How long one lookup may take before the number is saved as unverified. */
export const REGISTER_TIMEOUT_MS = 5000

const Entry = z.object({ number: z.string(), name: z.string().min(1), status: z.string() })

export function createHttpRegulatorRegister(
  options: { baseUrl: string; apiKey: string },
  fetchImpl: typeof fetch = fetch,
): RegulatorRegister {
  const base = options.baseUrl.replace(/\/$/, '')
  return {
    name: 'http',
    label: 'Register service',
    async lookUp(regulator: Regulator, number: string): Promise<RegisterEntry | null> {
      let res: Response
      try {
        res = await fetchImpl(
          `${base}/registers/${encodeURIComponent(regulator)}/entries/${encodeURIComponent(number)}`,
          {
            headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' },
            signal: AbortSignal.timeout(REGISTER_TIMEOUT_MS),
            redirect: 'error',
          },
        )
      } catch (err) {
        throw new RegisterUnavailableError(`The register service did not answer: ${(err as Error).message}`)
      }
      if (res.status === 404) return null
      if (!res.ok) throw new RegisterUnavailableError(`The register service answered HTTP ${res.status}`)
      const body = Entry.safeParse(await res.json().catch(() => null))
      if (!body.success) throw new RegisterUnavailableError('The register service answered in an unknown shape')
      if (body.data.status.toLowerCase() !== 'authorised') return null
      return { regulator, number: body.data.number, name: body.data.name }
    },
  }
}
