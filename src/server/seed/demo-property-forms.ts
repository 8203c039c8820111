/**
 * The demo seller's TA6 and TA10 in Homeward: Tom Whitfield answered them for 12 Clarence Road (his
 * own words on boundaries, disputes and parking, plain answers elsewhere; the paper copies he uploaded
 * earlier stay in Documents) and signs them through the real signing path
 * (features/property-forms/sign-property-form.ts): the PDFs are filed in the Property folder and the
 * timeline's TA6 and TA10 tasks tick through tickTask, as his chat message says they are done.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { PROPERTY_FORMS, exampleAnswers, type Answers } from '#shared/domain/property-forms.ts'
import type { Database, Tx } from '../db/client'
import { rows } from '#server/db/rows.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { formModel } from '#server/core/pdtf/form-model.ts'
import { signPropertyForm } from '#server/features/property-forms/sign-property-form.ts'
import { FORM_SIGNED } from '#server/features/property-forms/save-section.ts'
import { AppError } from '#server/core/errors.ts'

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

/** The demo seller's TA6 answers: his own (above), every other question answered plainly ("No" where it asks). */
export function demoTa6Answers(): Answers {
  return exampleAnswers(formModel('ta6'), { start: TOM_ANSWERS })
}

/** The demo seller's TA10 answers, every question answered. */
export function demoTa10Answers(): Answers {
  return exampleAnswers(formModel('ta10'))
}

/** Inserts the demo seller's TA6 and TA10, answered and not yet signed, with `tx` (inside the demo seed's database transaction). */
export async function insertDemoPropertyForms(
  tx: Tx,
  opts: { transactionId: string; sellerProfileId: string },
  now: Date,
): Promise<void> {
  const updatedAt = new Date(now.getTime() - 2 * 86_400_000)
  for (const [form, answers] of [
    ['ta6', demoTa6Answers()],
    ['ta10', demoTa10Answers()],
  ] as const)
    await tx.execute(sql`
      insert into property_forms (transaction_id, form, answers, updated_by, updated_at, version)
      values (${opts.transactionId}, ${form}, ${JSON.stringify(answers)}::jsonb, ${opts.sellerProfileId},
              ${updatedAt.toISOString()}::timestamptz, 4)
      on conflict (transaction_id, form) do nothing`)
}

/**
 * Signs the demo seller's unsigned forms as him, through signPropertyForm (its own database
 * transaction each: the PDF, the signature, the task ticked, the audit entry). Does nothing for a
 * form already signed, so a second start writes nothing, nor a second process seeding at the same
 * time (the form row's lock decides; the loser skips the form). `seller` is his profile and account.
 * Returns how many forms this call signed.
 */
export async function signDemoPropertyForms(opts: {
  database: Database
  storage: ObjectStorage
  notify: NotificationDelivery
  transactionId: string
  seller: { profileId: string; authId: string; email: string; name: string }
}): Promise<number> {
  const unsigned = rows(
    z.object({ form: z.enum(PROPERTY_FORMS) }),
    await opts.database.db.execute(sql`select form from property_forms
      where transaction_id = ${opts.transactionId} and signed_at is null order by form desc`),
  )
  const viewer: Viewer = {
    profileId: opts.seller.profileId,
    authId: opts.seller.authId,
    email: opts.seller.email,
    emailVerified: true,
    fullName: opts.seller.name,
    roles: ['consumer_seller'],
    sessionId: 'demo-seed',
  }
  let signed = 0
  for (const { form } of unsigned) {
    try {
      await signPropertyForm({
        database: opts.database,
        storage: opts.storage,
        viewer,
        txId: opts.transactionId,
        form,
        typedName: opts.seller.name,
        notify: opts.notify,
      })
      signed++
    } catch (err) {
      // Two processes seeding at once: the other signed this form between our read and our signature.
      if (err instanceof AppError && err.code === 'conflict' && err.message === FORM_SIGNED) continue
      throw err
    }
  }
  return signed
}
