/**
 * The seller's TA6 and TA10 answers in a PDTF pack, read back for an import: for each form, the
 * propertyPack fields its model asks (pruned as a save prunes them: only the form's questions, only
 * the follow-ups the answers open), cleaned as typed text is, and whether the seller signed it, from
 * Homeward's `signedForms` extension (pdtf-mapping.ts). A form the pack says is signed but that lacks
 * a required answer comes as a draft, with a warning. Pure: features/pdtf/import-pdtf.ts stores them.
 */
import { cleanJsonText, singleLine } from '#shared/domain/plain-text.ts'
import {
  PROPERTY_FORMS,
  PROPERTY_FORM_TITLES,
  getAt,
  missingAnswers,
  pruneSection,
  setAt,
  type Answers,
  type PropertyFormKind,
} from '#shared/domain/property-forms.ts'
import { formModel } from './form-model'
import { SIGNED_FORMS_KEY, SIGNED_FORM_NAMES } from './pdtf-mapping'

/** One form found in a pack. `signed` is null for a draft. */
export interface PackForm {
  form: PropertyFormKind
  answers: Answers
  /** Required answers still missing (0 for a signed form). */
  missing: number
  signed: { name: string; at: string } | null
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The pack's signature of `form`, when its extension gives a name and a valid date-time. */
function signatureIn(pack: Record<string, unknown>, form: PropertyFormKind): { name: string; at: string } | null {
  const list = pack[SIGNED_FORMS_KEY]
  if (!Array.isArray(list)) return null
  for (const entry of list) {
    if (!isObject(entry) || entry.form !== SIGNED_FORM_NAMES[form]) continue
    const name = typeof entry.signedName === 'string' ? singleLine(entry.signedName).trim().slice(0, 120) : ''
    const at = typeof entry.signedAt === 'string' ? new Date(entry.signedAt) : null
    if (name.length >= 2 && at && !Number.isNaN(at.getTime())) return { name, at: at.toISOString() }
  }
  return null
}

/** The forms a pack answers (at least one answer each), and warnings about them. */
export function formsFromPack(pack: unknown): { forms: PackForm[]; warnings: string[] } {
  const root = isObject(pack) ? pack : {}
  const propertyPack = isObject(root.propertyPack) ? root.propertyPack : {}
  const forms: PackForm[] = []
  const warnings: string[] = []
  for (const form of PROPERTY_FORMS) {
    const model = formModel(form)
    let answers: Answers = {}
    for (const section of model.sections) {
      const value = getAt(pruneSection(section, propertyPack), section.key)
      if (value !== undefined) answers = setAt(answers, section.key, value)
    }
    answers = cleanJsonText(answers) as Answers
    if (!Object.keys(answers).length) continue
    const missing = missingAnswers(model, answers).length
    let signed = signatureIn(root, form)
    if (signed && missing) {
      warnings.push(
        `The pack says the ${PROPERTY_FORM_TITLES[form]} was signed, but ${missing} required ${missing === 1 ? 'answer is' : 'answers are'} missing: it comes in as a draft for the seller to finish and sign.`,
      )
      signed = null
    }
    forms.push({ form, answers, missing, signed })
  }
  return { forms, warnings }
}
