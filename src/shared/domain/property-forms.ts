/**
 * The seller's property information forms (TA6 Property Information Form, TA10 Fittings and Contents
 * Form) as form models built from the PDTF v3 overlays (OPDA: overlays/ta6.json, overlays/ta10.json),
 * and the pure rules on their answers. An answer set is PDTF data: a fragment of `propertyPack`
 * (`{ disputesAndComplaints: { hasDisputesAndComplaints: { yesNo: 'No' } } }`), so the PDTF export
 * carries it as it is. Field paths are dot paths below `propertyPack` ("parking.controlledParking.yesNo");
 * a repeatable item's fields are relative to the item.
 */

export const PROPERTY_FORMS = ['ta6', 'ta10'] as const
export type PropertyFormKind = (typeof PROPERTY_FORMS)[number]

export const PROPERTY_FORM_TITLES: Record<PropertyFormKind, string> = {
  ta6: 'TA6 Property Information Form',
  ta10: 'TA10 Fittings and Contents Form',
}

/** Why the TA6 and TA10 tasks cannot be ticked by hand. */
export const PROPERTY_FORM_TASK_RULE =
  'This task ticks itself when the seller signs the form in Homeward: open the form from the timeline to fill it in and sign.'

export const FIELD_KINDS = ['choice', 'multi', 'text', 'number', 'date', 'boolean', 'repeat'] as const
export type FieldKind = (typeof FIELD_KINDS)[number]

/** Shown only when the answer at `path` is one of `values` (a PDTF oneOf branch chosen by its discriminator). */
export interface ShowIf {
  path: string
  values: string[]
}

export interface FormFieldModel {
  path: string
  /** The form's own numbering ("2.1.2"), when the overlay gives one. */
  ref: string | null
  label: string
  hint: string | null
  kind: FieldKind
  /** The allowed answers of a choice or multi field; a date's alternatives to a date ('Not known'); [] otherwise. */
  options: string[]
  required: boolean
  show_if: ShowIf[]
  /** The fields of each item of a repeatable ('repeat') field, relative to the item. */
  item_fields?: FormFieldModel[]
}

export interface FormQuestionModel {
  /** The question's path below propertyPack: what an enquiry or a piece of evidence refers to. */
  key: string
  ref: string | null
  title: string
  hint: string | null
  fields: FormFieldModel[]
}

export interface FormSectionModel {
  key: string
  ref: string | null
  title: string
  questions: FormQuestionModel[]
}

export interface FormModel {
  form: PropertyFormKind
  title: string
  sections: FormSectionModel[]
}

export type Answers = Record<string, unknown>

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The value at a dot path, or undefined. */
export function getAt(data: unknown, path: string): unknown {
  let node = data
  for (const part of path.split('.')) {
    if (!isObject(node)) return undefined
    node = node[part]
  }
  return node
}

/** A copy of `data` with `value` at the dot path (objects made on the way); undefined removes it. */
export function setAt(data: Answers, path: string, value: unknown): Answers {
  const [head, ...rest] = path.split('.') as [string, ...string[]]
  const copy: Answers = { ...data }
  if (rest.length === 0) {
    if (value === undefined) delete copy[head]
    else copy[head] = value
    return copy
  }
  const child = isObject(copy[head]) ? copy[head] : {}
  copy[head] = setAt(child, rest.join('.'), value)
  return copy
}

/** True when a field's conditions hold on `data` (the answers, or one repeatable item). */
export function isShown(field: Pick<FormFieldModel, 'show_if'>, data: unknown): boolean {
  return field.show_if.every((c) => {
    const v = getAt(data, c.path)
    return typeof v === 'string' && c.values.includes(v)
  })
}

/** An answer is given: not undefined, null, '' (or blank), [] or a NaN. */
export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (typeof value === 'number') return Number.isFinite(value)
  if (Array.isArray(value)) return value.length > 0
  return true
}

function pruneValue(field: FormFieldModel, value: unknown): unknown {
  if (!isAnswered(value)) return undefined
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' ? value.trim() : undefined
    case 'number':
      return typeof value === 'number' ? value : undefined
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined
    case 'choice':
      return typeof value === 'string' && field.options.includes(value) ? value : undefined
    case 'date':
      return typeof value === 'string' && (/^\d{4}-\d{2}-\d{2}$/.test(value) || field.options.includes(value))
        ? value
        : undefined
    case 'multi':
      return Array.isArray(value) ? value.filter((v) => field.options.includes(v as string)) : undefined
    case 'repeat': {
      if (!Array.isArray(value)) return undefined
      const items = value.filter(isObject).map((item) => pruneFields(field.item_fields ?? [], item))
      return items.filter((i) => Object.keys(i).length > 0)
    }
  }
}

function pruneFields(fields: FormFieldModel[], data: Answers): Answers {
  let out: Answers = {}
  for (const f of fields) {
    if (!isShown(f, data)) continue
    const v = pruneValue(f, getAt(data, f.path))
    if (isAnswered(v)) out = setAt(out, f.path, v)
  }
  return out
}

/**
 * The answers of one section as PDTF wants them: only the model's fields, only those shown (a
 * hidden branch's answers dropped when its yes/no changed), blanks and empty objects removed.
 */
export function pruneSection(section: FormSectionModel, data: unknown): Answers {
  if (!isObject(data)) return {}
  const fields = section.questions.flatMap((q) => q.fields)
  return pruneFields(fields, data)
}

/** A required answer still missing: its section, question and the field's label. */
export interface MissingAnswer {
  section: string
  question: string
  path: string
  label: string
}

function missingIn(fields: FormFieldModel[], data: unknown, prefix: string): { path: string; label: string }[] {
  const out: { path: string; label: string }[] = []
  for (const f of fields) {
    if (!isShown(f, data)) continue
    const value = getAt(data, f.path)
    if (f.required && !isAnswered(value)) out.push({ path: `${prefix}${f.path}`, label: f.label })
    if (f.kind === 'repeat' && Array.isArray(value)) {
      value.forEach((item, i) => out.push(...missingIn(f.item_fields ?? [], item, `${prefix}${f.path}.${i}.`)))
    }
  }
  return out
}

/** Every required answer not yet given (only for questions shown by the answers so far). */
export function missingAnswers(model: FormModel, answers: Answers): MissingAnswer[] {
  return model.sections.flatMap((s) =>
    s.questions.flatMap((q) =>
      missingIn(q.fields, answers, '').map((m) => ({ section: s.key, question: q.key, path: m.path, label: m.label })),
    ),
  )
}

/** How far a section is: required answers given of those asked (a section with none counts as answered once touched). */
export function sectionProgress(section: FormSectionModel, answers: Answers): { answered: number; required: number } {
  const fields = section.questions.flatMap((q) => q.fields)
  const missing = missingIn(fields, answers, '').length
  const required = fields.filter((f) => f.required && isShown(f, answers)).length
  return { answered: Math.max(0, required - missing), required }
}

/** The section key of a question key ("parking.controlledParking" is in "parking"), from the model. */
export function findQuestion(
  model: FormModel,
  key: string,
): { section: FormSectionModel; question: FormQuestionModel } | null {
  for (const section of model.sections) {
    const question = section.questions.find((q) => q.key === key)
    if (question) return { section, question }
  }
  return null
}

/** "TA6 2.1" or "TA10 Kitchen": how a question is cited in an enquiry. */
export function questionCitation(form: PropertyFormKind, q: Pick<FormQuestionModel, 'ref' | 'title'>): string {
  return `${form.toUpperCase()}${q.ref ? ` ${q.ref}` : ''}: ${q.title}`
}

function exampleValue(field: FormFieldModel, prefer: string): unknown {
  switch (field.kind) {
    case 'choice':
      return field.options.includes(prefer) ? prefer : field.options[0]
    case 'multi':
      return field.options.slice(0, 1)
    case 'text':
      return 'None known'
    case 'number':
      return 0
    case 'date':
      return '2020-01-01'
    case 'boolean':
      return true
    case 'repeat':
      return field.required ? [fillFields(field.item_fields ?? [], {}, prefer)] : undefined
  }
}

function fillFields(fields: FormFieldModel[], start: Answers, prefer: string): Answers {
  let data = start
  for (const f of fields) {
    if (!isShown(f, data) || isAnswered(getAt(data, f.path))) continue
    if (!f.required) continue
    data = setAt(data, f.path, exampleValue(f, prefer))
  }
  return data
}

/**
 * Answers every required question of the chosen sections (all by default) with a plain answer: `prefer`
 * ('No' by default; 'Yes' opens the follow-up questions) where a choice allows it, else its first
 * option; for tests and demo data. Answers already in `start` stay.
 */
export function exampleAnswers(
  model: FormModel,
  opts: { sections?: string[]; start?: Answers; prefer?: string } = {},
): Answers {
  let data = opts.start ?? {}
  for (const s of model.sections) {
    if (opts.sections && !opts.sections.includes(s.key)) continue
    data = fillFields(
      s.questions.flatMap((q) => q.fields),
      data,
      opts.prefer ?? 'No',
    )
  }
  return data
}
