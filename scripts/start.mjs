// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// (TypeScript through tsx, in this process so that SIGTERM reaches it directly).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const builtIndex = path.join(root, 'dist/web/index.html')

/** Newest modification time (ms) under the given paths. */
function newest(paths) {
  let max = 0
  const visit = (p) => {
    if (!existsSync(p)) return
    const st = statSync(p)
    if (st.isDirectory()) for (const entry of readdirSync(p)) visit(path.join(p, entry))
    else max = Math.max(max, st.mtimeMs)
  }
  paths.forEach((p) => visit(path.join(root, p)))
  return max
}

// Written after a production build. Builds made before it existed may be development builds (Vite
// follows NODE_ENV, and the e2e server runs with NODE_ENV=test): those are rebuilt once.
const productionMarker = path.join(root, 'dist/web/.production-build')
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json']
const needsBuild =
  !existsSync(builtIndex) || !existsSync(productionMarker) || newest(sources) > statSync(builtIndex).mtimeMs
if (needsBuild) {
  process.stdout.write('Building the web app (first start or sources changed)...\n')
  // Always a production build, whatever NODE_ENV the server runs with: NODE_ENV=test or development
  // would make Vite bundle React's development build (about 1.6x the JavaScript).
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  )
  if (res.status !== 0) {
    process.stderr.write('The web app failed to build; see the errors above.\n')
    process.exit(res.status ?? 1)
  }
  writeFileSync(productionMarker, `${new Date().toISOString()}\n`)
}

// A newcomer's `npm start` shows the emails Homeward would send (sign-up links, invitations) at
// /dev/mail: a local development outbox, served to this computer only (src/server/features/dev-mail).
// Never in production, where config.ts refuses DEV_MAIL=true; set DEV_MAIL=false to turn it off.
if (process.env.NODE_ENV !== 'production' && process.env.DEV_MAIL === undefined) process.env.DEV_MAIL = 'true'

const { register } = await import('tsx/esm/api')
register()
await import(path.join(root, 'src/server/main.ts'))
