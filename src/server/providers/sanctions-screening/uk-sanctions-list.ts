/**
 * Reads a sanctions list in the format OFSI publishes its Consolidated List of financial sanctions
 * targets as CSV (ConList.csv): a first line `Last Updated,<dd/mm/yyyy>`, then a header row
 * (Name 6 is the surname or entity name, Name 1-5 the other names, then DOB, Regime, Group Type,
 * Alias Type, Group ID ...), then one row per name, aliases sharing their target's Group ID. And
 * matches a person's name against it with fuse.js (Bitap fuzzy search; https://fusejs.io), so
 * spelling variations and transliterations still match.
 */
import Fuse from 'fuse.js'

export interface ListedName {
  groupId: string
  /** The name as written: given names then surname, upper case. */
  name: string
  dateOfBirth: string
  regime: string
  groupType: string
  aliasType: string
}

/** Parses RFC 4180 CSV text (quoted fields, doubled quotes, CRLF or LF) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(field)
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += ch
  }
  if (field || row.length) {
    row.push(field)
    rows.push(row)
  }
  return rows.filter((r) => r.some((f) => f.trim()))
}

/** The individuals' names of a ConList.csv text. Throws when the header row is not the published one. */
export function readConsolidatedList(text: string): ListedName[] {
  const rows = parseCsv(text)
  const headerAt = rows.findIndex((r) => r[0] === 'Name 6')
  if (headerAt < 0) throw new Error('not an OFSI Consolidated List CSV: no "Name 6" header row')
  const header = rows[headerAt]!
  const col = (name: string) => {
    const i = header.indexOf(name)
    if (i < 0) throw new Error(`the Consolidated List CSV has no "${name}" column`)
    return i
  }
  const names = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5', 'Name 6'].map(col)
  const [dob, regime, groupType, aliasType, groupId] = ['DOB', 'Regime', 'Group Type', 'Alias Type', 'Group ID'].map(
    col,
  )
  return rows.slice(headerAt + 1).map((r) => ({
    groupId: r[groupId!] ?? '',
    name: names
      .map((i) => (r[i] ?? '').trim())
      .filter(Boolean)
      .join(' ')
      .toUpperCase(),
    dateOfBirth: r[dob!] ?? '',
    regime: r[regime!] ?? '',
    groupType: r[groupType!] ?? '',
    aliasType: r[aliasType!] ?? '',
  }))
}

/** Upper case letters and single spaces only: how names are compared. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** A fuse.js score at or under this (0 is identical) is a possible match: a reviewer confirms or rules it out. */
export const MATCH_THRESHOLD = 0.25

/**
 * A matcher over `entries` (anything with a `name`): `match(fullName)` returns the entries whose
 * name is close to the full name in either order (given names first, or surname first), with a
 * similarity 0-1 (1 - fuse.js score), best first.
 */
export function createNameMatcher<T extends { name: string }>(entries: T[]) {
  const fuse = new Fuse(
    entries.map((e) => ({ entry: e, key: normaliseName(e.name) })),
    { keys: ['key'], includeScore: true, threshold: MATCH_THRESHOLD, ignoreLocation: true, minMatchCharLength: 3 },
  )
  return {
    match(fullName: string): Array<{ entry: T; similarity: number }> {
      const words = normaliseName(fullName).split(' ')
      const tries = [words.join(' '), [...words.slice(-1), ...words.slice(0, -1)].join(' ')]
      const best = new Map<T, number>()
      for (const q of tries) {
        if (q.length < 3) continue
        for (const r of fuse.search(q.slice(0, 32))) {
          const similarity = Math.round((1 - (r.score ?? 1)) * 100) / 100
          if ((best.get(r.item.entry) ?? -1) < similarity) best.set(r.item.entry, similarity)
        }
      }
      return [...best.entries()]
        .map(([entry, similarity]) => ({ entry, similarity }))
        .sort((a, b) => b.similarity - a.similarity)
    },
  }
}
