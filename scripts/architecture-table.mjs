// Prints the feature map of ARCHITECTURE.md from the file tree: for each server feature
// (src/server/features/<f>/; src/server/core/ and the other server folders are not features), its
// contract file (src/shared/contracts/<f>.ts), the other contract files its code imports, its web
// feature(s) (src/web/features/<f>/) and its e2e spec(s) (e2e/<f>.spec.ts). Names are matched
// first; MANUAL below adds what the names cannot say, each entry with its reason. Then it checks that
// the map accounts for everything, and lists what it finds wrong:
// - a contract file that no server feature uses (names it, or imports it);
// - a web feature that no server feature is mapped to;
// - an e2e spec that walks no server feature;
// - a name that differs across the worlds only by its plural (`firms`, web `firm`) with no MANUAL
//   entry linking the two;
// - a MANUAL entry with no reason, for a server feature that does not exist, or naming a file or
//   folder that does not exist or that the name match already finds.
//
//   node scripts/architecture-table.mjs           print the map (Markdown) and any problem
//   node scripts/architecture-table.mjs --write   replace it in ARCHITECTURE.md, between the markers
//   node scripts/architecture-table.mjs --check   exit 1 when a problem is found or ARCHITECTURE.md's
//                                                 copy is out of date (`npm run lint` runs this)
//
// The logic is `featureMap()` and `checkDocument()`, exported for scripts/architecture-table.test.mjs,
// which runs them on fixture trees.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const LAYOUT = {
  serverFeatures: 'src/server/features',
  contracts: 'src/shared/contracts',
  webFeatures: 'src/web/features',
  e2e: 'e2e',
  doc: 'ARCHITECTURE.md',
}
const START = '<!-- architecture-table:start -->'
const END = '<!-- architecture-table:end -->'

/** Contract files that belong to no feature: neither "used" by one nor listed as "also imports". */
export const SHARED_CONTRACTS = {
  common: 'what every contract uses: error codes and bodies, ids, timestamps, people',
  endpoint: 'the shape of one endpoint, which every contract file uses to list its endpoints',
  catalogue: 'every feature’s endpoints in one place, from which the server builds its routes',
}

/** e2e specs that walk no one server feature. */
export const CROSS_CUTTING_SPECS = {
  compression: 'the HTTP compression of the real server (src/server/http/), no feature',
  polish: 'screenshots of details across the signed-in app, each owned by a different feature',
}

/** Web features that call no server feature. */
export const WEB_ONLY = {}

/**
 * What a name match cannot find, per server feature, with the reason (`why`, one line).
 * - contract: the feature's contract, when no contract file is named after the feature.
 * - web, e2e: added to the name match.
 */
export const MANUAL = {
  academy: {
    e2e: ['academy-accreditation'],
    why: 'one journey walks a course and the accreditation tier it counts towards',
  },
  account: {
    e2e: ['account-settings', 'change-email'],
    why: 'its journeys are named after what a person does in Settings',
  },
  accreditation: {
    e2e: ['academy-accreditation'],
    why: 'one journey walks a course and the accreditation tier it counts towards',
  },
  activity: {
    web: ['workspace', 'documents'],
    e2e: ['documents'],
    why: 'a move’s activity and audit check are shown in the workspace and on its Documents page',
  },
  auth: {
    e2e: ['account-recovery', 'password-rules', 'any-address'],
    why: 'its journeys are named after the sign-in rules they walk',
  },
  'data-rights': { web: ['account'], why: 'download my data and delete my account are in Account settings' },
  directory: {
    web: ['marketplace'],
    e2e: ['marketplace'],
    why: 'the public directory of professionals is called the marketplace',
  },
  documents: {
    e2e: ['failures', 'document-audiences'],
    why: 'the failures journey breaks uploads (and the other main forms); document-audiences walks who sees which document',
  },
  enquiries: {
    e2e: ['enquiries-by-email', 'enquiry-client-answer'],
    why: 'enquiries by email walks a firm not on Homeward answering through the emailed link; enquiry-client-answer walks a client answering an enquiry in their task',
  },
  firms: {
    web: ['cases', 'firm'],
    e2e: ['cases-board', 'firm-admin', 'import-matters', 'firm-joining-and-nav'],
    why: 'a firm’s matters are its cases board (importing matters is one of its tools); the web `firm` is the one firm a member belongs to; joining a firm by invitation and the professionals’ top bars walk its invitations and board',
  },
  funds: {
    e2e: ['source-of-funds', 'giftor'],
    why: 'the journey is named after the product (source of funds); the giftor is part of funds (037)',
  },
  identities: { e2e: ['oauth'], why: 'identities are the OpenID Connect sign-ins linked to an account' },
  invitations: {
    e2e: ['invitation-join', 'buyer-journey', 'workspace', 'appointments', 'co-buyer'],
    why: 'invitations are walked by the journeys that invite and join, by a proposed appointment the client accepts (decision 014), and by a joint buyer and a joint seller joining (decision 070)',
  },
  live: { e2e: ['chat', 'failures'], why: 'live updates are walked by chat and by going offline (failures)' },
  logbooks: {
    web: ['logbook'],
    e2e: ['logbook'],
    why: 'a person meets one home logbook at a time (the web page, the journey); the server serves many',
  },
  me: {
    contract: ['auth'],
    web: ['auth'],
    e2e: ['auth'],
    why: 'GET /api/me is an endpoint of the auth contract, read by the web auth feature',
  },
  mortgages: {
    web: ['pipeline'],
    e2e: ['broker-pipeline', 'broker-clients'],
    why: 'a broker’s mortgage cases are their pipeline; broker-clients walks a client record and its fact find before and after an offer',
  },
  notifications: {
    web: ['update-requests'],
    e2e: ['chat'],
    why: 'update requests (update-requests.ts) are served by notifications; the chat journey walks the bell',
  },
  pdtf: {
    web: ['dashboard', 'workspace'],
    why: 'a pack starts a move from the dashboard and is exported from the workspace header',
  },
  portfolio: {
    e2e: ['agent-portfolio', 'agent-sales', 'demo-day'],
    why: 'the portfolio is the estate agent’s; demo-day signs in each trade’s demo account, the agent’s weekly update to a seller off Homeward among them',
  },
  'public-pages': {
    contract: ['server-render'],
    web: ['landing', 'help', 'public-site'],
    e2e: ['public-site', 'server-rendering', 'public-accessibility'],
    why: 'renders the public pages on the server (contract server-render.ts), from the web features it lists',
  },
  signing: {
    web: ['documents'],
    e2e: ['documents'],
    why: 'documents are sent for signature and signed on the Documents page',
  },
  surveys: {
    e2e: ['survey-bookings', 'survey-booking-paid'],
    why: 'the journeys book a survey (the second pays for it and releases the report)',
  },
  'title-checks': { e2e: ['title-check'], why: 'the journey walks one title check' },
  transactions: {
    web: ['dashboard', 'workspace'],
    e2e: ['dashboard', 'workspace', 'buyer-journey', 'timeline-workflow', 'status-preconditions', 'workspace-shape'],
    why: 'a transaction is a move: listed on the dashboard, opened in the workspace',
  },
  'two-factor': { web: ['account', 'auth'], why: 'two-factor is set up in Account settings and asked at sign-in' },
  verification: { e2e: ['identity-cdd'], why: 'identity checks and CDD records (decision 026)' },
  deposits: {
    e2e: ['deposits-way-out'],
    why: 'deposits-way-out walks a deposit whose release is always possible or explained: the firm linked on accepting an email invitation, or later (decision 062)',
  },
  'property-forms': {
    e2e: ['ta10-review-sign'],
    why: 'the TA10 journey: signed with its optional lists empty, after reviewing every answer (issue 39)',
  },
  'address-lookup': {
    e2e: ['wales-move'],
    why: 'Find address on the create form makes a Welsh move with Land Transaction Tax (issue 41)',
  },
}

const uniq = (list) => [...new Set(list)]
const code = (list) => (list.length ? list.map((x) => `\`${x}\``).join(', ') : '—')
/** `firms` -> `firm`, `title-checks` -> `title-check`, `identities` -> `identity`. */
const singular = (name) =>
  name
    .split('-')
    .map((w) => w.replace(/ies$/, 'y').replace(/s$/, ''))
    .join('-')

/** The contract name an import specifier reaches (`#shared/contracts/firms.ts`, `../shared/contracts/firms`), or null. */
export function contractOfSpecifier(specifier) {
  const m = /(?:^|[/#])shared\/contracts\/([a-z0-9-]+)(?:\.ts)?$/.exec(specifier)
  return m ? m[1] : null
}

/** Builds the map of the tree at `root`; `problems` lists what it finds wrong (empty when right). */
export function featureMap({
  root,
  layout = LAYOUT,
  manual = MANUAL,
  sharedContracts = SHARED_CONTRACTS,
  crossCuttingSpecs = CROSS_CUTTING_SPECS,
  webOnly = WEB_ONLY,
}) {
  const abs = (p) => path.join(root, p)
  const isDir = (p) => existsSync(abs(p)) && statSync(abs(p)).isDirectory()
  // A folder git does not track (left empty by a move) is no feature: only folders with files count.
  const hasFiles = (p) => readdirSync(abs(p)).some((name) => !isDir(`${p}/${name}`) || hasFiles(`${p}/${name}`))
  const dirs = (p) =>
    (isDir(p) ? readdirSync(abs(p)).filter((name) => isDir(`${p}/${name}`) && hasFiles(`${p}/${name}`)) : []).sort()
  const filesEnding = (dir, suffix, not) =>
    isDir(dir)
      ? readdirSync(abs(dir))
          .filter((f) => f.endsWith(suffix) && !(not && f.endsWith(not)))
          .map((f) => f.slice(0, -suffix.length))
          .sort()
      : []

  /** Every .ts/.tsx file under `dir` (relative to the root), tests excluded. */
  const sourceFiles = (dir) => {
    const out = []
    for (const entry of readdirSync(abs(dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`
      if (entry.isDirectory()) out.push(...sourceFiles(rel))
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel)
    }
    return out
  }

  /** Names of the contract files imported (statically, by `export ... from` or `import()`) under `dir`. */
  const importedContracts = (dir) => {
    const names = new Set()
    for (const file of sourceFiles(dir)) {
      const text = readFileSync(abs(file), 'utf8')
      for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)) {
        const name = contractOfSpecifier(m[1])
        if (name) names.add(name)
      }
    }
    return [...names].sort()
  }

  const serverNames = dirs(layout.serverFeatures)
  const contractNames = filesEnding(layout.contracts, '.ts', '.test.ts')
  const webNames = dirs(layout.webFeatures)
  const specNames = filesEnding(layout.e2e, '.spec.ts')
  const isShared = (c) => Object.hasOwn(sharedContracts, c)

  const problems = []
  const fix = 'scripts/architecture-table.mjs'

  // The manual map itself.
  const worlds = {
    contract: { names: contractNames, where: `${layout.contracts}/<name>.ts` },
    web: { names: webNames, where: `${layout.webFeatures}/` },
    e2e: { names: specNames, where: `${layout.e2e}/<name>.spec.ts` },
  }
  for (const [feature, entry] of Object.entries(manual)) {
    if (!serverNames.includes(feature)) {
      problems.push(
        `MANUAL['${feature}'] in ${fix}: there is no server feature ${layout.serverFeatures}/${feature}/ (renamed or moved?): update or remove the entry.`,
      )
      continue
    }
    if (typeof entry.why !== 'string' || !entry.why.trim()) {
      problems.push(`MANUAL['${feature}'] in ${fix} says no reason: add why: '<one line>' saying why the names differ.`)
    }
    for (const [world, { names, where }] of Object.entries(worlds)) {
      for (const name of entry[world] ?? []) {
        if (!names.includes(name)) {
          problems.push(`MANUAL['${feature}'].${world} in ${fix} names \`${name}\`, which is not in ${where}.`)
        } else if (name === feature) {
          problems.push(
            `MANUAL['${feature}'].${world} in ${fix} names \`${name}\`, which the name match finds already: remove it.`,
          )
        }
      }
    }
    if (entry.contract?.length && contractNames.includes(feature)) {
      problems.push(
        `MANUAL['${feature}'].contract in ${fix} is ignored: ${layout.contracts}/${feature}.ts exists and is the feature's contract. Remove the entry.`,
      )
    }
  }

  const usedContracts = new Set()
  const usedWeb = new Set()
  const usedSpecs = new Set()
  /** `${world}:${name}` -> server features that name it (by name or MANUAL). */
  const linked = new Map()
  const link = (world, name, feature) =>
    linked.set(`${world}:${name}`, [...(linked.get(`${world}:${name}`) ?? []), feature])

  const rows = serverNames.map((feature) => {
    const entry = manual[feature] ?? {}
    const imported = importedContracts(`${layout.serverFeatures}/${feature}`)
    const contract = contractNames.includes(feature)
      ? [feature]
      : (entry.contract ?? []).filter((c) => contractNames.includes(c))
    for (const c of contract) {
      if (c !== feature && !imported.includes(c)) {
        problems.push(
          `MANUAL['${feature}'].contract in ${fix} names ${c}.ts, but no file of ${layout.serverFeatures}/${feature}/ imports it.`,
        )
      }
    }
    const also = imported.filter((c) => !contract.includes(c) && !isShared(c))
    const web = uniq([feature, ...(entry.web ?? [])]).filter((w) => webNames.includes(w))
    const specs = uniq([feature, ...(entry.e2e ?? [])]).filter((s) => specNames.includes(s))
    ;[...contract, ...also].forEach((c) => usedContracts.add(c))
    contract.forEach((c) => link('contract', c, feature))
    web.forEach((w) => (usedWeb.add(w), link('web', w, feature)))
    specs.forEach((s) => (usedSpecs.add(s), link('e2e', s, feature)))
    return [
      `\`${feature}\``,
      code(contract.map((c) => `${c}.ts`)),
      code(also.map((c) => `${c}.ts`)),
      code(web),
      code(specs.map((s) => `${s}.spec.ts`)),
    ]
  })

  /** Server features whose name differs from `name` only by a plural. */
  const lookalikes = (name) => serverNames.filter((f) => f !== name && singular(f) === singular(name))
  const hint = (name) => {
    const like = lookalikes(name)
    return like.length ? ` (its name is close to server feature ${code(like)})` : ''
  }

  for (const c of contractNames) {
    if (usedContracts.has(c) || isShared(c)) continue
    problems.push(
      `Contract ${layout.contracts}/${c}.ts is used by no server feature in ${layout.serverFeatures}/${hint(c)}: import it from the feature that serves it, map it in MANUAL[feature].contract with a reason, list it in SHARED_CONTRACTS with a reason, or delete it.`,
    )
  }
  for (const w of webNames) {
    if (usedWeb.has(w) || Object.hasOwn(webOnly, w)) continue
    const calls = importedContracts(`${layout.webFeatures}/${w}`).filter((c) => !isShared(c))
    const imports = calls.length ? ` (it imports ${code(calls.map((c) => `${c}.ts`))})` : ''
    problems.push(
      `Web feature ${layout.webFeatures}/${w}/ is mapped to no server feature${hint(w)}${imports}: rename it after the server feature it calls, or add it to MANUAL[feature].web with a reason (or to WEB_ONLY with a reason) in ${fix}.`,
    )
  }
  for (const s of specNames) {
    if (usedSpecs.has(s) || Object.hasOwn(crossCuttingSpecs, s)) continue
    problems.push(
      `e2e spec ${layout.e2e}/${s}.spec.ts walks no server feature${hint(s)}: rename it after the feature it walks, or add it to MANUAL[feature].e2e with a reason (or to CROSS_CUTTING_SPECS with a reason) in ${fix}.`,
    )
  }
  // A look-alike name that is mapped, but not to its look-alike: say why in an entry, or rename.
  for (const [world, names] of Object.entries({ contract: contractNames, web: webNames, e2e: specNames })) {
    for (const name of names) {
      const features = linked.get(`${world}:${name}`)
      if (!features) continue // reported above
      for (const f of lookalikes(name)) {
        if (features.includes(f)) continue
        problems.push(
          `The ${world} name \`${name}\` differs from server feature \`${f}\` only by its plural, and no MANUAL entry links them: map it in MANUAL['${f}'].${world} with a reason, or rename one of them.`,
        )
      }
    }
  }

  const table = [
    `| server feature (${layout.serverFeatures}/) | contract (${layout.contracts}/) | also imports | web feature (${layout.webFeatures}/) | e2e (${layout.e2e}/) |`,
    '|---|---|---|---|---|',
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n')

  const reasons = (label, entries) =>
    entries.length ? [`${label}:`, ...entries.map(([name, why]) => `  - ${name}: ${why}.`)] : []
  const notes = [
    ...reasons(
      '- Where names differ (the manual map)',
      Object.entries(manual)
        .filter(([f]) => serverNames.includes(f))
        .map(([f, e]) => [`\`${f}\``, e.why]),
    ),
    ...reasons(
      '- Contract files of no one feature',
      Object.entries(sharedContracts)
        .filter(([c]) => contractNames.includes(c))
        .map(([c, why]) => [`\`${c}.ts\``, why]),
    ),
    ...reasons(
      '- Web features that call no server feature',
      Object.entries(webOnly)
        .filter(([w]) => webNames.includes(w))
        .map(([w, why]) => [`\`${w}\``, why]),
    ),
    ...reasons(
      '- e2e specs across features',
      Object.entries(crossCuttingSpecs)
        .filter(([s]) => specNames.includes(s))
        .map(([s, why]) => [`\`${s}.spec.ts\``, why]),
    ),
  ].join('\n')

  return { markdown: `${table}\n\n${notes}\n`, problems }
}

/** The document at `root` with its map replaced; `stale` when that differs from what is there. */
export function checkDocument({ root, layout = LAYOUT, ...options }) {
  const { markdown, problems } = featureMap({ root, layout, ...options })
  const doc = readFileSync(path.join(root, layout.doc), 'utf8')
  const start = doc.indexOf(START)
  const end = doc.indexOf(END)
  if (start < 0 || end < start) {
    return { problems: [...problems, `${layout.doc} has no ${START} ... ${END} block to fill.`], doc, next: null }
  }
  const next = `${doc.slice(0, start + START.length)}\n\n${markdown}\n${doc.slice(end)}`
  const stale = next !== doc
  return { problems, doc, next, stale }
}

function main(mode) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const report = (problems) => {
    if (!problems.length) return
    process.stderr.write(
      `The feature map is wrong in ${problems.length} place(s):\n${problems.map((p) => `- ${p}\n`).join('')}`,
    )
  }
  if (!mode) {
    const { markdown, problems } = featureMap({ root })
    process.stdout.write(markdown)
    report(problems)
    return problems.length ? 1 : 0
  }
  if (mode !== '--write' && mode !== '--check') {
    process.stderr.write('Usage: node scripts/architecture-table.mjs [--write | --check]\n')
    return 2
  }
  const { problems, next, stale } = checkDocument({ root })
  report(problems)
  if (next === null) return 1
  if (mode === '--write') {
    if (stale) writeFileSync(path.join(root, LAYOUT.doc), next)
  } else if (stale) {
    process.stderr.write(
      `${LAYOUT.doc}'s feature map is out of date: run node scripts/architecture-table.mjs --write\n`,
    )
    return 1
  }
  return problems.length ? 1 : 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv[2])
}
