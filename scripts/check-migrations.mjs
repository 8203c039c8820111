// Checks the committed migration set (src/server/db/migrations), run by `npm run lint`:
// - A migration that has landed is never edited: each .sql file, and its entry in
//   meta/_journal.json, must be as in the commit that first added it to main's history (drizzle
//   runs a migration once, so an edit never reaches a database migrated before it; write a new
//   migration instead). Exceptions, each with its reason, are in EDITED_AFTER_LANDING.
// - Names are NNNN_kebab-case.sql (GRANDFATHERED_NAMES lists the older underscore names).
// - The journal lists every .sql file once, in order (idx 0, 1, 2 ... and the tag's number), and
//   each entry's `when` is later than the one before: drizzle's migrator skips an entry whose `when`
//   is not later than the last one a database ran.
//
// "Main's history" is the commits reachable from MIGRATIONS_BASE when set, else origin/main, else
// main, else HEAD; so a migration that exists only on a branch may still change there. The history
// check needs the full history: in a shallow clone it is skipped with a message, the others still
// run.
//
//   node scripts/check-migrations.mjs      exit 1 and list the problems, if any
//
// The logic is exported for scripts/check-migrations.test.mjs.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const MIGRATIONS = 'src/server/db/migrations'
export const JOURNAL = `${MIGRATIONS}/meta/_journal.json`

/** Names from before the kebab-case rule: renaming a landed migration would change its journal tag. */
export const GRANDFATHERED_NAMES = {
  '0010_audit_checkpoints': 'named before the kebab-case rule',
  '0031_home_logbook': 'named before the kebab-case rule',
  '0032_funds_review_notifications': 'named before the kebab-case rule',
  '0036_property_forms': 'named before the kebab-case rule',
}

/** Migrations edited after they landed: file -> the commit whose version is accepted, and why. */
export const EDITED_AFTER_LANDING = {
  '0018_academy-reviews-tiers.sql': {
    accepted: '05179acc2d173d3b7a5b24d345e33d90465e02f5',
    why:
      'first committed in ce72c13; 05179ac (25 Nov 2026) appended the replacement of 0005’s row trigger ' +
      'transactions_general_thread by a statement trigger. Databases migrated before it keep the row ' +
      'trigger; migration 0044 replaces it there, so every database ends the same',
  },
}

const NUMBERED = /^(\d{4})_(.+)$/
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Problems with the names of the .sql files (`names` without the extension). */
export function nameProblems(names, grandfathered = GRANDFATHERED_NAMES) {
  const problems = []
  for (const name of names) {
    const m = NUMBERED.exec(name)
    if (!m) {
      problems.push(`${MIGRATIONS}/${name}.sql: a migration's name is NNNN_kebab-name.sql.`)
    } else if (!KEBAB.test(m[2]) && !Object.hasOwn(grandfathered, name)) {
      problems.push(
        `${MIGRATIONS}/${name}.sql: the name after the number must be kebab-case (${m[1]}_${m[2].toLowerCase().replace(/[^a-z0-9]+/g, '-')}.sql); rename it before it lands (npx drizzle-kit generate --name=...).`,
      )
    }
  }
  return problems
}

/** Problems with the journal against the .sql files (`names` without the extension). */
export function journalProblems(journal, names) {
  const problems = []
  const entries = journal?.entries ?? []
  const tags = new Set(entries.map((e) => e.tag))
  entries.forEach((entry, i) => {
    const number = String(i).padStart(4, '0')
    if (entry.idx !== i) problems.push(`${JOURNAL}: entry ${i} (${entry.tag}) has idx ${entry.idx}, not ${i}.`)
    if (!entry.tag?.startsWith(`${number}_`)) {
      problems.push(`${JOURNAL}: entry ${i} is ${entry.tag}, whose number is not ${number}.`)
    }
    if (!names.includes(entry.tag))
      problems.push(`${JOURNAL}: entry ${entry.tag} has no ${MIGRATIONS}/${entry.tag}.sql.`)
    const before = entries[i - 1]
    if (before && !(entry.when > before.when)) {
      problems.push(
        `${JOURNAL}: ${entry.tag} has when ${entry.when}, not later than ${before.tag}'s ${before.when}: drizzle would skip it on a database that ran ${before.tag}.`,
      )
    }
  })
  for (const name of names) {
    if (!tags.has(name))
      problems.push(`${MIGRATIONS}/${name}.sql is not in ${JOURNAL}: generate migrations with drizzle-kit.`)
  }
  return problems
}

/** The journal entry's fields drizzle's migrator reads (idx is checked by journalProblems). */
const entryKey = (e) =>
  e ? JSON.stringify({ version: e.version, when: e.when, tag: e.tag, breakpoints: e.breakpoints }) : ''

/**
 * Problems with landed migrations. `landed`: file name -> { commit, text, entry } as first committed
 * to main's history (entry: its journal entry then, or null). `current`: file name -> text now.
 * `accepted(file)`: the text an EDITED_AFTER_LANDING exception accepts (or null when unreadable).
 */
export function historyProblems({
  landed,
  current,
  journal,
  accepted = () => null,
  exceptions = EDITED_AFTER_LANDING,
}) {
  const problems = []
  const entries = new Map((journal?.entries ?? []).map((e) => [`${e.tag}.sql`, e]))
  for (const [file, first] of [...landed].sort(([a], [b]) => a.localeCompare(b))) {
    if (!current.has(file)) continue // deleting a landed migration shows in the base's journal (baseProblems)
    const text = current.get(file)
    const since = first.commit.slice(0, 7)
    if (text !== first.text) {
      const exception = exceptions[file]
      if (!exception) {
        problems.push(
          `${MIGRATIONS}/${file} differs from the version first committed in ${since}: a migration that has landed is never edited (a database migrated before the edit never runs it again). Restore it (git show ${since}:${MIGRATIONS}/${file}) and put the change in a new migration.`,
        )
      } else if (text !== accepted(file)) {
        problems.push(
          `${MIGRATIONS}/${file} differs from the version first committed in ${since} and from the one EDITED_AFTER_LANDING accepts (${exception.accepted.slice(0, 7)}): restore it and put the change in a new migration.`,
        )
      }
    }
    if (first.entry && entryKey(entries.get(file)) !== entryKey(first.entry)) {
      problems.push(
        `${JOURNAL}: the entry of ${first.entry.tag} differs from the one first committed in ${since} (${entryKey(first.entry)}): a landed journal entry is never edited.`,
      )
    }
  }
  return problems
}

/** Entries of the base's own journal that are gone (a changed one shows in historyProblems). */
export function baseProblems(baseJournal, journal, base) {
  const now = new Set((journal?.entries ?? []).map((e) => e.tag))
  return (baseJournal?.entries ?? [])
    .filter((e) => !now.has(e.tag))
    .map(
      (e) =>
        `${JOURNAL}: ${e.tag} is in ${base}'s journal but not here: a landed migration is never removed or renamed.`,
    )
}

function git(root, args) {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}
const tryGit = (root, args) => {
  try {
    return git(root, args)
  } catch {
    return null
  }
}

/** The ref whose history holds the landed migrations. */
export function resolveBase(root, env = process.env) {
  if (env.MIGRATIONS_BASE) return env.MIGRATIONS_BASE
  for (const ref of ['refs/remotes/origin/main', 'refs/heads/main']) {
    if (tryGit(root, ['rev-parse', '--verify', '--quiet', ref]) !== null)
      return ref.replace(/^refs\/(remotes|heads)\//, '')
  }
  return 'HEAD'
}

/**
 * What git knows of the migrations: for each file, the commit that first added it to `base`'s
 * first-parent history (main's own line: a branch lands in its merge commit, so a migration that a
 * branch edited, or renumbered, before it was merged counts from the merge, as does a file renamed in
 * a merge), its text and journal entry then; and the base's own journal. Null with a reason when git
 * cannot tell (no repository, a shallow clone, an unknown base).
 */
export function readHistory(root, base) {
  if (tryGit(root, ['rev-parse', '--git-dir']) === null) return { skipped: 'this is not a git repository' }
  if (tryGit(root, ['rev-parse', '--is-shallow-repository'])?.trim() === 'true') {
    return {
      skipped:
        'this is a shallow clone, so where each migration was first committed cannot be seen. Fetch the full history (git fetch --unshallow; in GitHub Actions, actions/checkout with fetch-depth: 0) to run it',
    }
  }
  if (tryGit(root, ['rev-parse', '--verify', '--quiet', `${base}^{commit}`]) === null) {
    return { skipped: `${base} is not a commit here` }
  }
  const log = git(root, [
    'log',
    '-m',
    '--first-parent',
    '--no-renames',
    '--diff-filter=A',
    '--format=%H',
    '--name-only',
    base,
    '--',
    `${MIGRATIONS}/*.sql`,
  ])
  const firstAdd = new Map() // newest first: the last commit seen for a file is its first add
  let commit = null
  for (const line of log.split('\n')) {
    if (/^[0-9a-f]{40}$/.test(line)) commit = line
    else if (line.startsWith(`${MIGRATIONS}/`) && !line.slice(MIGRATIONS.length + 1).includes('/')) {
      firstAdd.set(path.posix.basename(line), commit)
    }
  }
  const journals = new Map()
  const journalAt = (c) => {
    if (!journals.has(c)) {
      const text = tryGit(root, ['show', `${c}:${JOURNAL}`])
      journals.set(c, text === null ? null : JSON.parse(text))
    }
    return journals.get(c)
  }
  const landed = new Map()
  for (const [file, c] of firstAdd) {
    const tag = file.slice(0, -'.sql'.length)
    const entry = journalAt(c)?.entries?.find((e) => e.tag === tag) ?? null
    landed.set(file, { commit: c, text: git(root, ['show', `${c}:${MIGRATIONS}/${file}`]), entry })
  }
  return { landed, baseJournal: journalAt(base) }
}

/** Every check on the tree at `root`. `notes` say what was skipped. */
export function checkMigrations({ root, env = process.env }) {
  const dir = path.join(root, MIGRATIONS)
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sql')) : []
  const names = files.map((f) => f.slice(0, -'.sql'.length)).sort()
  const journal = JSON.parse(readFileSync(path.join(root, JOURNAL), 'utf8'))
  const problems = [...nameProblems(names), ...journalProblems(journal, names)]
  const notes = []
  const base = resolveBase(root, env)
  const history = readHistory(root, base)
  if (history.skipped) {
    notes.push(`check-migrations: ${history.skipped}; the check that landed migrations are unchanged is skipped.`)
  } else {
    const current = new Map(files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]))
    const accepted = (file) => tryGit(root, ['show', `${EDITED_AFTER_LANDING[file].accepted}:${MIGRATIONS}/${file}`])
    problems.push(...historyProblems({ landed: history.landed, current, journal, accepted }))
    problems.push(...baseProblems(history.baseJournal, journal, base))
    const checked = [...history.landed.keys()].filter((f) => current.has(f)).length
    notes.push(`check-migrations: ${checked} migrations that landed on ${base}'s history are unchanged.`)
  }
  return { problems, notes }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const { problems, notes } = checkMigrations({ root })
  if (notes.some((n) => n.includes('skipped'))) process.stderr.write(`${notes.join('\n')}\n`)
  if (problems.length) {
    process.stderr.write(
      `The migrations break ${problems.length} rule(s):\n${problems.map((p) => `- ${p}\n`).join('')}`,
    )
    process.exitCode = 1
  }
}
