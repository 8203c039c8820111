/**
 * Evidence on an answer: the seller's side attaches one of the move's documents (uploaded through the
 * documents feature, as any other) to a question of an unsigned form, or detaches it (the document
 * stays in Documents). Both are audited.
 * Errors: 404 off the move or an unknown evidence id; 403 for the buyer's side; 409 once signed; 422
 * for a question the form does not ask or a document not of this move.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { FormEvidence } from '#shared/contracts/property-forms.ts'
import { PROPERTY_FORM_TITLES, findQuestion, type PropertyFormKind } from '#shared/domain/property-forms.ts'
import { lockMoveForFormEditor } from '#server/access/property-forms.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { formModel } from '#server/core/pdtf/form-model.ts'
import { clearSignatures, readEvidence, readFormRow } from './form-rows'
import { FORM_SIGNED } from './save-section'
import { documentAudienceFor } from '#server/access/transactions.ts'

export async function addEvidence(opts: {
  database: Database
  viewer: Viewer
  txId: string
  form: PropertyFormKind
  question: string
  documentId: string
  ip?: string | null
}): Promise<FormEvidence> {
  const found = findQuestion(formModel(opts.form), opts.question)
  if (!found)
    throw new AppError('unprocessable', `The ${PROPERTY_FORM_TITLES[opts.form]} asks no question "${opts.question}".`)
  return opts.database.db.transaction(async (tx) => {
    await lockMoveForFormEditor(tx, opts.viewer, opts.txId)
    const doc = await tx.execute(
      sql`select filename from documents d where id = ${opts.documentId} and transaction_id = ${opts.txId}
        and ${documentAudienceFor('d', opts.viewer.profileId)}`,
    )
    if (!doc.rows.length) throw new AppError('unprocessable', 'Attach a document of this move.')
    let row = await readFormRow(tx, opts.txId, opts.form, true)
    if (row?.signed_at) throw new AppError('conflict', FORM_SIGNED)
    if (!row) {
      await tx.execute(sql`insert into property_forms (transaction_id, form, updated_by)
        values (${opts.txId}, ${opts.form}, ${opts.viewer.profileId})`)
      row = (await readFormRow(tx, opts.txId, opts.form, true))!
    }
    const res = await tx.execute(sql`
      insert into property_form_evidence (form_id, question, document_id, added_by)
      values (${row.id}, ${opts.question}, ${opts.documentId}, ${opts.viewer.profileId})
      on conflict (form_id, question, document_id) do update set question = excluded.question
      returning id`)
    const id = oneRow(IdRow, res).id
    await clearSignatures(tx, { txId: opts.txId, formId: row.id, form: opts.form, actorId: opts.viewer.profileId })
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'property_form.evidence_added',
      summary: `attached “${oneRow(z.object({ filename: z.string() }), doc).filename}” to ${opts.form.toUpperCase()} ${found.question.ref ?? ''} (${found.question.title})`,
      payload: { form: opts.form, question: opts.question, documentId: opts.documentId },
      ip: opts.ip,
    })
    return (await readEvidence(tx, row.id, opts.viewer.profileId)).find((e) => e.id === id)!
  })
}

export async function removeEvidence(opts: {
  database: Database
  viewer: Viewer
  txId: string
  form: PropertyFormKind
  evidenceId: string
  ip?: string | null
}): Promise<void> {
  await opts.database.db.transaction(async (tx) => {
    await lockMoveForFormEditor(tx, opts.viewer, opts.txId)
    const row = await readFormRow(tx, opts.txId, opts.form, true)
    if (!row) throw notFound('evidence')
    if (row.signed_at) throw new AppError('conflict', FORM_SIGNED)
    const res = await tx.execute(sql`delete from property_form_evidence where id = ${opts.evidenceId}
      and form_id = ${row.id} returning question, document_id`)
    const gone = firstRow(z.object({ question: z.string(), document_id: z.string() }), res)
    if (!gone) throw notFound('evidence')
    await clearSignatures(tx, { txId: opts.txId, formId: row.id, form: opts.form, actorId: opts.viewer.profileId })
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'property_form.evidence_removed',
      summary: `detached a document from ${opts.form.toUpperCase()} (${gone.question})`,
      payload: { form: opts.form, question: gone.question, documentId: gone.document_id },
      ip: opts.ip,
    })
  })
}
