/**
 * A place in a PDTF pack in words a mover reads, from the schema's own titles: the path
 * "propertyPack.titlesToBeSold[0].registerExtract.ocSummaryData.officialCopyDateTime" reads
 * "Title(s) as registered with HMLR, entry 1 › Register extract › … › Official copy date time".
 * A step the schema gives no title takes its key in words ("ocSummaryData" → "Oc summary data").
 * Used for the import's errors and warnings (issue 39: never "Instance does not match exactly one
 * subschema (0 matches)", never a dotted path alone).
 */
import schema from './schema/pdtf-transaction.v3.json' with { type: 'json' }

interface Node {
  title?: string
  properties?: Record<string, Node>
  items?: Node
  oneOf?: Node[]
  anyOf?: Node[]
}

const root = schema as unknown as Node

/** "parkingArrangements" -> "Parking arrangements". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The schema node of `key` below `node`: its own properties, else the first oneOf/anyOf branch naming it. */
function child(node: Node | undefined, key: string): Node | undefined {
  if (!node) return undefined
  const own = node.properties?.[key]
  if (own) return own
  for (const branch of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) {
    const found = child(branch, key)
    if (found) return found
  }
  return undefined
}

/** Splits "a.b[0].c" into ['a', 'b', 0, 'c']. */
export function pathSteps(path: string): (string | number)[] {
  const steps: (string | number)[] = []
  for (const part of path.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part)
    if (!m) {
      steps.push(part)
      continue
    }
    if (m[1]) steps.push(m[1])
    for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) steps.push(Number(idx[1]))
  }
  return steps
}

/**
 * The words for a dotted path below the transaction ("propertyPack.uprn" → "Unique Property
 * Reference Number"). "propertyPack" itself is left out (every field of a pack is in it); "The pack"
 * for the root. Long paths keep their first two and last two steps.
 */
export function fieldWords(path: string): string {
  if (!path || path === 'The pack') return 'The pack'
  let node: Node | undefined = root
  const words: string[] = []
  for (const step of pathSteps(path)) {
    if (typeof step === 'number') {
      node = node?.items
      if (words.length) words[words.length - 1] = `${words.at(-1)}, entry ${step + 1}`
      else words.push(`Entry ${step + 1}`)
      continue
    }
    node = child(node, step)
    if (step === 'propertyPack' && words.length === 0) continue
    words.push(node?.title?.trim() || humanizeKey(step))
  }
  if (!words.length) return 'The property pack'
  return words.length > 4 ? [...words.slice(0, 2), '…', ...words.slice(-2)].join(' › ') : words.join(' › ')
}

/** A schema sentence "propertyPack.uprn: must be a whole number" with its place in words. */
export function sentenceInWords(sentence: string): string {
  const colon = sentence.indexOf(': ')
  if (colon <= 0) return sentence
  return `${fieldWords(sentence.slice(0, colon))}: ${sentence.slice(colon + 2)}`
}
