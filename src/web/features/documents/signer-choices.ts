import type { Participant } from '#shared/contracts/transactions.ts'
import type { SignerChoice } from './components/request-signatures-dialog'

/** People on the move who can be asked to sign, once each, in the order the move lists them. */
export function signerChoices(participants: ReadonlyArray<Participant>): SignerChoice[] {
  const seen = new Set<string>()
  return participants.flatMap((p) => {
    if (seen.has(p.user_id)) return []
    seen.add(p.user_id)
    return [{ userId: p.user_id, name: p.profile.full_name, role: p.role }]
  })
}
