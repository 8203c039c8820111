/**
 * The demo seller's TA6 in Homeward, partly filled in: Tom Whitfield has answered boundaries,
 * disputes, notices and parking for 12 Clarence Road and has the rest to go (the paper TA6 he uploaded
 * earlier stays in Documents). A draft: only the seller's side sees it until he signs.
 */
import { sql } from 'drizzle-orm'
import { exampleAnswers, type Answers } from '#shared/domain/property-forms.ts'
import type { Tx } from '../db/client'
import { formModel } from '#server/core/pdtf/form-model.ts'

const TOM_ANSWERS: Answers = {
  legalBoundaries: {
    ownership: {
      areBoundariesUniform: 'Yes',
      uniformBoundaries: { left: 'Seller', right: 'Neighbour', rear: 'Shared', front: 'Seller' },
    },
    haveBoundaryFeaturesMoved: { yesNo: 'No' },
    adjacentLandIncluded: { yesNo: 'No' },
    flyingFreehold: { yesNo: 'No' },
  },
  disputesAndComplaints: {
    hasDisputesAndComplaints: {
      yesNo: 'Yes',
      details:
        'In 2021 the neighbour at no. 14 asked us to cut back the leylandii on the shared rear boundary. We did, and there has been nothing since.',
    },
    leadingToDisputesAndComplaints: { yesNo: 'No' },
  },
  parking: { parkingArrangements: ['Driveway', 'Garage'], controlledParking: { yesNo: 'No' } },
}

/** The demo seller's TA6 answers so far: notices answered plainly ("No" throughout) besides his own; the rest to go. */
export function demoTa6Answers(): Answers {
  return exampleAnswers(formModel('ta6'), { sections: ['notices'], start: TOM_ANSWERS })
}

/** Inserts the demo seller's TA6 draft with `tx` (inside the demo seed's database transaction). */
export async function insertDemoPropertyForms(
  tx: Tx,
  opts: { transactionId: string; sellerProfileId: string },
  now: Date,
): Promise<void> {
  const answers = demoTa6Answers()
  const updatedAt = new Date(now.getTime() - 2 * 86_400_000)
  await tx.execute(sql`
    insert into property_forms (transaction_id, form, answers, updated_by, updated_at, version)
    values (${opts.transactionId}, 'ta6', ${JSON.stringify(answers)}::jsonb, ${opts.sellerProfileId},
            ${updatedAt.toISOString()}::timestamptz, 4)
    on conflict (transaction_id, form) do nothing`)
}
