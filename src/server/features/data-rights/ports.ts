/**
 * What the data rights need from other features, handed in by the composition point
 * (src/server/feature-ports.ts) so that data-rights imports no other feature.
 * docs/decisions/011-data-rights.md.
 */
import type { Database, Tx } from '#server/db/client.ts'

export interface DataRightsPorts {
  /** The person's identity checks, for the export's identity_checks.json (features/verification). */
  exportIdentityChecks: (database: Database, profileId: string) => Promise<unknown[]>
  /** The person's source-of-funds records, opened, for the export's source-of-funds.json (features/funds). */
  exportFunds: (database: Database, profileId: string) => Promise<unknown>
  /**
   * Inside the deletion's database transaction: erases the person's identity checks that no CDD
   * record relies on (features/verification) and returns the storage keys of their images to delete.
   */
  eraseUnreliedIdentityChecks: (tx: Tx, profileId: string) => Promise<string[]>
}
