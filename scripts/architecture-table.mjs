// Prints the feature map of ARCHITECTURE.md from the file tree: for each server feature
// (src/server/features/<f>/), its contract file (src/shared/contracts/<f>.ts), the other contract
// files its code imports, its web feature(s) (src/web/features/<f>/) and its e2e spec(s)
// (e2e/<f>.spec.ts). Names are matched first; MANUAL below adds what the names cannot say. Then it
// lists the contracts, web features and e2e specs that no row names, so a gap shows.
//
//   node scripts/architecture-table.mjs           print the map (Markdown)
//   node scripts/architecture-table.mjs --write   replace it in ARCHITECTURE.md, between the markers
//   node scripts/architecture-table.mjs --check   exit 1 when ARCHITECTURE.md's copy is out of date
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SERVER_FEATURES = 'src/server/features'
const CONTRACTS = 'src/shared/contracts'
const WEB_FEATURES = 'src/web/features'
const E2E = 'e2e'
const DOC = 'ARCHITECTURE.md'
const START = '<!-- architecture-table:start -->'
const END = '<!-- architecture-table:end -->'

/** Contract files every feature may use that belong to none: not listed as "also imports". */
const SHARED_CONTRACTS = new Set(['common', 'endpoint', 'catalogue'])

/**
 * What a name match cannot find, per server feature. Entries that do not exist on disk are skipped,
 * so old and new names can both be listed while files are being renamed.
 * - contract: used only when no contract file is named after the feature.
 * - web, e2e: added to the name match.
 */
const MANUAL = {
  account: { e2e: ['account-settings', 'change-email'] },
  activity: { contract: ['documents'], web: ['workspace'], e2e: ['documents'] },
  auth: { web: ['session'], e2e: ['account-recovery', 'password-rules', 'any-address'] },
  'data-rights': { web: ['account'] },
  directory: { web: ['marketplace', 'accreditation'], e2e: ['marketplace'] },
  documents: { e2e: ['failures'] },
  firms: { web: ['cases'], e2e: ['cases-board'] },
  funds: { e2e: ['source-of-funds'] },
  identities: { e2e: ['oauth'] },
  invitations: { e2e: ['invitation-join', 'buyer-journey', 'workspace'] },
  live: { e2e: ['chat', 'failures'] },
  portfolio: { e2e: ['agent-portfolio'] },
  me: { contract: ['auth'], web: ['session'], e2e: ['auth'] },
  mortgages: { web: ['pipeline'], e2e: ['broker-pipeline'] },
  notifications: { contract: ['chat'], web: ['update-requests'], e2e: ['chat'] },
  signing: { contract: ['documents'], web: ['documents'], e2e: ['documents'] },
  surveys: { e2e: ['survey-bookings'] },
  transactions: {
    web: ['dashboard', 'workspace'],
    e2e: ['dashboard', 'workspace', 'buyer-journey', 'timeline-workflow'],
  },
  'two-factor': { web: ['account', 'auth'] },
}

const abs = (p) => path.join(root, p)
const isDir = (p) => existsSync(abs(p)) && statSync(abs(p)).isDirectory()
const dirs = (p) => (isDir(p) ? readdirSync(abs(p)).filter((name) => isDir(`${p}/${name}`)) : []).sort()

/** Every .ts/.tsx file under `dir` (relative to the root), tests excluded. */
function sourceFiles(dir) {
  const out = []
  for (const entry of readdirSync(abs(dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) out.push(...sourceFiles(rel))
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel)
  }
  return out
}

/** Names of the contract files imported by the source files under `dir` (relative or aliased paths). */
function importedContracts(dir) {
  const names = new Set()
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(abs(file), 'utf8')
    for (const m of text.matchAll(/from\s+['"][^'"]*shared\/contracts\/([a-z0-9-]+)['"]/g)) names.add(m[1])
  }
  return [...names].sort()
}

const contractNames = existsSync(abs(CONTRACTS))
  ? readdirSync(abs(CONTRACTS))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -3))
      .sort()
  : []
const webNames = dirs(WEB_FEATURES)
const specNames = existsSync(abs(E2E))
  ? readdirSync(abs(E2E))
      .filter((f) => f.endsWith('.spec.ts'))
      .map((f) => f.slice(0, -'.spec.ts'.length))
      .sort()
  : []

const uniq = (list) => [...new Set(list)]
const code = (list) => (list.length ? list.map((x) => `\`${x}\``).join(', ') : '—')

const usedContracts = new Set()
const usedWeb = new Set()
const usedSpecs = new Set()

const rows = dirs(SERVER_FEATURES).map((feature) => {
  const manual = MANUAL[feature] ?? {}
  const contract = contractNames.includes(feature)
    ? [feature]
    : (manual.contract ?? []).filter((c) => contractNames.includes(c))
  const also = importedContracts(`${SERVER_FEATURES}/${feature}`).filter(
    (c) => !contract.includes(c) && !SHARED_CONTRACTS.has(c),
  )
  also.forEach((c) => usedContracts.add(c))
  const web = uniq([feature, ...(manual.web ?? [])]).filter((w) => webNames.includes(w))
  const specs = uniq([feature, ...(manual.e2e ?? [])]).filter((s) => specNames.includes(s))
  contract.forEach((c) => usedContracts.add(c))
  web.forEach((w) => usedWeb.add(w))
  specs.forEach((s) => usedSpecs.add(s))
  return [
    `\`${feature}\``,
    code(contract.map((c) => `${c}.ts`)),
    code(also.map((c) => `${c}.ts`)),
    code(web),
    code(specs.map((s) => `${s}.spec.ts`)),
  ]
})

const table = [
  `| server feature (${SERVER_FEATURES}/) | contract (${CONTRACTS}/) | also imports | web feature (${WEB_FEATURES}/) | e2e (${E2E}/) |`,
  '|---|---|---|---|---|',
  ...rows.map((cells) => `| ${cells.join(' | ')} |`),
].join('\n')

const unmapped = [
  [
    'Contract files no server feature uses',
    contractNames.filter((c) => !usedContracts.has(c) && !SHARED_CONTRACTS.has(c)).map((c) => `${c}.ts`),
  ],
  ['Web features with no server feature', webNames.filter((w) => !usedWeb.has(w))],
  ['e2e specs across features', specNames.filter((s) => !usedSpecs.has(s)).map((s) => `${s}.spec.ts`)],
]
  .map(([label, list]) => `- ${label}: ${code(list)}.`)
  .join('\n')

const output = `${table}\n\n${unmapped}\n`

const mode = process.argv[2]
if (!mode) {
  process.stdout.write(output)
} else if (mode === '--write' || mode === '--check') {
  const doc = readFileSync(abs(DOC), 'utf8')
  const start = doc.indexOf(START)
  const end = doc.indexOf(END)
  if (start < 0 || end < start) {
    process.stderr.write(`${DOC} has no ${START} ... ${END} block to fill.\n`)
    process.exit(1)
  }
  const next = `${doc.slice(0, start + START.length)}\n\n${output}\n${doc.slice(end)}`
  if (mode === '--write') {
    writeFileSync(abs(DOC), next)
  } else if (next !== doc) {
    process.stderr.write(`${DOC}'s feature map is out of date: run node scripts/architecture-table.mjs --write\n`)
    process.exit(1)
  }
} else {
  process.stderr.write('Usage: node scripts/architecture-table.mjs [--write | --check]\n')
  process.exit(2)
}
