// The migration checks (scripts/check-migrations.mjs): the pure rules, a throw-away git repository
// where a landed migration is edited, a shallow clone of it, and the real tree.
import { execFileSync } from 'node:child_process'
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import {
  checkMigrations,
  historyProblems,
  JOURNAL,
  journalProblems,
  MIGRATIONS,
  nameProblems,
} from './check-migrations.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const temporary = []
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const entry = (idx, tag, when) => ({ idx, version: '7', when, tag, breakpoints: true })
const journalOf = (...entries) => ({ version: '7', dialect: 'postgresql', entries })

describe('nameProblems', () => {
  it('accepts kebab-case and the grandfathered names, refuses the rest', () => {
    expect(nameProblems(['0000_init', '0010_audit_checkpoints', '0044_a-b2'])).toEqual([])
    expect(nameProblems(['0045_new_thing', 'fix'])).toEqual([
      `${MIGRATIONS}/0045_new_thing.sql: the name after the number must be kebab-case (0045_new-thing.sql); rename it before it lands (npx drizzle-kit generate --name=...).`,
      `${MIGRATIONS}/fix.sql: a migration's name is NNNN_kebab-name.sql.`,
    ])
  })
})

describe('journalProblems', () => {
  it('wants every file once, in order, each later than the one before', () => {
    const names = ['0000_a', '0001_b', '0002_c']
    expect(
      journalProblems(journalOf(entry(0, '0000_a', 1), entry(1, '0001_b', 2), entry(2, '0002_c', 3)), names),
    ).toEqual([])
    expect(journalProblems(journalOf(entry(0, '0000_a', 5), entry(2, '0001_b', 4)), names)).toEqual([
      `${JOURNAL}: entry 1 (0001_b) has idx 2, not 1.`,
      `${JOURNAL}: 0001_b has when 4, not later than 0000_a's 5: drizzle would skip it on a database that ran 0000_a.`,
      `${MIGRATIONS}/0002_c.sql is not in ${JOURNAL}: generate migrations with drizzle-kit.`,
    ])
  })
})

describe('historyProblems', () => {
  const landed = new Map([
    ['0000_a.sql', { commit: 'a'.repeat(40), text: 'one', entry: entry(0, '0000_a', 1) }],
    ['0001_b.sql', { commit: 'b'.repeat(40), text: 'two', entry: entry(1, '0001_b', 2) }],
  ])
  const journal = journalOf(entry(0, '0000_a', 1), entry(1, '0001_b', 2))

  it('passes when landed files and entries are as first committed', () => {
    const current = new Map([
      ['0000_a.sql', 'one'],
      ['0001_b.sql', 'two'],
      ['0002_c.sql', 'new, may change'],
    ])
    expect(historyProblems({ landed, current, journal, exceptions: {} })).toEqual([])
  })

  it('fails on an edited file, and on an edited entry', () => {
    const current = new Map([
      ['0000_a.sql', 'one, edited'],
      ['0001_b.sql', 'two'],
    ])
    const edited = journalOf(entry(0, '0000_a', 1), entry(1, '0001_b', 3))
    expect(historyProblems({ landed, current, journal: edited, exceptions: {} })).toEqual([
      `${MIGRATIONS}/0000_a.sql differs from the version first committed in aaaaaaa: a migration that has landed is never edited (a database migrated before the edit never runs it again). Restore it (git show aaaaaaa:${MIGRATIONS}/0000_a.sql) and put the change in a new migration.`,
      `${JOURNAL}: the entry of 0001_b differs from the one first committed in bbbbbbb ({"version":"7","when":2,"tag":"0001_b","breakpoints":true}): a landed journal entry is never edited.`,
    ])
  })

  it('accepts the version an exception names, and only that one', () => {
    const exceptions = { '0000_a.sql': { accepted: 'c'.repeat(40), why: 'test' } }
    const accepted = () => 'one, accepted edit'
    const ok = new Map([
      ['0000_a.sql', 'one, accepted edit'],
      ['0001_b.sql', 'two'],
    ])
    expect(historyProblems({ landed, current: ok, journal, accepted, exceptions })).toEqual([])
    const other = new Map([...ok, ['0000_a.sql', 'one, another edit']])
    expect(historyProblems({ landed, current: other, journal, accepted, exceptions })).toEqual([
      `${MIGRATIONS}/0000_a.sql differs from the version first committed in aaaaaaa and from the one EDITED_AFTER_LANDING accepts (ccccccc): restore it and put the change in a new migration.`,
    ])
  })
})

describe('checkMigrations in a git repository', () => {
  const git = (cwd, ...args) =>
    execFileSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args],
      { cwd, encoding: 'utf8' },
    )

  /** A repository on main with one committed migration. */
  function repository() {
    const dir = mkdtempSync(path.join(tmpdir(), 'check-migrations-'))
    temporary.push(dir)
    mkdirSync(path.join(dir, MIGRATIONS, 'meta'), { recursive: true })
    writeFileSync(path.join(dir, MIGRATIONS, '0000_init.sql'), 'CREATE TABLE a (id int);\n')
    writeFileSync(path.join(dir, JOURNAL), JSON.stringify(journalOf(entry(0, '0000_init', 1)), null, 2))
    git(dir, 'init', '-q', '-b', 'main')
    git(dir, 'add', '.')
    git(dir, 'commit', '-q', '-m', 'init')
    return dir
  }

  /** On a new branch `feature`, commits migration 0001_more and its journal entry. */
  function branchWithMigration(dir) {
    git(dir, 'checkout', '-q', '-b', 'feature')
    writeFileSync(path.join(dir, MIGRATIONS, '0001_more.sql'), 'CREATE TABLE b (id int);\n')
    writeFileSync(
      path.join(dir, JOURNAL),
      JSON.stringify(journalOf(entry(0, '0000_init', 1), entry(1, '0001_more', 2))),
    )
    git(dir, 'add', '.')
    git(dir, 'commit', '-q', '-m', 'more')
  }

  it('passes as committed, fails once the landed migration is edited', () => {
    const dir = repository()
    expect(checkMigrations({ root: dir, env: {} }).problems).toEqual([])
    appendFileSync(path.join(dir, MIGRATIONS, '0000_init.sql'), 'ALTER TABLE a ADD b int;\n')
    expect(checkMigrations({ root: dir, env: {} }).problems).toEqual([
      expect.stringMatching(/^src\/server\/db\/migrations\/0000_init\.sql differs from the version first committed in/),
    ])
    git(dir, 'commit', '-q', '-am', 'edit a landed migration')
    expect(checkMigrations({ root: dir, env: {} }).problems).toHaveLength(1)
  })

  it('lets a migration that exists only on a branch change there', () => {
    const dir = repository()
    branchWithMigration(dir)
    appendFileSync(path.join(dir, MIGRATIONS, '0001_more.sql'), 'ALTER TABLE b ADD c int;\n')
    expect(checkMigrations({ root: dir, env: {} }).problems).toEqual([])
    // Against the branch's own history it has landed.
    expect(checkMigrations({ root: dir, env: { MIGRATIONS_BASE: 'HEAD' } }).problems).toHaveLength(1)
  })

  it('counts a branch’s migration from its merge into main, and refuses an edit after that', () => {
    const dir = repository()
    branchWithMigration(dir)
    // Edited on the branch before it was merged: not landed yet.
    appendFileSync(path.join(dir, MIGRATIONS, '0001_more.sql'), 'ALTER TABLE b ADD c int;\n')
    git(dir, 'commit', '-q', '-am', 'more, changed before merging')
    git(dir, 'checkout', '-q', 'main')
    git(dir, 'merge', '-q', '--no-ff', '-m', 'merge feature', 'feature')
    expect(checkMigrations({ root: dir, env: {} }).problems).toEqual([])
    // Landed with the merge: an edit on main from now on is refused.
    appendFileSync(path.join(dir, MIGRATIONS, '0001_more.sql'), 'ALTER TABLE b ADD d int;\n')
    expect(checkMigrations({ root: dir, env: {} }).problems).toEqual([
      expect.stringMatching(/0001_more\.sql differs from the version first committed in/),
    ])
  })

  it('skips the history check in a shallow clone, with a message, and still checks names', () => {
    const dir = repository()
    const clone = mkdtempSync(path.join(tmpdir(), 'check-migrations-shallow-'))
    temporary.push(clone)
    git(tmpdir(), 'clone', '-q', '--depth', '1', `file://${dir}`, clone)
    appendFileSync(path.join(clone, MIGRATIONS, '0000_init.sql'), '-- edited\n')
    writeFileSync(path.join(clone, MIGRATIONS, '0001_Bad_Name.sql'), '')
    const { problems, notes } = checkMigrations({ root: clone, env: {} })
    expect(notes).toEqual([expect.stringMatching(/^check-migrations: this is a shallow clone, .* is skipped\.$/)])
    expect(problems).toEqual([
      expect.stringMatching(/0001_Bad_Name\.sql: the name after the number must be kebab-case/),
      expect.stringMatching(/0001_Bad_Name\.sql is not in/),
    ])
  })
})

describe('the real tree', () => {
  it('breaks no rule (0018 as its exception accepts)', () => {
    expect(checkMigrations({ root }).problems).toEqual([])
  })
})
