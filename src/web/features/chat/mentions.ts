/** A person who can be @mentioned: a participant's profile id and full name. */
export interface Mentionable {
  id: string
  full_name: string
}

/** Longest text after '@' still treated as a name being typed (names have spaces, so not one word). */
const MAX_QUERY = 40

/**
 * The mention being typed at `caret`: the '@' position and the text after it, or null. The '@' must
 * start the text or follow a space or bracket (so e-mail addresses do not trigger it), with no line
 * break between it and the caret.
 */
export function activeMention(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret)
  const at = before.lastIndexOf('@')
  if (at < 0) return null
  if (at > 0 && !/[\s([{]/.test(before[at - 1] ?? '')) return null
  const query = before.slice(at + 1)
  if (query.length > MAX_QUERY || /[\n@]/.test(query) || query.startsWith(' ')) return null
  return { start: at, query }
}

/**
 * People whose name matches `query` (case-insensitive): names where a word starts with it first, then
 * names containing it; at most `limit`.
 */
export function matchPeople<T extends Mentionable>(people: readonly T[], query: string, limit = 8): T[] {
  const q = query.trim().toLocaleLowerCase('en-GB')
  if (!q) return people.slice(0, limit)
  const starts: T[] = []
  const contains: T[] = []
  for (const p of people) {
    const name = p.full_name.toLocaleLowerCase('en-GB')
    if (name.startsWith(q) || name.split(/\s+/).some((w) => w.startsWith(q))) starts.push(p)
    else if (name.includes(q)) contains.push(p)
  }
  return [...starts, ...contains].slice(0, limit)
}

/** Replaces text from `start` (the '@') to `caret` with '@Full Name ' and gives the new caret. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const inserted = `@${name} `
  const after = text.slice(caret).replace(/^ /, '')
  return { text: text.slice(0, start) + inserted + after, caret: start + inserted.length }
}

/** Ids of the people whose '@Full Name' is still in `text` (a deleted mention is no longer sent). */
export function mentionIdsIn(text: string, people: readonly Mentionable[]): string[] {
  return [...new Set(people.filter((p) => p.full_name && text.includes(`@${p.full_name}`)).map((p) => p.id))]
}
