/**
 * A small seeded pseudo-random generator for demo data: the same seed gives the same data on every
 * machine and every run, so demo links and screenshots stay stable. Not for anything secret.
 * Algorithm: xmur3 string hash into sfc32 (public domain, from the PractRand family), which passes
 * the usual statistical batteries and needs no dependency.
 */

export interface Prng {
  /** Uniform float in [0, 1). */
  next(): number
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  /** Uniform number in [min, max] rounded to `decimals` places. */
  decimal(min: number, max: number, decimals: number): number
  /** True with probability p. */
  chance(p: number): boolean
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T
  /** One key of a table of weights, chosen in proportion to its weight. */
  weighted<K extends string | number>(weights: ReadonlyArray<readonly [K, number]>): K
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[]
  /** A version-4-shaped UUID made from the stream, so ids are deterministic too. */
  uuid(): string
}

function xmur3(text: string): () => number {
  let h = 1779033703 ^ text.length
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353)
    h = (h << 13) | (h >>> 19)
  }
  return () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507)
    h = Math.imul(h ^ (h >>> 13), 3266489909)
    return (h ^= h >>> 16) >>> 0
  }
}

function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    let t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    t = (t + d) | 0
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
}

/** Creates a generator from a text seed. Two generators with the same seed give the same sequence. */
export function createPrng(seed: string): Prng {
  const hash = xmur3(seed)
  const raw = sfc32(hash(), hash(), hash(), hash())
  // Discard the first outputs: sfc32's early values are correlated with the seed.
  for (let i = 0; i < 15; i++) raw()

  const prng: Prng = {
    next: raw,
    int: (min, max) => min + Math.floor(raw() * (max - min + 1)),
    decimal: (min, max, decimals) => {
      const scale = 10 ** decimals
      return Math.round((min + raw() * (max - min)) * scale) / scale
    },
    chance: (p) => raw() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[Math.floor(raw() * items.length)]
    },
    weighted: (weights) => {
      const total = weights.reduce((sum, [, w]) => sum + w, 0)
      let roll = raw() * total
      for (const [key, w] of weights) {
        roll -= w
        if (roll < 0) return key
      }
      return weights[weights.length - 1][0]
    },
    shuffle: (items) => {
      const out = [...items]
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(raw() * (i + 1))
        ;[out[i], out[j]] = [out[j], out[i]]
      }
      return out
    },
    uuid: () => {
      const hex: string[] = []
      for (let i = 0; i < 4; i++)
        hex.push(
          Math.floor(raw() * 4294967296)
            .toString(16)
            .padStart(8, '0'),
        )
      const h = hex.join('')
      // Version 4 and the RFC 4122 variant bits, so the value is a well-formed UUID.
      const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
    },
  }
  return prng
}
