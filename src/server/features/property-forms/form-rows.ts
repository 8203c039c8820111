/** Reads a move's property form row and its evidence, and answers them as the API does (PropertyFormResponse). */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { FormEvidence, PropertyFormResponse } from '#shared/contracts/property-forms.ts'
import { missingAnswers, type PropertyFormKind } from '#shared/domain/property-forms.ts'
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
): Promise<PropertyFormResponse> {
  const model = formModel(form)
  const signed = Boolean(row?.signed_at)
  const visible = row && (signed || canReadDraftAnswers(role))
  const answers = visible ? row.answers : {}
  return {
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
    can_sign: canSignPropertyForm(role) && !signed,
    can_raise_enquiries: role === 'buyer_conveyancer' && signed,
  }
}
