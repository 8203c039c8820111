// One pinning rule for package.json, run by `npm run lint`: every dependency is an exact version
// (`1.2.3`, no `^`, `~`, range, tag or URL), so package.json says what runs and a new install of
// package.json alone (without the lockfile) gets the same direct dependencies. Updates are
// deliberate: change the version, then `npm install`. Packages released together also keep one
// version (SAME_VERSION).
//
//   node scripts/check-package-pins.mjs    exit 1 and list the problems, if any
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies']
const EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/

/** Groups of packages published together: one version each (a name ending in `*` is a prefix). */
export const SAME_VERSION = [['@aws-sdk/*'], ['react', 'react-dom'], ['tailwindcss', '@tailwindcss/vite']]

/**
 * Problems with the dependency versions of `pkg` (package.json's contents); `lock`
 * (package-lock.json's), when given, says which version to pin.
 */
export function pinProblems(pkg, { lock = null, groups = SAME_VERSION } = {}) {
  const problems = []
  const all = new Map()
  for (const field of FIELDS) {
    for (const [name, spec] of Object.entries(pkg[field] ?? {})) {
      all.set(name, spec)
      if (!EXACT.test(spec)) {
        const locked = lock?.packages?.[`node_modules/${name}`]?.version
        problems.push(
          `package.json ${field}: "${name}": "${spec}" is not an exact version: ${locked ? `write "${locked}", the version package-lock.json holds` : 'pin the version package-lock.json holds (npm ls ' + name + ')'}.`,
        )
      }
    }
  }
  for (const group of groups) {
    const members = [...all].filter(([name]) =>
      group.some((g) => (g.endsWith('*') ? name.startsWith(g.slice(0, -1)) : name === g)),
    )
    const versions = new Set(members.map(([, spec]) => spec))
    if (versions.size > 1) {
      problems.push(
        `package.json: ${members.map(([n, v]) => `${n} ${v}`).join(', ')} are released together and must share one version.`,
      )
    }
  }
  return problems
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'))
  const problems = pinProblems(read('package.json'), { lock: read('package-lock.json') })
  if (problems.length) {
    process.stderr.write(`package.json breaks the pinning rule:\n${problems.map((p) => `- ${p}\n`).join('')}`)
    process.exitCode = 1
  }
}
