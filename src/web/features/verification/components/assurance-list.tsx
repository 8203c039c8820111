import { Check, Minus, X } from 'lucide-react'
import type { IdentityAssurance } from '#shared/contracts/verification.ts'

const LEVEL_WORDS = { medium: 'Medium', low: 'Low' } as const

/**
 * What an identity check checked (yes, no, or not yet) and the trust framework level the provider
 * reports, with the one PG81 sentence the server computed (shared/domain/identity-assurance.ts):
 * "meets PG81" appears only with the document's chip read.
 */
export function AssuranceList({ assurance }: { assurance: IdentityAssurance }) {
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="identity-assurance">
      <ul className="flex flex-col gap-1" aria-label="What the check checked">
        {assurance.checks.map((c) => (
          <li key={c.key} className="flex items-center gap-2">
            {c.done === null ? (
              <Minus aria-hidden="true" className="size-4 text-muted-foreground" />
            ) : c.done ? (
              <Check aria-hidden="true" className="size-4 text-primary" />
            ) : (
              <X aria-hidden="true" className="size-4 text-destructive" />
            )}
            <span>
              {c.label}: {c.done === null ? 'not yet' : c.done ? 'yes' : 'no'}
            </span>
          </li>
        ))}
      </ul>
      <p>
        Confidence under the UK digital identity and attributes trust framework, as the provider reports it:{' '}
        <strong>{assurance.level ? LEVEL_WORDS[assurance.level] : 'none reached'}</strong>
      </p>
      <p data-testid="pg81">{assurance.pg81}.</p>
    </div>
  )
}
