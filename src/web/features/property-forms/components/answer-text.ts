import {
  getAt,
  isAnswered,
  isShown,
  type Answers,
  type FormFieldModel,
  type FormQuestionModel,
} from '#shared/domain/property-forms.ts'
import { formatGbp, formatUkDate } from '#web/lib/formatters.ts'

/** How a choice reads on screen: TA10's "None" means there is none at the property. */
export function optionLabel(field: FormFieldModel, option: string): string {
  if (option === 'None' && field.path.endsWith('isIncludedExcludedOrNone')) return 'None there'
  return option
}

/** An answer in words for the read view: "Yes", "Driveway, Garage", "£250.00", "12 Mar 2024". */
export function answerText(field: FormFieldModel, value: unknown): string {
  if (!isAnswered(value)) return 'Not answered'
  if (field.kind === 'boolean') return value ? 'Yes' : 'No'
  if (field.kind === 'multi' && Array.isArray(value)) return value.join(', ')
  if (field.kind === 'choice' && typeof value === 'string') return optionLabel(field, value)
  if (field.kind === 'number' && typeof value === 'number' && /price|cost|£/i.test(`${field.path} ${field.label}`))
    return formatGbp(value)
  if (field.kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return formatUkDate(value)
  return String(value)
}

/** One answer line of a question as read back: its label ('Answer' when it is the question itself) and text. */
export interface AnswerLine {
  field: FormFieldModel
  label: string
  text: string
}

/**
 * The lines of a question's answers as the read view and the "Review and sign" step show them: every
 * shown field that is required or answered; a list reads "None" when empty (TA10's "Other items").
 */
export function answerLines(question: FormQuestionModel, answers: Answers): AnswerLine[] {
  return question.fields
    .filter((f) => isShown(f, answers) && (f.required || f.kind === 'repeat' || isAnswered(getAt(answers, f.path))))
    .map((f) => {
      const value = getAt(answers, f.path)
      const text =
        f.kind === 'repeat'
          ? Array.isArray(value) && value.length
            ? value
                .map(
                  (item, i) =>
                    `${i + 1}. ${(f.item_fields ?? [])
                      .filter((itf) => isShown(itf, item) && isAnswered(getAt(item, itf.path)))
                      .map((itf) => `${itf.label}: ${answerText(itf, getAt(item, itf.path))}`)
                      .join('; ')}`,
                )
                .join('\n')
            : 'None'
          : answerText(f, value)
      return { field: f, label: f.label === question.title ? 'Answer' : f.label, text }
    })
}
