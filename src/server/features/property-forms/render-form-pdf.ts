/**
 * The signed form's PDF, filed in the Property folder: each section and question with its answers as
 * the form model asks them (shown fields only), the evidence attached, and the seller's typed-name
 * signature with its date. A4, wrapped text, pdf-lib's standard fonts.
 */
import {
  getAt,
  isAnswered,
  isShown,
  type Answers,
  type FormFieldModel,
  type FormModel,
} from '#shared/domain/property-forms.ts'
import { ukDateTime } from '#shared/domain/uk-time.ts'
import { createTextPdf } from '#server/platform/pdf/text-pdf.ts'

/** An answer in words: "Yes", "Driveway, Garage", "£250", "12 Mar 2024", "Not answered". */
export function answerText(field: FormFieldModel, value: unknown): string {
  if (!isAnswered(value)) return 'Not answered'
  if (field.kind === 'boolean') return value ? 'Yes' : 'No'
  if (field.kind === 'multi' && Array.isArray(value)) return value.join(', ')
  if (field.kind === 'number' && typeof value === 'number' && /price|cost|£/i.test(`${field.path} ${field.label}`))
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(value)
  if (field.kind === 'date' && typeof value === 'string') {
    const d = new Date(`${value}T12:00:00Z`)
    return d.toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Europe/London' })
  }
  return String(value)
}

/** Builds the PDF bytes of a signed form. */
export async function renderFormPdf(opts: {
  model: FormModel
  answers: Answers
  address: string
  signedName: string
  signedAt: Date
  evidence: { question: string; filename: string }[]
}): Promise<Uint8Array> {
  const { pdf, regular, bold, grey, line, gap } = await createTextPdf({
    title: opts.model.title,
    createdAt: opts.signedAt,
    size: 10,
    leading: 1.45,
  })
  line(opts.model.title, bold, 16)
  line(opts.address, regular, 10, 0, grey)
  line(
    `Signed by ${opts.signedName} on ${ukDateTime(opts.signedAt)} (typed-name signature in Homeward).`,
    regular,
    9,
    0,
    grey,
  )
  gap(8)
  for (const section of opts.model.sections) {
    line(`${section.ref ? `${section.ref} ` : ''}${section.title}`, bold, 12)
    for (const q of section.questions) {
      line(`${q.ref ? `${q.ref} ` : ''}${q.title}`, bold, 9.5, 6)
      for (const f of q.fields) {
        if (!isShown(f, opts.answers)) continue
        const value = getAt(opts.answers, f.path)
        const label = f.label === q.title ? '' : `${f.label}: `
        if (f.kind === 'repeat') {
          const items = Array.isArray(value) ? value : []
          if (!items.length) line(`${label}none`, regular, 9, 12)
          items.forEach((item, i) => {
            const parts = (f.item_fields ?? [])
              .filter((itemField) => isShown(itemField, item) && isAnswered(getAt(item, itemField.path)))
              .map((itemField) => `${itemField.label}: ${answerText(itemField, getAt(item, itemField.path))}`)
            line(`${i + 1}. ${parts.join('; ')}`, regular, 9, 12)
          })
        } else if (f.required || isAnswered(value)) line(`${label}${answerText(f, value)}`, regular, 9, 12)
      }
      for (const e of opts.evidence.filter((ev) => ev.question === q.key))
        line(`Evidence: ${e.filename}`, regular, 9, 12, grey)
    }
    gap(6)
  }
  return pdf.save()
}
