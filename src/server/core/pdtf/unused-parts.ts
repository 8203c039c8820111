/**
 * The parts of a PDTF pack an import does not use, and leaving them out when they fail the schema.
 * Homeward keeps from a pack only its property data (address, UPRN, tenure, ownership, title numbers,
 * price: pdtf-mapping.ts fromPdtf) and the seller's TA6/TA10 answers (forms-from-pack.ts); the rest
 * (a title's register extract, searches, surveys...) is never stored. Packs written to an earlier
 * version of the standard (its own published examples before 3.1.0 write the register's indicators
 * as "true"/"false" strings) fail the schema only there, so such a part is left out with a warning
 * instead of the whole pack being refused (issue 39, decision 065). A problem in a part that is used,
 * or outside propertyPack, still refuses the pack.
 */
import { PROPERTY_FORMS } from '#shared/domain/property-forms.ts'
import { fieldWords, pathSteps } from './field-words'
import { formModel } from './form-model'

/** propertyPack members an import reads (titlesToBeSold only for each title's titleNumber). */
const READ_BY_IMPORT = new Set(['address', 'uprn', 'marketingTenure', 'ownership', 'priceInformation'])

let formGroups: Set<string> | null = null
/** The propertyPack groups the forms ask (disputesAndComplaints, fixturesAndFittings...). */
function formGroupsOf(): Set<string> {
  formGroups ??= new Set(PROPERTY_FORMS.flatMap((form) => formModel(form).sections.map((s) => s.key.split('.')[0]!)))
  return formGroups
}

/**
 * The part to leave out for a schema problem at `path` ("propertyPack.searches[0].orderDate" →
 * ['propertyPack', 'searches']), or null when the problem is in something the import uses.
 */
export function unusedPartOf(path: string): (string | number)[] | null {
  const steps = pathSteps(path)
  if (steps[0] !== 'propertyPack' || typeof steps[1] !== 'string') return null
  const group = steps[1]
  if (READ_BY_IMPORT.has(group) || formGroupsOf().has(group)) return null
  if (group === 'titlesToBeSold') {
    // Each title's number is read; anything else of a title (its register extract) is not.
    if (typeof steps[2] !== 'number' || typeof steps[3] !== 'string' || steps[3] === 'titleNumber') return null
    return steps.slice(0, 4)
  }
  return steps.slice(0, 2)
}

/** Removes the value at `steps` from `pack` (in place). */
export function dropPart(pack: unknown, steps: (string | number)[]): void {
  let node: unknown = pack
  for (const step of steps.slice(0, -1)) {
    if (!node || typeof node !== 'object') return
    node = (node as Record<string | number, unknown>)[step]
  }
  const last = steps.at(-1)
  if (node && typeof node === 'object' && !Array.isArray(node) && typeof last === 'string')
    delete (node as Record<string, unknown>)[last]
}

/** "Searches: left out (…)" for a part left out because of `problem`, one of its schema sentences. */
export function leftOutWarning(steps: (string | number)[], problem: string): string {
  const path = steps.reduce<string>((acc, s) => (typeof s === 'number' ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '')
  return `${fieldWords(path)}: left out, because it is not written as the current PDTF standard allows (${problem}). Homeward does not use this part of a pack.`
}
