/**
 * Confirmation of Payee name matching, as the sandbox bank answers it (Pay.UK's CoP outcomes: a
 * full match, a close match where the real name is shown, or no match). Deterministic by name:
 * both names are normalised (case, punctuation, '&' as 'and', company suffixes such as Ltd,
 * Limited, PLC and LLP dropped, spaces collapsed); equal is a match; within two edits, or the same
 * words in another order, or one name's words all in the other, is a close match; else no match.
 */

/** The name as compared: lower case, letters, digits and single spaces, no company suffix. */
export function normalisePayeeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !['ltd', 'limited', 'plc', 'llp', 'the'].includes(w))
    .join(' ')
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    prev = cur
  }
  return prev[b.length]!
}

/** 'match', 'close_match' or 'no_match' for the name given against the name the bank holds. */
export function matchPayeeName(given: string, registered: string): 'match' | 'close_match' | 'no_match' {
  const a = normalisePayeeName(given)
  const b = normalisePayeeName(registered)
  if (!a || !b) return 'no_match'
  if (a === b) return 'match'
  if (editDistance(a, b) <= 2) return 'close_match'
  const wa = a.split(' ')
  const wb = b.split(' ')
  const sorted = (w: string[]) => [...w].sort().join(' ')
  if (sorted(wa) === sorted(wb)) return 'close_match'
  const contains = (outer: string[], inner: string[]) => inner.length >= 2 && inner.every((w) => outer.includes(w))
  if (contains(wa, wb) || contains(wb, wa)) return 'close_match'
  return 'no_match'
}
