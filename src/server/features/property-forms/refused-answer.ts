/**
 * Names the answer PDTF refuses when a section is saved (issue 39: "a refused answer names no
 * question"): the whole answer set failed the PDTF v3 schema, so each question is checked on its own
 * (its answers alone under propertyPack: the pack requires nothing at the top), the section being
 * saved first, then the rest. The schema's own sentence ("propertyPack.x.y: must be one of …") is
 * kept only for what it says is wrong, with the field's label in place of its path.
 */
import {
  PROPERTY_FORM_TITLES,
  getAt,
  setAt,
  type Answers,
  type FormModel,
  type FormQuestionModel,
  type FormSectionModel,
} from '#shared/domain/property-forms.ts'
import { pdtfSchemaErrors } from '#server/core/pdtf/pdtf-schema.ts'

/** A refused answer: its question and section as the seller reads them, and the sentence to show. */
export interface RefusedAnswer {
  section: string
  question: string
  message: string
}

/** `“Question” (section “Section”, TA6 7.2)`: how a refusal names where to look. */
export function whereInForm(model: FormModel, section: FormSectionModel, question: FormQuestionModel): string {
  const ref = question.ref ? `, ${model.form.toUpperCase()} ${question.ref}` : ''
  return `“${question.title}” (section “${section.title}”${ref})`
}

/** What the schema says is wrong, without its dotted path: "must be one of "Yes", "No"". */
function detailOf(error: string, question: FormQuestionModel): string {
  const colon = error.indexOf(': ')
  const path = colon > 0 ? error.slice(0, colon) : ''
  const detail = colon > 0 ? error.slice(colon + 2) : error
  const below = path.replace(/^propertyPack\./, '').replace(/\[(\d+)\]/g, '.$1')
  const field = question.fields.find((f) => below === f.path || below.startsWith(`${f.path}.`))
  return field && field.label !== question.title ? `${field.label} ${detail}` : `the answer ${detail}`
}

/**
 * The first question whose answers PDTF refuses on their own, or null when each passes alone (the
 * refusal then comes from answers together, and the caller names the schema's first error).
 */
export function findRefusedAnswer(model: FormModel, answers: Answers, sectionFirst: string): RefusedAnswer | null {
  const sections = [
    ...model.sections.filter((s) => s.key === sectionFirst),
    ...model.sections.filter((s) => s.key !== sectionFirst),
  ]
  for (const section of sections) {
    for (const question of section.questions) {
      const value = getAt(answers, question.key)
      if (value === undefined) continue
      const errors = pdtfSchemaErrors({ propertyPack: setAt({}, question.key, value) })
      if (!errors.length) continue
      return {
        section: section.key,
        question: question.key,
        message: `The ${PROPERTY_FORM_TITLES[model.form]} cannot keep your answer to ${whereInForm(model, section, question)}: ${detailOf(errors[0]!, question)}. Change it and it saves again.`,
      }
    }
  }
  return null
}
