/**
 * What verification needs from other features, handed in by the composition point
 * (src/server/feature-ports.ts) so that verification imports no other feature.
 */
import type { FundsStatus } from '#shared/domain/source-of-funds.ts'
import type { Tx } from '#server/db/client.ts'

export interface VerificationPorts {
  /** The buyers' source-of-funds status (features/funds), for their People badges and the checklist. */
  fundsStatusesOf: (tx: Tx, txId: string) => Promise<{ parties: { profile_id: string; status: FundsStatus }[] }>
  /**
   * The move's funding shortfall in pence (features/funds: the Funds page's "fall short by", from
   * fundingBalance), or null while the buyer's funding picture has not started: a buyer's CDD risk
   * reflects it (decision 068).
   */
  fundingShortfallOf: (tx: Tx, txId: string) => Promise<number | null>
}
