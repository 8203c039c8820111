/** Reads a move's property form row and its evidence, and answers them as the API does (PropertyFormResponse). */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { FormEvidence, PropertyFormResponse } from '#shared/contracts/property-forms.ts'
import { missingAnswers, PROPERTY_FORM_TITLES, type PropertyFormKind } from '#shared/domain/property-forms.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { canEditPropertyForm, canReadDraftAnswers, canSignPropertyForm } from '#server/access/property-forms.ts'
import { documentAudienceFor } from '#server/access/transactions.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, rows, Timestamp } from '#server/db/rows.ts'
import { formModel } from '#server/core/pdtf/form-model.ts'

export const FormRow = z.object({
  id: z.string(),
  /** jsonb: the answers by question path. */
  answers: z.record(z.string(), z.unknown()),
  updated_at: Timestamp,
  signed_name: z.string().nullable(),
  signed_at: Timestamp.nullable(),
  document_id: z.string().nullable(),
})
export type FormRow = z.infer<typeof FormRow>

/** The move's row of `form`, or null before the first save; `lock` takes it `for update`. */
export async function readFormRow(
  db: Tx | Database['db'],
  txId: string,
  form: PropertyFormKind,
  lock = false,
): Promise<FormRow | null> {
  const res = await db.execute(sql`
    select id, answers, updated_at, signed_name, signed_at, document_id from property_forms
     where transaction_id = ${txId} and form = ${form} ${lock ? sql`for update` : sql``}`)
  return firstRow(FormRow, res) ?? null
}

const EvidenceRow = z.object({
  id: z.string(),
  question: z.string(),
  document_id: z.string(),
  filename: z.string(),
  folder: z.string(),
})

/**
 * The evidence documents attached to the form's answers, oldest first: those in the audience of the
 * profile `viewerId` (decision 051), or all of them when null (the signed PDF, made for the form's audience).
 */
export async function readEvidence(
  db: Tx | Database['db'],
  formId: string,
  viewerId: string | null,
): Promise<FormEvidence[]> {
  const res = await db.execute(sql`
    select e.id, e.question, e.document_id, d.filename, d.folder from property_form_evidence e
      join documents d on d.id = e.document_id where e.form_id = ${formId}
        and ${viewerId === null ? sql`true` : documentAudienceFor('d', viewerId)} order by e.created_at, e.id`)
  return rows(EvidenceRow, res)
}

const iso = (v: string | Date) => new Date(v).toISOString()

/** The form as `role` sees it: drafts only for the seller's side. */
export async function formResponse(
  db: Tx | Database['db'],
  form: PropertyFormKind,
  role: string,
  row: FormRow | null,
  viewerId: string,
  txId: string,
): Promise<PropertyFormResponse> {
  const model = formModel(form)
  const signed = Boolean(row?.signed_at)
  const visible = row && (signed || canReadDraftAnswers(role))
  const answers = visible ? row.answers : {}
  // A joint sale (decision 070): who has signed so far and who is still to sign, for the seller's side.
  const sellers = canReadDraftAnswers(role) && !signed ? await sellersOf(db, txId) : []
  const partial = row && sellers.length ? await readSignatures(db, row.id) : []
  const signedIds = new Set(partial.map((s) => s.profile_id))
  return {
    signatures: partial.map((s) => ({
      name: s.signed_name,
      at: iso(s.signed_at),
      full_name: sellers.find((x) => x.id === s.profile_id)?.full_name ?? s.signed_name,
    })),
    waiting_for: sellers.length > 1 ? sellers.filter((x) => !signedIds.has(x.id)).map((x) => x.full_name) : [],
    model,
    status: !row ? 'not_started' : signed ? 'signed' : 'draft',
    answers,
    updated_at: visible ? iso(row.updated_at) : null,
    missing: visible ? missingAnswers(model, answers) : [],
    evidence: visible ? await readEvidence(db, row.id, viewerId) : [],
    signed:
      row?.signed_at && row.signed_name
        ? { name: row.signed_name, at: iso(row.signed_at), document_id: row.document_id }
        : null,
    can_edit: canEditPropertyForm(role) && !signed,
    can_sign: canSignPropertyForm(role) && !signed && !signedIds.has(viewerId),
    can_raise_enquiries: role === 'buyer_conveyancer' && signed,
  }
}

const SellerRow = z.object({ id: z.string(), full_name: z.string() })
const SignatureRow = z.object({ profile_id: z.string(), signed_name: z.string(), signed_at: Timestamp })

/**
 * Every seller of move `txId` (its seller and the participants in role 'seller', a joint sale's
 * co-sellers: decision 070), lead first: each must sign a property form before it is signed.
 */
export async function sellersOf(db: Tx | Database['db'], txId: string): Promise<z.infer<typeof SellerRow>[]> {
  const res = await db.execute(sql`
    select s.id, p.full_name from (
      select seller_user_id as id, 0 as lead, null::timestamptz as joined from transactions where id = ${txId} and seller_user_id is not null
      union select user_id, 1, created_at from transaction_participants where transaction_id = ${txId} and role = 'seller'
    ) s join profiles p on p.id = s.id
    order by s.lead, s.joined nulls first, s.id`)
  const seen = new Set<string>()
  return rows(SellerRow, res).filter((r) => !seen.has(r.id) && !!seen.add(r.id))
}

/** The sellers' signatures of an unsigned form so far (a joint sale waiting for the others), oldest first. */
export async function readSignatures(db: Tx | Database['db'], formId: string) {
  const res = await db.execute(sql`select profile_id, signed_name, signed_at from property_form_signatures
    where form_id = ${formId} order by signed_at, profile_id`)
  return rows(SignatureRow, res)
}

/**
 * Removes the signatures a joint sale's sellers gave to the answers before a change (decision 070),
 * with an audit entry when there were any: no signature stands for answers its signer did not see.
 */
export async function clearSignatures(
  tx: Tx,
  opts: { txId: string; formId: string; form: PropertyFormKind; actorId: string },
) {
  const res = await tx.execute(
    sql`delete from property_form_signatures where form_id = ${opts.formId} returning profile_id`,
  )
  if (!res.rows.length) return
  await recordActivity(tx, {
    transactionId: opts.txId,
    actorId: opts.actorId,
    kind: 'property_form.signatures_cleared',
    summary: `changed the ${PROPERTY_FORM_TITLES[opts.form]} after a seller signed it, so every seller signs it again`,
    payload: { form: opts.form, cleared: res.rows.length },
  })
}
