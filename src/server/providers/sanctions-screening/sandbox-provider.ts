/**
 * The sandbox screening provider: screens names against a small sample of the UK sanctions list in
 * OFSI's published CSV format (sample/uk-sanctions-list-sample.csv, fictional entries) and a sample
 * PEP list (sample/pep-sample.csv), with the same fuzzy matcher a real list would get
 * (uk-sanctions-list.ts). The result arrives about 1.5 seconds later by a signed webhook to
 * POST /api/webhooks/sanctions/sandbox. Shown as "Sandbox".
 *
 * Scenarios (docs/decisions/026-identity-and-cdd.md): a client named like a sample sanctions entry
 * (`Ivan Sanctionov`, `Boris Embargovich`, `Olga Frozenassets`, spelling variations included) is a
 * possible sanctions match; `Penelope Politico` or `Peter Pepperton` is a PEP; anyone else is clear.
 */
import { readFileSync } from 'node:fs'
import { fromAppRoot } from '#server/app-root.ts'
import { z } from 'zod'
import type { SandboxWebhookDispatcher } from '#server/providers/webhooks/sandbox-webhooks.ts'
import {
  ScreeningProviderError,
  type SanctionsScreeningProvider,
  type ScreeningMatch,
  type ScreeningResult,
} from './sanctions-screening-provider'
import { createNameMatcher, parseCsv, readConsolidatedList } from './uk-sanctions-list'

export const SANDBOX_SANCTIONS_WEBHOOK_PATH = '/api/webhooks/sanctions/sandbox'
const SAMPLE_DIR = 'src/server/providers/sanctions-screening/sample'

let matchers: ReturnType<typeof loadMatchers> | null = null

function loadMatchers() {
  const sanctions = readConsolidatedList(
    readFileSync(fromAppRoot(`${SAMPLE_DIR}/uk-sanctions-list-sample.csv`), 'utf8'),
  ).filter((n) => n.groupType === 'Individual')
  const [header, ...rows] = parseCsv(readFileSync(fromAppRoot(`${SAMPLE_DIR}/pep-sample.csv`), 'utf8'))
  if (header?.[0] !== 'Name') throw new Error('pep-sample.csv must start with a Name column')
  const peps = rows.map(([name = '', position = '', country = '', category = '']) => ({
    name,
    position,
    country,
    category,
  }))
  return { sanctions: createNameMatcher(sanctions), peps: createNameMatcher(peps) }
}

/** The sandbox's matches for a full name: deterministic, from the sample lists. */
export function sandboxScreen(fullName: string): ScreeningMatch[] {
  matchers ??= loadMatchers()
  const seen = new Set<string>()
  const sanctions: ScreeningMatch[] = []
  for (const { entry, similarity } of matchers.sanctions.match(fullName)) {
    if (seen.has(entry.groupId)) continue
    seen.add(entry.groupId)
    sanctions.push({
      list: 'sanctions',
      name: entry.name,
      score: similarity,
      detail: `${entry.regime}, group ID ${entry.groupId}${entry.dateOfBirth ? `, born ${entry.dateOfBirth}` : ''}`,
    })
  }
  const peps = matchers.peps.match(fullName).map(({ entry, similarity }) => ({
    list: 'pep' as const,
    name: entry.name,
    score: similarity,
    detail: `${entry.position}, ${entry.country} (${entry.category})`,
  }))
  return [...sanctions, ...peps]
}

/** The sandbox's event as startScreening sends it (the webhook's signature is checked before it is parsed). */
const SandboxScreeningEvent = z.object({
  type: z.literal('screening.completed'),
  result: z.object({
    reference: z.string(),
    matches: z.array(
      z.object({ list: z.enum(['sanctions', 'pep']), name: z.string(), score: z.number(), detail: z.string() }),
    ),
  }) satisfies z.ZodType<ScreeningResult>,
})

/** Creates the sandbox provider, delivering through `webhooks` (deps.sandboxWebhooks). */
export function createSandboxScreeningProvider(webhooks: SandboxWebhookDispatcher): SanctionsScreeningProvider {
  return {
    name: 'sandbox',
    label: 'Sandbox',
    async startScreening(request) {
      const result: ScreeningResult = { reference: request.reference, matches: sandboxScreen(request.fullName) }
      webhooks.send({ path: SANDBOX_SANCTIONS_WEBHOOK_PATH, event: { type: 'screening.completed', result } })
    },
    parseWebhook(payload) {
      const p = SandboxScreeningEvent.safeParse(payload)
      if (!p.success) throw new ScreeningProviderError(`not a screening result: ${z.prettifyError(p.error)}`)
      return p.data.result
    },
  }
}
