/**
 * The shape limits a PDTF pack must meet before it is checked against the schema: how many entries
 * an array may hold, how deeply values may nest, how many values the whole pack may hold. Checked
 * by an iterative walk (never recursion: a pack nested 100,000 levels deep must not overflow the
 * stack here either), which stops at the first value over a limit, so a hostile 1 MB pack costs
 * about a millisecond. The numbers and why they are generous: docs/decisions/048-import-budget.md.
 */

/** The limits, by what they count. */
export const PACK_LIMITS = {
  /**
   * Entries in `participants`: a move's buyers, sellers, their agents, conveyancers, lenders,
   * brokers and surveyors are a dozen or two; Homeward's own exports list the people on one move.
   */
  participants: 50,
  /**
   * Entries in any other array: the longest lists in a real pack are a title register's entries (a
   * freehold block's schedule of leases runs to a few hundred) and a pack's documents.
   */
  arrayEntries: 1_000,
  /** Levels of nesting: the schema's deepest path (a charity chargee's address lines) is 19 levels. */
  depth: 32,
  /**
   * Values in the whole pack (objects, arrays, strings, numbers...): the PDTF skeleton with every
   * field once has 3,261; the published example transaction has 827 in 22 KB; 50,000 is more than
   * a 1 MB pack of such data holds.
   */
  nodes: 50_000,
} as const

/** A value over a limit: where it is (a path such as "propertyPack.searches") and the sentence to show. */
export type PackShapeProblem = { path: string; message: string }

const count = (n: number) => n.toLocaleString('en-GB')

/** One value met by the walk: its key in its parent and its parent, so the path is built only when needed. */
type Frame = { value: unknown; key: string | number | null; parent: Frame | null; depth: number }

/** "propertyPack.titlesToBeSold[0].registerExtract", shortened in the middle past 12 steps. */
function pathText(frame: Frame): string {
  const steps: (string | number)[] = []
  for (let f: Frame | null = frame; f && f.key !== null; f = f.parent) steps.unshift(f.key)
  const text = (part: (string | number)[]) =>
    part.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('')
  if (steps.length > 12) return `${text(steps.slice(0, 6))}…${text(steps.slice(-5))}`
  return text(steps) || 'The pack'
}

const tooManyValues = (frame: Frame): PackShapeProblem => ({
  path: pathText(frame),
  message: `The pack holds more than ${count(PACK_LIMITS.nodes)} values (fields, list entries and objects); at most ${count(PACK_LIMITS.nodes)} are accepted.`,
})

/**
 * Walks `pack` (already parsed JSON) and returns the first value over PACK_LIMITS, or null when the
 * whole pack is within them. Messages name the path and the limit, e.g. "participants has 90,000
 * entries; at most 50 are accepted." Cost: at most PACK_LIMITS.nodes steps.
 */
export function packShapeProblem(pack: unknown): PackShapeProblem | null {
  const stack: Frame[] = [{ value: pack, key: null, parent: null, depth: 0 }]
  // Values met or waiting on the stack: each is counted once, when it is pushed.
  let nodes = 1
  while (stack.length) {
    const frame = stack.pop()!
    const { value, depth } = frame
    if (!value || typeof value !== 'object') continue
    if (depth >= PACK_LIMITS.depth) {
      const path = pathText(frame)
      return {
        path,
        message: `${path} is nested more than ${PACK_LIMITS.depth} levels deep; at most ${PACK_LIMITS.depth} levels are accepted.`,
      }
    }
    if (Array.isArray(value)) {
      const limit = depth === 1 && frame.key === 'participants' ? PACK_LIMITS.participants : PACK_LIMITS.arrayEntries
      if (value.length > limit) {
        const path = pathText(frame)
        return { path, message: `${path} has ${count(value.length)} entries; at most ${count(limit)} are accepted.` }
      }
      nodes += value.length
      if (nodes > PACK_LIMITS.nodes) return tooManyValues(frame)
      // Pushed last to first, so that the walk (a stack) meets them in document order.
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], key: i, parent: frame, depth: depth + 1 })
    } else {
      const keys = Object.keys(value)
      nodes += keys.length
      if (nodes > PACK_LIMITS.nodes) return tooManyValues(frame)
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: frame, depth: depth + 1 })
      }
    }
  }
  return null
}
