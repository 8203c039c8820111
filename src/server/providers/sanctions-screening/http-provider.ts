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
import {
  ScreeningProviderError,
  type SanctionsScreeningProvider,
  type ScreeningMatch,
} from './sanctions-screening-provider'

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
      const p = payload as { type?: unknown; reference?: unknown; matches?: unknown } | null
      if (p?.type !== 'screening.completed' || typeof p.reference !== 'string' || !Array.isArray(p.matches)) {
        throw new ScreeningProviderError('not a completed screening')
      }
      const matches = (p.matches as Array<Record<string, unknown>>).map((m): ScreeningMatch => ({
        list: m.list === 'pep' ? 'pep' : 'sanctions',
        name: String(m.name ?? ''),
        score: Number(m.score ?? 0),
        detail: String(m.detail ?? ''),
      }))
      return { reference: p.reference, matches }
    },
  }
}
