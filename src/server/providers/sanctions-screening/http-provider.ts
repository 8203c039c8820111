/**
 * A screening service over HTTPS (SANCTIONS_PROVIDER=http), for a service that screens against the
 * full UK sanctions list (and PEP data, which only commercial providers hold) with these shapes:
 *
 *   POST {SANCTIONS_PROVIDER_URL}/screenings  Authorization: Bearer {SANCTIONS_PROVIDER_API_KEY}
 *        { reference, name, date_of_birth, lists: ["uk-sanctions", "pep"] }  -> 202
 *   webhook: { type: "screening.completed", reference,
 *              matches: [{ list: "sanctions"|"pep", name, score (0-1), detail }] }
 *
 * A vendor with another shape gets its own adapter implementing SanctionsScreeningProvider.
 */
import { z } from 'zod'
import {
  ScreeningProviderError,
  type SanctionsScreeningProvider,
  type ScreeningMatch,
} from './sanctions-screening-provider'

/** The service's webhook (the shape above): untrusted input, parsed. Unnamed fields of a match default. */
const CompletedScreening = z.object({
  type: z.literal('screening.completed'),
  reference: z.string(),
  matches: z.array(
    z.object({
      list: z.string().optional(),
      name: z.string().optional(),
      score: z.number().optional(),
      detail: z.string().optional(),
    }),
  ),
})

export function createHttpScreeningProvider(
  options: { baseUrl: string; apiKey: string },
  fetchImpl: typeof fetch = fetch,
): SanctionsScreeningProvider {
  return {
    name: 'http',
    label: 'Screening service',
    async startScreening(request) {
      const res = await fetchImpl(`${options.baseUrl.replace(/\/$/, '')}/screenings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          reference: request.reference,
          name: request.fullName,
          date_of_birth: request.dateOfBirth,
          lists: ['uk-sanctions', 'pep'],
        }),
      })
      if (!res.ok) throw new ScreeningProviderError(`The screening service refused the screening: HTTP ${res.status}`)
    },
    parseWebhook(payload) {
      const p = CompletedScreening.safeParse(payload)
      if (!p.success) throw new ScreeningProviderError(`not a completed screening: ${z.prettifyError(p.error)}`)
      const matches = p.data.matches.map((m): ScreeningMatch => ({
        list: m.list === 'pep' ? 'pep' : 'sanctions',
        name: m.name ?? '',
        score: m.score ?? 0,
        detail: m.detail ?? '',
      }))
      return { reference: p.data.reference, matches }
    },
  }
}
