/**
 * The seller's property information forms, TA6 and TA10, filled in Homeward question by question as
 * the PDTF overlays define them (src/shared/domain/property-forms.ts): the form with its answers,
 * saving a section as the seller goes, evidence documents on an answer, and signing (a PDF in the
 * Property folder). Answers are PDTF propertyPack data and join the PDTF export.
 */
import { z } from 'zod'
import { FIELD_KINDS, PROPERTY_FORMS } from '../domain/property-forms'
import { Timestamp, Uuid } from './common'
import { displayJson, displayLine } from './common'
import { ERRORS, endpoint, json, jsonBody } from './endpoint'

export const PropertyFormParams = z.object({
  txId: Uuid,
  form: z.enum(PROPERTY_FORMS, { message: 'The form is ta6 or ta10' }),
})
export const PropertyFormSectionParams = PropertyFormParams.extend({
  section: z.string().min(1).max(200),
})
export const PropertyFormEvidenceParams = PropertyFormParams.extend({ evidenceId: Uuid })

const ShowIf = z.object({ path: z.string(), values: z.array(z.string()) })
const FieldBase = z.object({
  path: z.string(),
  ref: z.string().nullable(),
  label: z.string(),
  hint: z.string().nullable(),
  kind: z.enum(FIELD_KINDS),
  options: z.array(z.string()),
  required: z.boolean(),
  show_if: z.array(ShowIf),
})
const Field = FieldBase.extend({ item_fields: z.array(FieldBase).optional() })
const Question = z.object({
  key: z.string(),
  ref: z.string().nullable(),
  title: z.string(),
  hint: z.string().nullable(),
  fields: z.array(Field),
})
export const PropertyFormModel = z.object({
  form: z.enum(PROPERTY_FORMS),
  title: z.string(),
  sections: z.array(
    z.object({ key: z.string(), ref: z.string().nullable(), title: z.string(), questions: z.array(Question) }),
  ),
})

/** PDTF propertyPack data: the answers given so far. */
const PropertyPackAnswers = z.record(z.string(), z.unknown())

export const MissingAnswer = z.object({
  section: z.string(),
  question: z.string(),
  path: z.string(),
  label: z.string(),
})

export const FormEvidence = z.object({
  id: Uuid,
  question: z.string(),
  document_id: Uuid,
  filename: z.string(),
  folder: z.string(),
})
export type FormEvidence = z.infer<typeof FormEvidence>

/** GET /api/transactions/{txId}/forms/{form}. */
export const PropertyFormResponse = z.object({
  model: PropertyFormModel,
  /** 'not_started', 'draft' (answers saved, not signed) or 'signed'. */
  status: z.enum(['not_started', 'draft', 'signed']),
  /** The answers; for the buyer's side, only once the seller has signed (an empty object before). */
  answers: PropertyPackAnswers,
  updated_at: Timestamp.nullable(),
  missing: z.array(MissingAnswer),
  evidence: z.array(FormEvidence),
  signed: z.object({ name: z.string(), at: Timestamp, document_id: Uuid.nullable() }).nullable(),
  /**
   * A joint sale's signatures so far while the form waits for every seller (decision 070): the typed
   * name, when, and the account's name. Shown to the seller's side only; empty once signed.
   */
  signatures: z.array(z.object({ name: z.string(), at: Timestamp, full_name: z.string() })),
  /** The sellers still to sign a joint sale's form (names), for the seller's side; empty for one seller. */
  waiting_for: z.array(z.string()),
  /** The seller and their conveyancer fill the form while it is unsigned. */
  can_edit: z.boolean(),
  /** The seller signs (each seller of a joint sale once; false after their own signature). */
  can_sign: z.boolean(),
  /** The buyer's conveyancer raises enquiries on answers. */
  can_raise_enquiries: z.boolean(),
})
export type PropertyFormResponse = z.infer<typeof PropertyFormResponse>

/** PUT .../sections/{section}: the section's answers, as a propertyPack fragment (other sections are ignored). */
export const SaveSectionInput = z.object({ answers: displayJson() })

export const SaveSectionResponse = z.object({
  answers: PropertyPackAnswers,
  updated_at: Timestamp,
  missing: z.array(MissingAnswer),
})
export type SaveSectionResponse = z.infer<typeof SaveSectionResponse>

export const SignPropertyFormInput = z.object({
  typed_name: displayLine({ message: 'Type your full name to sign' })
    .trim()
    .min(2, 'Type your full name to sign')
    .max(120, 'At most 120 characters'),
  confirm: z.literal(true, { message: 'Confirm that the answers are true to the best of your knowledge' }),
})
export type SignPropertyFormInput = z.input<typeof SignPropertyFormInput>

export const AddEvidenceInput = z.object({
  question: z.string().min(1, 'Name the question').max(300),
  document_id: Uuid,
})

export const propertyFormEndpoints = {
  get: endpoint({
    method: 'get',
    path: '/transactions/{txId}/forms/{form}',
    summary: 'A property information form (TA6 or TA10): its questions, answers, evidence and signature',
    request: { params: PropertyFormParams },
    responses: { 200: json('The form', PropertyFormResponse), ...ERRORS },
  }),
  saveSection: endpoint({
    method: 'put',
    path: '/transactions/{txId}/forms/{form}/sections/{section}',
    summary: "Save one section's answers (the seller's side, while unsigned)",
    request: { params: PropertyFormSectionParams, body: jsonBody(SaveSectionInput) },
    responses: {
      200: json('Saved', SaveSectionResponse),
      403: { description: "Not the seller's side" },
      409: { description: 'The form is signed' },
      422: { description: 'An answer PDTF does not accept' },
      ...ERRORS,
    },
  }),
  sign: endpoint({
    method: 'post',
    path: '/transactions/{txId}/forms/{form}/sign',
    summary: 'The seller signs the completed form: its PDF is filed in Property and the timeline task ticks',
    request: { params: PropertyFormParams, body: jsonBody(SignPropertyFormInput) },
    responses: {
      201: json('Signed', PropertyFormResponse),
      403: { description: 'Not the seller' },
      409: { description: 'Already signed' },
      422: { description: 'Required answers missing' },
      ...ERRORS,
    },
  }),
  addEvidence: endpoint({
    method: 'post',
    path: '/transactions/{txId}/forms/{form}/evidence',
    summary: "Attach one of the move's documents to an answer as evidence (the seller's side)",
    request: { params: PropertyFormParams, body: jsonBody(AddEvidenceInput) },
    responses: {
      201: json('Attached', FormEvidence),
      403: { description: "Not the seller's side" },
      409: { description: 'The form is signed' },
      422: { description: 'Unknown question or document' },
      ...ERRORS,
    },
  }),
  removeEvidence: endpoint({
    method: 'delete',
    path: '/transactions/{txId}/forms/{form}/evidence/{evidenceId}',
    summary: 'Detach an evidence document from an answer (the document stays in Documents)',
    request: { params: PropertyFormEvidenceParams },
    responses: {
      204: { description: 'Detached' },
      403: { description: "Not the seller's side" },
      409: { description: 'The form is signed' },
      ...ERRORS,
    },
  }),
}
