/**
 * What enquiries read from other features, declared here so that this feature imports none of them
 * (decision 043); src/server/feature-ports.ts hands over the implementation.
 */
import type { Db, Tx } from '#server/db/client.ts'

/** An open off-platform record of a conveyancer's seat, as enquiries need it. */
export interface RecordedFirm {
  id: string
  firm_name: string
  person_name: string | null
  email: string
}

export interface EnquiriesPorts {
  /** The open off-platform record of `role` on move `txId`, or null (features/off-platform-parties/find-party.ts). */
  findOffPlatformParty: (
    db: Db | Tx,
    txId: string,
    role: 'seller_conveyancer' | 'buyer_conveyancer',
  ) => Promise<RecordedFirm | null>
}
