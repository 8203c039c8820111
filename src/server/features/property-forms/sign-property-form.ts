/**
 * POST /api/transactions/{txId}/forms/{form}/sign: the seller signs the completed form with their typed
 * name. In one database transaction: every required answer must be given (422 naming the first ones
 * missing), the form's PDF is filed in the Property folder (storePdf + filePdf), the form is marked
 * signed, the matching timeline task ("TA6 Property Information Form completed") ticks itself, and the
 * audit trail records the signature (name typed, date, the PDF's SHA-256).
 * A joint sale (decision 070): each seller signs once (property_form_signatures); the PDF, the signed
 * state and the task wait for the last seller, and the others are told it needs their signature.
 * Errors: 404 off the move; 403 for anyone but a seller; 409 when already signed (by everyone, or by
 * this seller); 422 when answers are missing.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { PropertyFormResponse } from '#shared/contracts/property-forms.ts'
import {
  PROPERTY_FORM_TITLES,
  findQuestion,
  missingAnswers,
  type PropertyFormKind,
} from '#shared/domain/property-forms.ts'
import { PROPERTY_FORM_TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { ONLY_SELLER_SIGNS, canSignPropertyForm } from '#server/access/property-forms.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { oneRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { filePdf, storePdf, type StoredPdf } from '#server/core/documents/save-generated-pdf.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { touchTransaction } from '#server/core/timeline/touch-transaction.ts'
import { formModel } from '#server/core/pdtf/form-model.ts'
import { formResponse, readEvidence, readFormRow, readSignatures, sellersOf } from './form-rows'
import { notifyPeople } from '#server/core/notify/notify-people.ts'
import { singleLine } from '#shared/domain/plain-text.ts'
import { propertyFormPath } from '#shared/paths.ts'
import { FORM_SIGNED } from './save-section'
import { renderFormPdf } from './render-form-pdf'

export const ALREADY_SIGNED_JOINTLY =
  'You have signed this form. It is signed once every seller has signed; the others have been told.'

const FILE_OF_FORM: Record<PropertyFormKind, string> = {
  ta6: 'TA6 Property Information Form.pdf',
  ta10: 'TA10 Fittings and Contents Form.pdf',
}

export async function signPropertyForm(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  txId: string
  form: PropertyFormKind
  typedName: string
  ip?: string | null
  /** Where notification emails link to (the form's task may complete its stage). */
  notify: NotificationDelivery
}): Promise<PropertyFormResponse> {
  const { viewer, txId, form } = opts
  const model = formModel(form)
  // Set inside the transaction's callback, read after it fails: a holder, as a `let` would read as never assigned.
  const stored: { pdf: StoredPdf | null } = { pdf: null }
  try {
    return await opts.database.db.transaction(async (tx) => {
      const { role } = await lockTransactionForViewer(tx, viewer, txId)
      if (!canSignPropertyForm(role)) throw new AppError('forbidden', ONLY_SELLER_SIGNS)
      const row = await readFormRow(tx, txId, form, true)
      if (row?.signed_at) throw new AppError('conflict', FORM_SIGNED)
      const answers = row?.answers ?? {}
      const missing = missingAnswers(model, answers)
      if (!row || missing.length) {
        // Named by question and section ("“Hob” in “Kitchen”"), each question once.
        const named = missing.map((m) => {
          const found = findQuestion(model, m.question)
          return found ? `“${found.question.title}” in “${found.section.title}”` : `“${m.label}”`
        })
        const first = [...new Set(named)].slice(0, 3)
        throw new AppError(
          'unprocessable',
          `Answer every required question before signing: ${missing.length || 'all'} still to answer${first.length ? `, such as ${first.join(', ')}` : ''}.`,
          { missing: missing.map((m) => m.path) },
        )
      }
      // A joint sale (decision 070): each seller signs the answers as they stand; the form is signed
      // (PDF, task) only with the last signature, the PDF naming every signer.
      const sellers = await sellersOf(tx, txId)
      let signerNames = opts.typedName
      if (sellers.length > 1) {
        const mine = await tx.execute(sql`insert into property_form_signatures (form_id, profile_id, signed_name)
          values (${row.id}, ${viewer.profileId}, ${opts.typedName}) on conflict do nothing returning profile_id`)
        if (!mine.rows.length) throw new AppError('conflict', ALREADY_SIGNED_JOINTLY)
        const signatures = await readSignatures(tx, row.id)
        const signedIds = new Set(signatures.map((s) => s.profile_id))
        const waiting = sellers.filter((s) => !signedIds.has(s.id))
        if (waiting.length) {
          await recordActivity(tx, {
            transactionId: txId,
            actorId: viewer.profileId,
            kind: 'property_form.cosigned',
            summary: `signed the ${PROPERTY_FORM_TITLES[form]} as “${opts.typedName}”; waiting for ${waiting.map((w) => w.full_name).join(' and ')} to sign`,
            payload: {
              form,
              signedAt: new Date().toISOString(),
              method: 'typed',
              waitingFor: waiting.map((w) => w.id),
            },
            ip: opts.ip,
          })
          await notifyPeople(tx, {
            recipients: waiting.map((w) => w.id),
            kind: 'signature_requested',
            transactionId: txId,
            actorId: viewer.profileId,
            title: singleLine(
              `${viewer.fullName} signed the ${PROPERTY_FORM_TITLES[form]}: it needs your signature too`,
            ),
            body: 'Review every answer and sign: the form goes to the buyer once every seller has signed.',
            link: propertyFormPath(txId, form),
            ...opts.notify,
          })
          await touchTransaction(tx, txId)
          return formResponse(tx, form, role, await readFormRow(tx, txId, form), viewer.profileId, txId)
        }
        signerNames = signatures.map((s) => s.signed_name).join(' and ')
      }
      const addr = await tx.execute(sql`select address_lines, postcode from properties where transaction_id = ${txId}`)
      const p = oneRow(z.object({ address_lines: z.array(z.string()), postcode: z.string() }), addr)
      const signedAt = new Date()
      const evidence = await readEvidence(tx, row.id, null)
      const bytes = await renderFormPdf({
        model,
        answers,
        address: [...p.address_lines, p.postcode].join(', '),
        signedName: signerNames,
        signedAt,
        evidence,
      })
      const pdf = await storePdf(opts.storage, txId, bytes)
      stored.pdf = pdf
      const doc = await filePdf(tx, {
        txId,
        folder: 'Property',
        filename: FILE_OF_FORM[form],
        stored: pdf,
        actorId: viewer.profileId,
        summary: `filed the signed ${PROPERTY_FORM_TITLES[form]}`,
        // TA6 and TA10: both clients and both conveyancers (decision 051).
        audience: 'clients_and_conveyancers',
        ip: opts.ip,
      })
      await tx.execute(sql`update property_forms set signed_by = ${viewer.profileId}, signed_name = ${signerNames},
          signed_at = ${signedAt.toISOString()}::timestamptz, document_id = ${doc.id}, version = version + 1
        where id = ${row.id}`)
      await recordActivity(tx, {
        transactionId: txId,
        actorId: viewer.profileId,
        kind: 'property_form.signed',
        summary: `signed the ${PROPERTY_FORM_TITLES[form]} as “${opts.typedName}”`,
        payload: { form, documentId: doc.id, sha256: pdf.sha256, signedAt: signedAt.toISOString(), method: 'typed' },
        ip: opts.ip,
      })
      await tickTask(tx, {
        txId,
        task: { title: PROPERTY_FORM_TASK_TITLES[form] },
        status: 'completed',
        actorId: viewer.profileId,
        reason:
          sellers.length > 1
            ? ' automatically: every seller signed the form in Homeward'
            : ' automatically: the seller signed the form in Homeward',
        payload: { cause: 'property_form' },
        notify: opts.notify,
      })
      await touchTransaction(tx, txId)
      return formResponse(tx, form, role, await readFormRow(tx, txId, form), viewer.profileId, txId)
    })
  } catch (err) {
    await stored.pdf?.discard()
    throw err
  }
}
