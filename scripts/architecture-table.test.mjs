// The feature map's check (scripts/architecture-table.mjs) on the real tree, on a copy of it with one
// mistake planted, and on small fixture trees.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { checkDocument, contractOfSpecifier, featureMap, LAYOUT } from './architecture-table.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const temporary = []
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A fresh directory holding `files` (relative path -> text). */
function tree(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'architecture-table-'))
  temporary.push(dir)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  return dir
}

/** A copy of the real tree's four worlds and ARCHITECTURE.md. */
function copyOfRealTree() {
  const dir = tree({})
  for (const p of [LAYOUT.serverFeatures, LAYOUT.contracts, LAYOUT.webFeatures, LAYOUT.e2e, LAYOUT.doc]) {
    cpSync(path.join(root, p), path.join(dir, p), { recursive: true })
  }
  return dir
}

const small = {
  'src/server/features/firms/routes.ts': "import { firmEndpoints } from '#shared/contracts/firms.ts'\n",
  'src/server/features/billing/routes.ts': [
    "import { billingEndpoints } from '#shared/contracts/billing.ts'",
    "import type { Account } from '../../../shared/contracts/account'",
    "import { ErrorBody } from '#shared/contracts/common.ts'",
    '',
  ].join('\n'),
  'src/server/features/account/routes.ts': "export { x } from '#shared/contracts/account.ts'\n",
  'src/shared/contracts/firms.ts': '',
  'src/shared/contracts/billing.ts': '',
  'src/shared/contracts/account.ts': '',
  'src/shared/contracts/common.ts': '',
  'src/web/features/firm/api.ts': "import { firmEndpoints } from '#shared/contracts/firms.ts'\n",
  'src/web/features/billing/api.ts': '',
  'src/web/features/account/api.ts': '',
  'e2e/billing.spec.ts': '',
  'e2e/firm-admin.spec.ts': '',
}
const smallOptions = {
  manual: { firms: { web: ['firm'], e2e: ['firm-admin'], why: 'a member belongs to one firm' } },
  sharedContracts: { common: 'what every contract uses' },
  crossCuttingSpecs: {},
  webOnly: {},
}

describe('contractOfSpecifier', () => {
  it('reads aliased and relative imports, with or without .ts', () => {
    expect(contractOfSpecifier('#shared/contracts/firms.ts')).toBe('firms')
    expect(contractOfSpecifier('#shared/contracts/title-checks')).toBe('title-checks')
    expect(contractOfSpecifier('../../../shared/contracts/update-requests.ts')).toBe('update-requests')
    expect(contractOfSpecifier('#shared/domain/firms.ts')).toBeNull()
    expect(contractOfSpecifier('#myshared/contracts/firms.ts')).toBeNull()
  })
})

describe('the real tree', () => {
  it('has a feature map with no problem, and ARCHITECTURE.md holds it', () => {
    const { problems, stale } = checkDocument({ root })
    expect(problems).toEqual([])
    expect(stale).toBe(false)
  })

  it('lists the contracts a feature imports besides its own (imports end in .ts)', () => {
    const { markdown } = featureMap({ root })
    expect(markdown).toContain(
      '| `notifications` | `notifications.ts` | `update-requests.ts` | `notifications`, `update-requests` |',
    )
    expect(markdown).toContain('| `logbooks` | `logbooks.ts` | `transactions.ts` | `logbook` | `logbook.spec.ts` |')
  })

  it('fails on a copy with a planted unused contract, unmapped web feature and look-alike spec', () => {
    const dir = copyOfRealTree()
    writeFileSync(path.join(dir, LAYOUT.contracts, 'orphan.ts'), 'export {}\n')
    mkdirSync(path.join(dir, LAYOUT.webFeatures, 'billings'))
    writeFileSync(path.join(dir, LAYOUT.webFeatures, 'billings', 'api.ts'), '')
    writeFileSync(path.join(dir, LAYOUT.e2e, 'chain.spec.ts'), '')
    const { problems } = checkDocument({ root: dir })
    expect(problems).toEqual([
      expect.stringMatching(/^Contract src\/shared\/contracts\/orphan\.ts is used by no server feature/),
      expect.stringMatching(
        /^Web feature src\/web\/features\/billings\/ is mapped to no server feature \(its name is close to server feature `billing`\)/,
      ),
      expect.stringMatching(
        /^e2e spec e2e\/chain\.spec\.ts walks no server feature \(its name is close to server feature `chains`\)/,
      ),
    ])
  })
})

describe('a fixture tree', () => {
  it('passes when everything is mapped, and lists the other contracts imported', () => {
    const { markdown, problems } = featureMap({ root: tree(small), ...smallOptions })
    expect(problems).toEqual([])
    expect(markdown).toContain('| `billing` | `billing.ts` | `account.ts` | `billing` | `billing.spec.ts` |')
    expect(markdown).toContain('| `firms` | `firms.ts` | — | `firm` | `firm-admin.spec.ts` |')
    expect(markdown).toContain('  - `firms`: a member belongs to one firm.')
  })

  it('fails on a contract file no server feature uses', () => {
    const dir = tree({ ...small, 'src/shared/contracts/surveys.ts': '' })
    expect(featureMap({ root: dir, ...smallOptions }).problems).toEqual([
      'Contract src/shared/contracts/surveys.ts is used by no server feature in src/server/features/: import it from the feature that serves it, map it in MANUAL[feature].contract with a reason, list it in SHARED_CONTRACTS with a reason, or delete it.',
    ])
  })

  it('fails on a web feature mapped to no server feature', () => {
    const dir = tree({ ...small, 'src/web/features/landing/page.tsx': '' })
    expect(featureMap({ root: dir, ...smallOptions }).problems).toEqual([
      'Web feature src/web/features/landing/ is mapped to no server feature: rename it after the server feature it calls, or add it to MANUAL[feature].web with a reason (or to WEB_ONLY with a reason) in scripts/architecture-table.mjs.',
    ])
  })

  it('fails on a name that differs across worlds with no entry', () => {
    const { problems } = featureMap({ root: tree(small), ...smallOptions, manual: {} })
    expect(problems).toEqual([
      'Web feature src/web/features/firm/ is mapped to no server feature (its name is close to server feature `firms`) (it imports `firms.ts`): rename it after the server feature it calls, or add it to MANUAL[feature].web with a reason (or to WEB_ONLY with a reason) in scripts/architecture-table.mjs.',
      'e2e spec e2e/firm-admin.spec.ts walks no server feature: rename it after the feature it walks, or add it to MANUAL[feature].e2e with a reason (or to CROSS_CUTTING_SPECS with a reason) in scripts/architecture-table.mjs.',
    ])
  })

  it('fails on a look-alike name mapped to another feature', () => {
    const manual = {
      billing: { web: ['firm'], why: 'planted' },
      firms: { e2e: ['firm-admin'], why: 'a member belongs to one firm' },
    }
    expect(featureMap({ root: tree(small), ...smallOptions, manual }).problems).toEqual([
      "The web name `firm` differs from server feature `firms` only by its plural, and no MANUAL entry links them: map it in MANUAL['firms'].web with a reason, or rename one of them.",
    ])
  })

  it('fails on a MANUAL entry with no reason, a stale name or a stale feature', () => {
    const manual = {
      firms: { web: ['firm', 'cases'], e2e: ['firm-admin'] },
      mortgages: { web: ['pipeline'], why: 'a broker’s pipeline' },
    }
    expect(featureMap({ root: tree(small), ...smallOptions, manual }).problems).toEqual([
      "MANUAL['firms'] in scripts/architecture-table.mjs says no reason: add why: '<one line>' saying why the names differ.",
      "MANUAL['firms'].web in scripts/architecture-table.mjs names `cases`, which is not in src/web/features/.",
      "MANUAL['mortgages'] in scripts/architecture-table.mjs: there is no server feature src/server/features/mortgages/ (renamed or moved?): update or remove the entry.",
    ])
  })

  it('reads only src/server/features, not src/server/core', () => {
    const dir = tree({ ...small, 'src/server/core/jobs/run.ts': "import '#shared/contracts/surveys.ts'\n" })
    expect(featureMap({ root: dir, ...smallOptions }).markdown).not.toContain('`jobs`')
  })

  it('fails when the document is out of date', () => {
    const dir = tree({
      ...small,
      'ARCHITECTURE.md': '# A\n\n<!-- architecture-table:start -->\nold\n<!-- architecture-table:end -->\n',
    })
    const { problems, stale, next } = checkDocument({ root: dir, ...smallOptions })
    expect(problems).toEqual([])
    expect(stale).toBe(true)
    writeFileSync(path.join(dir, 'ARCHITECTURE.md'), next)
    expect(checkDocument({ root: dir, ...smallOptions }).stale).toBe(false)
  })
})
