/**
 * Builds a form model (src/shared/domain/property-forms.ts) from a PDTF v3 overlay and the PDTF
 * transaction schema: the overlay (OPDA overlays/ta6.json, ta10.json, copied in ./overlays) names which
 * propertyPack fields the paper form asks, in which order, with the form's numbering (ta6Ref,
 * ta10Ref), which are required, and which answers open which follow-up questions (oneOf branches picked
 * by a discriminator such as `yesNo`); the schema gives each field's title, type, allowed values and
 * format. Sections are the overlay's top-level groups (a form with one group, as TA10's
 * fixturesAndFittings, uses that group's children); questions are a section's children; fields are the
 * answerable leaves below a question. The address is the move's own and is left out.
 */
import ta10Overlay from './overlays/ta10.json' with { type: 'json' }
import ta6Overlay from './overlays/ta6.json' with { type: 'json' }
import schema from './schema/pdtf-transaction.v3.json' with { type: 'json' }
import { z } from 'zod'
import {
  PROPERTY_FORM_TITLES,
  findQuestion,
  type FormFieldModel,
  type FormModel,
  type FormQuestionModel,
  type FormSectionModel,
  type PropertyFormKind,
  type ShowIf,
} from '#shared/domain/property-forms.ts'

/** A JSON Schema (or overlay) node, as far as the builder reads one. */
export interface SchemaNode {
  type?: string
  title?: string
  description?: string
  enum?: string[]
  format?: string
  properties?: Record<string, SchemaNode>
  required?: string[]
  oneOf?: SchemaNode[]
  items?: SchemaNode
  discriminator?: { propertyName: string }
  ta6Ref?: string
  ta10Ref?: string
}

/** Reads an overlay or the PDTF schema as SchemaNodes: the keys the builder reads, checked; the rest dropped. */
const SchemaNodeJson: z.ZodType<SchemaNode> = z.lazy(() =>
  z.object({
    type: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    enum: z.array(z.string()).optional(),
    format: z.string().optional(),
    properties: z.record(z.string(), SchemaNodeJson).optional(),
    required: z.array(z.string()).optional(),
    oneOf: z.array(SchemaNodeJson).optional(),
    items: SchemaNodeJson.optional(),
    discriminator: z.object({ propertyName: z.string() }).optional(),
    ta6Ref: z.string().optional(),
    ta10Ref: z.string().optional(),
  }),
)

/** Top-level propertyPack groups that Homeward fills from the move itself, not from the seller's answers. */
const FROM_THE_MOVE = new Set(['address'])

const join = (a: string, b: string) => (a ? `${a}.${b}` : b)

/** "parkingArrangements" -> "Parking arrangements", for a node without a title. */
function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Compares "4.10" after "4.9"; refs missing sort last. */
export function compareRefs(a: string | null, b: string | null): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  const pa = a.split('.')
  const pb = b.split('.')
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i]
    const y = pb[i]
    if (x === undefined) return -1
    if (y === undefined) return 1
    const nx = Number.parseInt(x, 10)
    const ny = Number.parseInt(y, 10)
    if (nx !== ny && !Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny
    if (x !== y) return x < y ? -1 : 1
  }
  return 0
}

class Builder {
  constructor(private readonly refKey: 'ta6Ref' | 'ta10Ref') {}

  ref(node: SchemaNode | undefined): string | null {
    return node?.[this.refKey] ?? null
  }

  /** The smallest ref at or below a node (a group without its own ref sorts by its first question). */
  firstRef(node: SchemaNode | undefined): string | null {
    if (!node) return null
    const own = this.ref(node)
    if (own) return own
    const refs = [
      ...Object.values(node.properties ?? {}),
      ...(node.oneOf ?? []).flatMap((b) => Object.values(b.properties ?? {})),
      ...(node.items ? [node.items] : []),
    ]
      .map((c) => this.firstRef(c))
      .filter((r): r is string => r !== null)
    return refs.sort(compareRefs)[0] ?? null
  }

  /** The schema of `key` under `schemaNode`: its own properties, else the oneOf branch for `values`. */
  childSchema(
    schemaNode: SchemaNode | undefined,
    key: string,
    disc?: string,
    values?: string[],
  ): SchemaNode | undefined {
    const own = schemaNode?.properties?.[key]
    if (own && (own.type || own.properties)) return own
    const branches = schemaNode?.oneOf ?? []
    const matching = branches.find(
      (b) =>
        b.properties?.[key] && (!disc || !values || (b.properties[disc]?.enum ?? []).some((v) => values.includes(v))),
    )
    return matching?.properties?.[key] ?? branches.find((b) => b.properties?.[key])?.properties?.[key] ?? own
  }

  /** An overlay node that names nothing below itself asks everything its schema has. */
  effectiveOverlay(overlay: SchemaNode, schemaNode: SchemaNode | undefined): SchemaNode {
    if (overlay.properties || overlay.oneOf || !schemaNode) return overlay
    if (schemaNode.type !== 'object') return overlay
    const disc = inferDiscriminator(schemaNode)
    return {
      ...overlay,
      properties: Object.fromEntries(Object.keys(schemaNode.properties ?? {}).map((k) => [k, {}])),
      ...(disc ? { discriminator: { propertyName: disc }, oneOf: schemaNode.oneOf } : {}),
    }
  }

  /** The fields under an object node at `path`. */
  objectFields(
    overlayIn: SchemaNode,
    schemaNode: SchemaNode | undefined,
    path: string,
    showIf: ShowIf[],
    required: boolean,
    title: string,
  ): FormFieldModel[] {
    const overlay = this.effectiveOverlay(overlayIn, schemaNode)
    const fields: FormFieldModel[] = []
    for (const [key, child] of Object.entries(overlay.properties ?? {})) {
      const sc = this.childSchema(schemaNode, key)
      fields.push(
        ...this.nodeFields(
          child,
          sc,
          join(path, key),
          showIf,
          required && (overlay.required ?? []).includes(key),
          title,
        ),
      )
    }
    const disc = overlay.discriminator?.propertyName
    if (disc && overlay.oneOf) {
      // A follow-up asked in several branches (TA10's price, comments) is one field shown for all of them.
      const followUps = new Map<string, { overlay: SchemaNode; values: string[]; required: boolean }>()
      for (const branch of overlay.oneOf) {
        const values = branch.properties?.[disc]?.enum ?? []
        for (const [key, child] of Object.entries(branch.properties ?? {})) {
          if (key === disc) continue
          const seen = followUps.get(key)
          const req = (branch.required ?? []).includes(key)
          if (seen) {
            seen.values.push(...values)
            seen.required &&= req
          } else followUps.set(key, { overlay: child, values: [...values], required: req })
        }
      }
      const discPath = join(path, disc)
      for (const [key, f] of followUps) {
        if (overlay.properties?.[key]) continue
        const sc = this.childSchema(schemaNode, key, disc, f.values)
        const label = sc?.title || title
        fields.push(
          ...this.nodeFields(
            f.overlay,
            sc,
            join(path, key),
            [...showIf, { path: discPath, values: f.values }],
            required && f.required,
            label,
          ),
        )
      }
    }
    return fields
  }

  /** The fields of one node: an object's fields, or one answerable field. */
  nodeFields(
    overlay: SchemaNode,
    schemaNode: SchemaNode | undefined,
    path: string,
    showIf: ShowIf[],
    required: boolean,
    parentTitle: string,
  ): FormFieldModel[] {
    const title = overlay.title || schemaNode?.title || ''
    const label = title || parentTitle || humanize(path.split('.').at(-1) ?? path)
    const isObject = schemaNode?.type === 'object' || (!schemaNode?.type && (overlay.properties || overlay.oneOf))
    if (isObject) return this.objectFields(overlay, schemaNode, path, showIf, required, label)
    const base = {
      path,
      ref: this.ref(overlay),
      label,
      hint: schemaNode?.description?.trim() || null,
      required,
      show_if: showIf,
    }
    switch (schemaNode?.type) {
      case 'string': {
        // A date that may instead be a stated value: oneOf [{ format: 'date' }, { enum: ['Not known'] }].
        const alternatives = (schemaNode.oneOf ?? []).flatMap((b) => b.enum ?? [])
        if ((schemaNode.oneOf ?? []).some((b) => b.format === 'date'))
          return [{ ...base, kind: 'date', options: alternatives }]
        if (alternatives.length && !schemaNode.enum) return [{ ...base, kind: 'choice', options: alternatives }]
        if (schemaNode.enum) return [{ ...base, kind: 'choice', options: schemaNode.enum }]
        if (schemaNode.format === 'date') return [{ ...base, kind: 'date', options: [] }]
        // PDTF date-times are instants; the forms ask no time of day, so they are not asked here.
        if (schemaNode.format === 'date-time') return []
        return [{ ...base, kind: 'text', options: [] }]
      }
      case 'number':
      case 'integer':
        return [{ ...base, kind: 'number', options: [] }]
      case 'boolean':
        return [{ ...base, kind: 'boolean', options: [] }]
      case 'array': {
        const items = schemaNode.items
        if (items?.type === 'string' && items.enum) return [{ ...base, kind: 'multi', options: items.enum }]
        if (items?.type === 'object') {
          const itemFields = this.objectFields(overlay.items ?? {}, items, '', [], true, label).filter(
            (f) => f.kind !== 'repeat',
          )
          // A list of items ("Other items (please specify)") is the paper form's blank lines: the overlay
          // marks it required (TA10 1.x, 2.x...), but a seller with nothing else to list leaves it empty,
          // which reads as "None" (issue 39). Each item added still needs its own required answers.
          return itemFields.length
            ? [{ ...base, required: false, kind: 'repeat', options: [], item_fields: itemFields }]
            : []
        }
        return []
      }
      default:
        return []
    }
  }

  question(
    key: string,
    overlay: SchemaNode,
    schemaNode: SchemaNode | undefined,
    path: string,
    sectionTitle: string,
  ): FormQuestionModel {
    // An untitled answer directly in a section (a section that is one yes/no) takes the section's title.
    const title = overlay.title || schemaNode?.title || sectionTitle || humanize(key)
    return {
      key: path,
      ref: this.firstRef(overlay),
      title,
      hint: schemaNode?.description?.trim() || null,
      fields: this.nodeFields(overlay, schemaNode, path, [], true, title),
    }
  }

  section(key: string, overlay: SchemaNode, schemaNode: SchemaNode | undefined, path: string): FormSectionModel {
    const eff = this.effectiveOverlay(overlay, schemaNode)
    const children = Object.entries(eff.properties ?? {})
    const title = overlay.title || schemaNode?.title || humanize(key)
    // A section that is itself one question (its answers open follow-ups) is asked as one.
    const oneQuestion = schemaNode?.type !== 'object' || Boolean(eff.discriminator)
    const questions: FormQuestionModel[] = oneQuestion
      ? [this.question(key, overlay, schemaNode, path, title)]
      : children.map(([k, child]) => this.question(k, child, this.childSchema(schemaNode, k), join(path, k), title))
    return {
      key: path,
      ref: this.firstRef(overlay),
      title,
      questions: questions.filter((q) => q.fields.length > 0),
    }
  }
}

/** The property whose enum every oneOf branch names: the branch's discriminator. */
function inferDiscriminator(node: SchemaNode): string | null {
  const branches = node.oneOf ?? []
  if (!branches.length) return null
  const first = Object.entries(branches[0]!.properties ?? {}).find(([, v]) => v.enum)
  if (!first) return null
  return branches.every((b) => b.properties?.[first[0]]?.enum) ? first[0] : null
}

/** Builds the model of a form from an overlay (exported for the tests; the app uses formModel). */
export function buildFormModel(form: PropertyFormKind, overlay: SchemaNode, pdtfSchema: SchemaNode): FormModel {
  const builder = new Builder(form === 'ta6' ? 'ta6Ref' : 'ta10Ref')
  const packOverlay = overlay.properties?.propertyPack ?? {}
  const packSchema = pdtfSchema.properties?.propertyPack
  let groups = Object.entries(packOverlay.properties ?? {})
    .filter(([key]) => !FROM_THE_MOVE.has(key))
    .map(([key, ov]) => ({ key, path: key, overlay: ov, schema: packSchema?.properties?.[key] }))
  if (groups.length === 1) {
    const only = groups[0]!
    groups = Object.entries(only.overlay.properties ?? {}).map(([key, ov]) => ({
      key,
      path: join(only.path, key),
      overlay: ov,
      schema: only.schema?.properties?.[key],
    }))
  }
  const sections = groups
    .map((g) => builder.section(g.key, g.overlay, g.schema, g.path))
    .filter((s) => s.questions.length > 0)
  sections.sort((a, b) => compareRefs(a.ref, b.ref))
  return { form, title: PROPERTY_FORM_TITLES[form], sections }
}

const cache = new Map<PropertyFormKind, FormModel>()
/** The PDTF schema as SchemaNodes, read once for both forms. */
let pdtfSchema: SchemaNode | undefined

/** The model of TA6 or TA10, built once per process. */
export function formModel(form: PropertyFormKind): FormModel {
  let model = cache.get(form)
  if (!model) {
    const overlay = SchemaNodeJson.parse(form === 'ta6' ? ta6Overlay : ta10Overlay)
    pdtfSchema ??= SchemaNodeJson.parse(schema)
    model = buildFormModel(form, overlay, pdtfSchema)
    cache.set(form, model)
  }
  return model
}

/** True for 'ta6:parking.controlledParking': a question the form asks (enquiries raised on an answer). */
export function isFormQuestion(ref: string): boolean {
  const [form, key] = ref.split(':')
  if ((form !== 'ta6' && form !== 'ta10') || !key) return false
  return findQuestion(formModel(form), key) !== null
}
