/**
 * PUT /api/transactions/{txId}/forms/{form}/sections/{section}: the seller's side saves one section's
 * answers as they go (autosave). The answers are pruned to the section's questions as the overlay asks
 * them (pruneSection) and the whole answer set is checked against the PDTF v3 schema before it is
 * stored, so that the PDTF export always validates. The first save of a form is audited.
 * Errors: 404 off the move; 403 for the buyer's side; 409 once signed; 422 for an unknown section or an
 * answer PDTF does not accept (named by its question and section: refused-answer.ts; `fields.question`
 * and `fields.section` hold their keys).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { SaveSectionResponse } from '#shared/contracts/property-forms.ts'
import {
  PROPERTY_FORM_TITLES,
  getAt,
  missingAnswers,
  pruneSection,
  setAt,
  type Answers,
  type PropertyFormKind,
} from '#shared/domain/property-forms.ts'
import { lockMoveForFormEditor } from '#server/access/property-forms.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { oneRow, Timestamp } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { pdtfSchemaErrors } from '#server/core/pdtf/pdtf-schema.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { formModel } from '#server/core/pdtf/form-model.ts'
import { clearSignatures, readFormRow } from './form-rows'
import { findRefusedAnswer } from './refused-answer'

export const FORM_SIGNED = 'This form is signed, so its answers are final. Raise any change with your conveyancer.'

export async function saveSection(opts: {
  database: Database
  viewer: Viewer
  txId: string
  form: PropertyFormKind
  section: string
  answers: Answers
  ip?: string | null
}): Promise<SaveSectionResponse> {
  const model = formModel(opts.form)
  const section = model.sections.find((s) => s.key === opts.section)
  if (!section)
    throw new AppError('unprocessable', `The ${PROPERTY_FORM_TITLES[opts.form]} has no section "${opts.section}".`)
  const pruned = getAt(pruneSection(section, opts.answers), section.key)
  return opts.database.db.transaction(async (tx) => {
    await lockMoveForFormEditor(tx, opts.viewer, opts.txId)
    const row = await readFormRow(tx, opts.txId, opts.form, true)
    if (row?.signed_at) throw new AppError('conflict', FORM_SIGNED)
    const answers = setAt(row?.answers ?? {}, section.key, pruned)
    const errors = pdtfSchemaErrors({ propertyPack: answers })
    if (errors.length) {
      const refused = findRefusedAnswer(model, answers, section.key)
      throw new AppError(
        'unprocessable',
        refused?.message ?? `PDTF does not accept an answer in “${section.title}”: ${errors[0]}`,
        { answers: errors, ...(refused ? { question: [refused.question], section: [refused.section] } : {}) },
      )
    }
    const res = await tx.execute(sql`
      insert into property_forms (transaction_id, form, answers, updated_by)
      values (${opts.txId}, ${opts.form}, ${JSON.stringify(answers)}::jsonb, ${opts.viewer.profileId})
      on conflict (transaction_id, form) do update set answers = excluded.answers,
        updated_by = excluded.updated_by, updated_at = now(), version = property_forms.version + 1
      returning updated_at`)
    if (row)
      await clearSignatures(tx, { txId: opts.txId, formId: row.id, form: opts.form, actorId: opts.viewer.profileId })
    if (!row) {
      await recordActivity(tx, {
        transactionId: opts.txId,
        actorId: opts.viewer.profileId,
        kind: 'property_form.started',
        summary: `started the ${PROPERTY_FORM_TITLES[opts.form]}`,
        payload: { form: opts.form },
        ip: opts.ip,
      })
    }
    const updatedAt = oneRow(z.object({ updated_at: Timestamp }), res).updated_at
    return { answers, updated_at: new Date(updatedAt).toISOString(), missing: missingAnswers(model, answers) }
  })
}
