/**
 * Who holds the seller's conveyancer's seat of a matter, for enquiries: a participant on Homeward,
 * else the open off-platform record of that seat (src/server/core/off-platform-parties/list-parties.ts),
 * else no one. The rule that turns this into who is told is src/shared/domain/enquiries.ts
 * recipientOfEnquiries; no access check here (callers have checked the viewer or the link).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { recipientOfEnquiries, type EnquiryRecipient } from '#shared/domain/enquiries.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import type { OffPlatformParty } from '#shared/contracts/off-platform-parties.ts'
import { findOffPlatformParty } from '#server/core/off-platform-parties/list-parties.ts'

/** The seat's holder and who is told of new enquiries. */
export async function readSellerConveyancerSeat(
  tx: Tx,
  txId: string,
): Promise<{ recipient: EnquiryRecipient; party: OffPlatformParty | null; participantName: string | null }> {
  const participant = firstRow(
    z.object({ full_name: z.string() }),
    await tx.execute(sql`select p.full_name from transaction_participants tp join profiles p on p.id = tp.user_id
      where tp.transaction_id = ${txId} and tp.role = 'seller_conveyancer' order by tp.created_at limit 1`),
  )
  const party = await findOffPlatformParty(tx, txId, 'seller_conveyancer')
  const participantName = participant?.full_name ?? null
  return { recipient: recipientOfEnquiries({ participantName, offPlatform: party }), party, participantName }
}

/** "Jane Smith, Smith & Co" (or the firm alone): how an off-platform party is named in a thread. */
export function partyLabel(party: { firm_name: string; person_name: string | null }): string {
  return party.person_name ? `${party.person_name}, ${party.firm_name}` : party.firm_name
}
