/**
 * Validation against the PDTF v3 transaction schema (JSON Schema draft-07), and its errors in words.
 * @cfworker/json-schema walks the schema as data: it is ready in about 0.1 s and checks a 35 KB pack
 * in about 30 ms, where Ajv compiles this schema (1.5 MB, 567 oneOf branches) into code for 4 to 8 s on
 * these machines, blocking the server. The tests check our exports with Ajv as well, an independent
 * second validator (pdtf.integration.test.ts).
 */
import { Validator, type OutputUnit } from '@cfworker/json-schema'
import schema from './schema/pdtf-transaction.v3.json' with { type: 'json' }

// Two validators of the same schema: one that collects every error (for the messages), one that
// stops at the first failing keyword (short-circuit: the quick yes or no, whatever the pack's size).
let validator: Validator | null = null
let quickValidator: Validator | null = null
/** The schema as data, typed as any object: the validator walks it as JSON Schema. */
const pdtfSchema: object = schema

/** At most this many schema errors are reported, in document order. */
export const MAX_REPORTED_ERRORS = 20

/** Keywords that only say "something below failed": the specific error below explains it. */
const STRUCTURAL = new Set([
  'properties',
  'items',
  'additionalItems',
  'oneOf',
  'anyOf',
  'allOf',
  '$ref',
  'if',
  'then',
  'else',
])

/** "propertyPack.searches[0].orderDate" from "#/propertyPack/searches/0/orderDate". */
function fieldPath(instanceLocation: string): string {
  const parts = instanceLocation.replace(/^#\/?/, '')
  if (!parts) return 'The pack'
  return parts
    .split('/')
    .map((s) => decodeURIComponent(s).replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '')
}

/** An object or array of the schema, whose members are read by name ("properties", or "0" of an array). */
const isContainer = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object'

/** The schema value at a keyword location ("#/properties/status/enum"). */
function schemaAt(keywordLocation: string): unknown {
  let node: unknown = schema
  for (const raw of keywordLocation.replace(/^#\/?/, '').split('/')) {
    if (!raw) continue
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    node = isContainer(node) ? node[key] : undefined
  }
  return node
}

function describe(e: OutputUnit): string {
  const at = schemaAt(e.keywordLocation)
  switch (e.keyword) {
    case 'enum':
      return Array.isArray(at)
        ? `must be one of ${at.map((v) => JSON.stringify(v)).join(', ')}`
        : 'is not an allowed value'
    case 'type':
      return at === 'integer' ? 'must be a whole number' : `must be of type ${String(at)}`
    case 'format':
      return at === 'date-time'
        ? 'must be a date and time with its offset, such as 2026-11-27T09:30:00Z'
        : at === 'date'
          ? 'must be a date such as 2026-11-27'
          : `must be a valid ${String(at)}`
    case 'minLength':
      return at === 1 ? 'must not be empty' : `must be at least ${String(at)} characters`
    case 'maxLength':
      return `must be at most ${String(at)} characters`
    case 'minItems':
      return `must have at least ${String(at)} item${at === 1 ? '' : 's'}`
    case 'minimum':
      return `must be at least ${String(at)}`
    case 'maximum':
      return `must be at most ${String(at)}`
    case 'required':
      return e.error.replace(/^Instance does not have required property "(.+)"\.$/, 'must have $1')
    case 'oneOf':
    case 'anyOf':
      // The validator's "Instance does not match exactly one subschema (0 matches)" (issue 39).
      return 'is not filled in any of the ways the PDTF standard allows here: check its type or status and the fields that go with it'
    case 'const':
      return `must be ${JSON.stringify(at)}`
    case 'additionalProperties':
      return 'has a field the PDTF standard does not allow here'
    case 'properties':
    case 'items':
    case '$ref':
    case 'allOf':
      return 'has a value below it that the PDTF standard does not allow'
    default:
      return e.error
  }
}

/**
 * PDTF picks a oneOf branch by a discriminating value (a participant's role, a search's status, a
 * yes/no answer): a branch whose discriminator enum failed is not the one the data meant, so its
 * errors only confuse ("status must be Delivered" for an ordered search). Drops them.
 */
function withoutUnchosenBranches(errors: OutputUnit[]): OutputUnit[] {
  const unchosen = new Set<string>()
  for (const e of errors) {
    const m = e.keyword === 'enum' ? /^(.*\/oneOf\/\d+)\/properties\/[^/]+\/enum$/.exec(e.keywordLocation) : null
    if (m) unchosen.add(m[1]!)
  }
  if (!unchosen.size) return errors
  return errors.filter((e) => ![...unchosen].some((branch) => e.keywordLocation.startsWith(`${branch}/`)))
}

/** Up to MAX_REPORTED_ERRORS sentences for a failed validation's errors, in document order. */
function sentences(errors: OutputUnit[]): string[] {
  const chosenBranches = withoutUnchosenBranches(errors)
  const specific = chosenBranches.filter((e) => !STRUCTURAL.has(e.keyword))
  const chosen = specific.length ? specific : chosenBranches
  const lines = [...new Set(chosen.map((e) => `${fieldPath(e.instanceLocation)}: ${describe(e)}`))]
  return lines.slice(0, MAX_REPORTED_ERRORS)
}

/**
 * Checks `pack` against the PDTF v3 transaction schema. Returns [] when it is valid, else up to
 * MAX_REPORTED_ERRORS sentences such as "propertyPack.uprn: must be a whole number".
 * Collects every error before choosing: its time and memory grow with the number of errors, so
 * a pack from outside is first checked with `quickPdtfSchemaErrors` and its shape limits
 * (pack-shape.ts), away from the event loop (schema-check.ts). Throws RangeError on a pack whose
 * errors overflow the validator's stack.
 */
export function pdtfSchemaErrors(pack: unknown): string[] {
  validator ??= new Validator(pdtfSchema, '7', false)
  const result = validator.validate(pack)
  return result.valid ? [] : sentences(result.errors)
}

/**
 * The same check with early exit: the validator stops at the first failing keyword (of each oneOf
 * branch it tries), so an invalid pack costs about as much as its first error, and a valid one as
 * much as `pdtfSchemaErrors`. Returns [] when valid, else the sentences of the first problem(s).
 */
export function quickPdtfSchemaErrors(pack: unknown): string[] {
  quickValidator ??= new Validator(pdtfSchema, '7', true)
  const result = quickValidator.validate(pack)
  return result.valid ? [] : sentences(result.errors)
}

/** Builds both validators now (about 0.1 s each), so that the first check does not pay for it. */
export function preparePdtfValidators(): void {
  validator ??= new Validator(pdtfSchema, '7', false)
  quickValidator ??= new Validator(pdtfSchema, '7', true)
}
