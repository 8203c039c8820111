import { isAnswered, type FormFieldModel } from '#shared/domain/property-forms.ts'
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
