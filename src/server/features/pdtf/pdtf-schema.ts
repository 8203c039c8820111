/**
 * Validation against the PDTF v3 transaction schema (JSON Schema draft-07) with Ajv, and its errors
 * in words. The schema (1.5 MB, 567 oneOf branches) compiles in about 1 to 4 s, so it is compiled
 * once per process, on the first import, and kept.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import schema from './schema/pdtf-transaction.v3.json' with { type: 'json' }

let compiled: ValidateFunction | null = null

function validator(): ValidateFunction {
  if (!compiled) {
    // strict off: the published schema uses annotations Ajv does not know (nts2Description and others).
    const ajv = new Ajv({ strict: false, allErrors: true })
    addFormats(ajv)
    compiled = ajv.compile(schema)
  }
  return compiled
}

/** At most this many schema errors are reported, the most specific first. */
export const MAX_REPORTED_ERRORS = 20

/** "propertyPack.address.postcode" from Ajv's "/propertyPack/address/postcode". */
function fieldPath(instancePath: string): string {
  if (!instancePath) return 'The pack'
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '')
}

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>
  switch (e.keyword) {
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
    case 'type':
      return `must be ${p.type === 'integer' ? 'a whole number' : `of type ${String(p.type)}`}`
    case 'format':
      return p.format === 'date-time'
        ? 'must be a date and time with its offset, such as 2026-11-27T09:30:00Z'
        : p.format === 'date'
          ? 'must be a date such as 2026-11-27'
          : `must be a valid ${String(p.format)}`
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters`
    case 'minItems':
      return `must have at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`
    case 'minimum':
      return `must be at least ${String(p.limit)}`
    case 'required':
      return `must have ${String(p.missingProperty)}`
    default:
      return e.message ?? 'is not valid'
  }
}

/**
 * PDTF picks a oneOf branch by a discriminating value (a participant's role, a search's status, a
 * yes/no answer): a branch whose discriminator enum failed is not the one the data meant, so its
 * errors only confuse ("status must be Delivered" for an ordered search). Drops them.
 */
function withoutUnchosenBranches(errors: ErrorObject[]): ErrorObject[] {
  const unchosen = new Set<string>()
  for (const e of errors) {
    const m = e.keyword === 'enum' ? /^(.*\/oneOf\/\d+)\/properties\/[^/]+\/enum$/.exec(e.schemaPath) : null
    if (m) unchosen.add(m[1]!)
  }
  if (!unchosen.size) return errors
  return errors.filter((e) => ![...unchosen].some((branch) => e.schemaPath.startsWith(`${branch}/`)))
}

/**
 * Checks `pack` against the PDTF v3 transaction schema. Returns [] when it is valid, else up to
 * MAX_REPORTED_ERRORS sentences such as "propertyPack.uprn: must be a whole number". The oneOf
 * summaries ("must match exactly one schema") are left out when a more specific error explains them.
 */
export function pdtfSchemaErrors(pack: unknown): string[] {
  const validate = validator()
  if (validate(pack)) return []
  const errors = withoutUnchosenBranches(validate.errors ?? [])
  const specific = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if')
  const chosen = specific.length ? specific : errors
  const lines = [...new Set(chosen.map((e) => `${fieldPath(e.instancePath)}: ${describe(e)}`))]
  return lines.slice(0, MAX_REPORTED_ERRORS)
}
