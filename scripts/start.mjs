// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// (TypeScript through tsx, in this process so that SIGTERM reaches it directly).
import { spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServerRenderer } from './build-server-renderer.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const builtIndex = path.join(root, 'dist/web/index.html')
// The server renderer of the public pages, built from the same sources (build-server-renderer.mjs).
const builtRenderer = path.join(root, 'dist/web-ssr/entry-server.js')

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
const needsBuild = () =>
  !existsSync(builtIndex) ||
  !existsSync(productionMarker) ||
  !existsSync(builtRenderer) ||
  newest(sources) > statSync(builtIndex).mtimeMs

/**
 * Builds the web app when needed, safely beside other servers of this checkout (two Playwright runs,
 * or the e2e app and S3 servers starting together): one build at a time under a lock file, into a
 * fresh directory that replaces dist/web by rename, keeping the previous build's hashed assets, so a
 * server already running never loses the files its pages ask for (issue 11, item 6).
 */
async function buildWebApp() {
  const lock = path.join(root, 'dist/.web-build.lock')
  mkdirSync(path.dirname(lock), { recursive: true })
  for (;;) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' })
      break
    } catch {
      // Another start is building: wait for it (a lock left by a dead process is taken over).
      const holder = Number(readFileSync(lock, 'utf8').trim())
      if (!holder || !isAlive(holder)) rmSync(lock, { force: true })
      else await new Promise((r) => setTimeout(r, 500))
    }
  }
  try {
    if (!needsBuild()) return
    process.stdout.write('Building the web app (first start or sources changed)...\n')
    const outDir = path.join(root, `dist/web.build-${process.pid}`)
    rmSync(outDir, { recursive: true, force: true })
    // Always a production build, whatever NODE_ENV the server runs with: NODE_ENV=test or development
    // would make Vite bundle React's development build (about 1.6x the JavaScript).
    const res = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--logLevel',
        'warn',
        '--outDir',
        outDir,
        '--emptyOutDir',
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    )
    const ssrOutDir = path.join(root, `dist/web-ssr.build-${process.pid}`)
    const status = res.status === 0 ? buildServerRenderer(ssrOutDir) : (res.status ?? 1)
    if (status !== 0) {
      rmSync(outDir, { recursive: true, force: true })
      rmSync(ssrOutDir, { recursive: true, force: true })
      process.stderr.write('The web app failed to build; see the errors above.\n')
      process.exit(status)
    }
    writeFileSync(path.join(outDir, '.production-build'), `${new Date().toISOString()}\n`)
    const live = path.join(root, 'dist/web')
    if (existsSync(path.join(live, 'assets'))) {
      // Content-hashed names never collide: older pages still open elsewhere keep their files.
      cpSync(path.join(live, 'assets'), path.join(outDir, 'assets'), { recursive: true, force: false })
    }
    const old = path.join(root, `dist/web.old-${process.pid}`)
    if (existsSync(live)) renameSync(live, old)
    renameSync(outDir, live)
    rmSync(old, { recursive: true, force: true })
    // A running server has imported its renderer already, but loads a page's chunk when first asked
    // for it: the previous build's chunks stay too, as above.
    const liveRenderer = path.join(root, 'dist/web-ssr')
    if (existsSync(path.join(liveRenderer, 'assets'))) {
      cpSync(path.join(liveRenderer, 'assets'), path.join(ssrOutDir, 'assets'), { recursive: true, force: false })
    }
    const oldRenderer = path.join(root, `dist/web-ssr.old-${process.pid}`)
    if (existsSync(liveRenderer)) renameSync(liveRenderer, oldRenderer)
    renameSync(ssrOutDir, liveRenderer)
    rmSync(oldRenderer, { recursive: true, force: true })
    // The index's mtime is what later starts compare with the sources.
    const now = new Date()
    utimesSync(builtIndex, now, now)
  } finally {
    rmSync(lock, { force: true })
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

if (needsBuild()) await buildWebApp()

// A newcomer's `npm start` shows the emails Homeward would send (sign-up links, invitations) at
// /dev/mail: a local development outbox, served to this computer only (src/server/features/dev-mail).
// Never in production, where config.ts refuses DEV_MAIL=true; set DEV_MAIL=false to turn it off.
if (process.env.NODE_ENV !== 'production' && process.env.DEV_MAIL === undefined) process.env.DEV_MAIL = 'true'

const { register } = await import('tsx/esm/api')
register()
await import(path.join(root, 'src/server/main.ts'))
