// The build behind `npm start` and `npm run build`: ordered steps, each turning sources into a
// directory under dist/, each skipped while its output is newer than its sources.
//
//   web       Vite: the React app, a production build in dist/web
//   ssr       Vite: the public pages' server renderer (src/web/entry-server.tsx) in dist/web-ssr
//   server    esbuild: src/server/main.ts and everything it imports, and the modules the server runs
//             in worker threads (WORKERS), dependencies included (PGlite,
//             pg and OpenTelemetry excepted: PGlite's WebAssembly files are read from node_modules,
//             and tracing patches the other two as Node loads them) as ES modules in
//             dist/server, with source maps; `npm start` runs it with Node's source-map support,
//             so no TypeScript compiler or tsx runs in the server's process
//   database  the server bundle writes an empty migrated PGlite database's dump to
//             dist/database/pglite.tar.gz, which a fresh data directory is loaded from
//
// A further step (a bundle the server loads at run time, say) is one more entry in STEPS: a name,
// `stale()` and `run(outDir)`. Steps run in order, one build at a time per checkout (a lock file),
// each into a fresh directory that then replaces the live one by rename, keeping the previous
// build's content-hashed files, so a server already running never loses a file it asks for.
//
// Usage: node scripts/build.mjs [--force] [step ...]   (default: every stale step)
// Imported by scripts/start.mjs and bench/bench-server.ts for `staleSteps()` and `build()`; the
// build tools themselves are loaded only when a step runs.
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

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = (...parts) => path.join(ROOT, 'dist', ...parts)
const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0)

/** Newest modification time (ms) of the files under the given paths (relative to the root). */
function newest(paths) {
  let max = 0
  const visit = (p) => {
    if (!existsSync(p)) return
    const st = statSync(p)
    if (st.isDirectory()) for (const entry of readdirSync(p)) visit(path.join(p, entry))
    else max = Math.max(max, st.mtimeMs)
  }
  paths.forEach((p) => visit(path.join(ROOT, p)))
  return max
}

// Written last by a step's build: a directory without it is unfinished or from an older build setup.
const MARKER = '.production-build'
// Every step is also stale when the dependencies or this script change.
const SHARED_SOURCES = ['package-lock.json', 'scripts/build.mjs']

// What the browser build and the server renderer are made from.
const WEB_SOURCES = ['src/web', 'src/shared', 'vite.config.ts', ...SHARED_SOURCES]

/**
 * `vite build` into `outDir` with `args` added, always as a production build: NODE_ENV=test or
 * development would make Vite bundle React's development build (about 1.6x the JavaScript), and the
 * e2e server runs with NODE_ENV=test. Throws naming `what` when Vite fails (it prints its own errors).
 */
function viteBuild(outDir, args, what) {
  const res = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      ...args,
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  )
  if (res.status !== 0) throw new Error(`${what} failed to build; see the errors above`)
}

/** The React app: `vite build` in production mode whatever NODE_ENV the server runs with. */
const web = {
  name: 'web',
  dir: 'web',
  keep: 'assets',
  stale() {
    const index = dist('web/index.html')
    return !existsSync(index) || !existsSync(dist('web', MARKER)) || newest(WEB_SOURCES) > mtime(index)
  },
  run(outDir) {
    viteBuild(outDir, [], 'the web app')
  },
  // The index's mtime is what later starts compare with the sources.
  stamp: 'index.html',
}

/**
 * The server renderer of the public pages: src/web/entry-server.tsx built by `vite build --ssr` into
 * one ES module, dist/web-ssr/entry-server.js, which the API server imports at run time
 * (src/server/features/public-pages/renderer.ts) to render them with the same components the
 * browser hydrates. After 'web', from the same sources.
 */
const ssr = {
  name: 'ssr',
  dir: 'web-ssr',
  keep: 'assets',
  stale() {
    const entry = dist('web-ssr/entry-server.js')
    return !existsSync(entry) || !existsSync(dist('web-ssr', MARKER)) || newest(WEB_SOURCES) > mtime(entry)
  },
  run(outDir) {
    viteBuild(outDir, ['--ssr', 'entry-server.tsx'], 'the server renderer')
  },
  stamp: 'entry-server.js',
}

/**
 * Modules the server runs in worker threads, each an entry point of its own, dist/server/<name>.js,
 * which src/server/platform/module-worker.ts starts by that name.
 */
const WORKERS = {
  'pdtf-schema-worker': 'src/server/core/pdtf/schema-check-worker.ts',
}

/** The server: one esbuild bundle of src/server/main.ts, split where the code imports lazily. */
const server = {
  name: 'server',
  dir: 'server',
  keep: 'chunks',
  stale() {
    const main = dist('server/main.js')
    if (!existsSync(main) || !existsSync(dist('server', MARKER))) return true
    // The bundle's own inputs, as esbuild listed them: a new file matters only once an input imports it.
    let inputs
    try {
      inputs = JSON.parse(readFileSync(dist('server/inputs.json'), 'utf8'))
    } catch {
      return true
    }
    const built = mtime(main)
    return [...inputs, ...SHARED_SOURCES].some((file) => {
      const full = path.join(ROOT, file)
      return !existsSync(full) || statSync(full).mtimeMs > built
    })
  },
  async run(outDir) {
    const esbuild = await import('esbuild')
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: {
        main: 'src/server/main.ts',
        'write-pglite-template': 'src/server/db/write-pglite-template.ts',
        ...WORKERS,
      },
      outdir: outDir,
      bundle: true,
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      platform: 'node',
      // Packages' ES module builds first: a CommonJS build imported with import() in a split bundle
      // yields a namespace without its named exports (pdf-lib's PDFDocument was undefined).
      mainFields: ['module', 'main'],
      format: 'esm',
      target: 'node20.19',
      // Stack traces point into the TypeScript sources (`node --enable-source-maps`); the sources'
      // text is left out of the maps, which would otherwise be parsed into the server's memory.
      sourcemap: 'linked',
      sourcesContent: false,
      minifyWhitespace: true,
      minifySyntax: true,
      // PGlite reads its WebAssembly and data files beside its own module. OpenTelemetry's
      // instrumentations patch `pg` (and Node's http) as Node's require loads them, which an inlined
      // copy never is: pg and the SDK stay in node_modules (src/server/telemetry.ts). sharp loads its native
      // libvips binding from its platform package beside it (firm logos, features/firm-profile).
      external: ['@electric-sql/pglite', 'pg', '@opentelemetry/*', 'sharp'],
      // CommonJS dependencies bundled into ES modules still call require() for Node's built-ins.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      legalComments: 'linked',
      metafile: true,
      logLevel: 'warning',
    })
    const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'))
    writeFileSync(path.join(outDir, 'inputs.json'), `${JSON.stringify(inputs.sort())}\n`)
  },
  stamp: 'main.js',
}

/**
 * The migrated empty database a fresh PGlite data directory is loaded from (src/server/db/
 * pglite-template.ts), written by the server bundle's own code, so after the 'server' step.
 */
const database = {
  name: 'database',
  dir: 'database',
  keep: null,
  stale() {
    const template = dist('database/pglite.tar.gz')
    return (
      !existsSync(template) ||
      !existsSync(dist('database', MARKER)) ||
      newest([
        'src/server/db/migrations',
        'src/server/db/client.ts',
        'src/server/db/pglite-template.ts',
        ...SHARED_SOURCES,
      ]) > mtime(template)
    )
  },
  run(outDir) {
    const res = spawnSync(
      process.execPath,
      [dist('server/write-pglite-template.js'), path.join(outDir, 'pglite.tar.gz')],
      { cwd: ROOT, stdio: 'inherit' },
    )
    if (res.status !== 0) throw new Error('the database template failed to build; see the errors above')
  },
  stamp: 'pglite.tar.gz',
}

/** The steps, in the order they run. */
export const STEPS = [web, ssr, server, database]

/** Names of the steps whose output is missing or older than their sources. */
export function staleSteps() {
  return STEPS.filter((step) => step.stale()).map((step) => step.name)
}

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Holds dist/.build.lock while `fn` runs; waits for another build of this checkout to finish first. */
async function withLock(fn) {
  const lock = dist('.build.lock')
  mkdirSync(path.dirname(lock), { recursive: true })
  for (;;) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' })
      break
    } catch {
      // A lock left by a process that died is taken over. An empty lock is being written, unless old.
      let holder, age
      try {
        holder = Number(readFileSync(lock, 'utf8').trim())
        age = Date.now() - statSync(lock).mtimeMs
      } catch {
        continue // released meanwhile
      }
      if (holder ? !isAlive(holder) : age > 10_000) rmSync(lock, { force: true })
      else await new Promise((r) => setTimeout(r, 300))
    }
  }
  try {
    return await fn()
  } finally {
    rmSync(lock, { force: true })
  }
}

/** Builds `step` into a fresh directory, then swaps it in for dist/<dir>. */
async function runStep(step) {
  const started = performance.now()
  const live = dist(step.dir)
  const outDir = dist(`${step.dir}.build-${process.pid}`)
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  try {
    await step.run(outDir)
  } catch (err) {
    rmSync(outDir, { recursive: true, force: true })
    throw err
  }
  writeFileSync(path.join(outDir, MARKER), `${new Date().toISOString()}\n`)
  // Content-hashed names never collide: a page or a server process from before keeps its files.
  if (step.keep && existsSync(path.join(live, step.keep))) {
    cpSync(path.join(live, step.keep), path.join(outDir, step.keep), { recursive: true, force: false })
  }
  const old = dist(`${step.dir}.old-${process.pid}`)
  if (existsSync(live)) renameSync(live, old)
  renameSync(outDir, live)
  rmSync(old, { recursive: true, force: true })
  const now = new Date()
  utimesSync(path.join(live, step.stamp), now, now)
  return Math.round(performance.now() - started)
}

/**
 * Runs the named steps (default all) that are stale, or all of them with `force`, in order.
 * Resolves with the milliseconds each step took; rejects with the first step's error.
 */
export async function build({ force = false, only = [], log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const wanted = STEPS.filter((step) => only.length === 0 || only.includes(step.name))
  const unknown = only.filter((name) => !STEPS.some((step) => step.name === name))
  if (unknown.length) throw new Error(`unknown build step: ${unknown.join(', ')}`)
  return withLock(async () => {
    const took = {}
    for (const step of wanted) {
      // Checked again under the lock: another process may have built it meanwhile.
      if (!force && !step.stale()) continue
      log(`Building ${step.name} (dist/${step.dir})...`)
      took[step.name] = await runStep(step)
    }
    return took
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  // `npm install` runs this as the prepare script, so that the first `npm start` has nothing to build;
  // an install without the development dependencies (`--omit=dev`) has no build tools: skip.
  const tools = ['node_modules/vite/package.json', 'node_modules/esbuild/package.json']
  if (process.env.npm_lifecycle_event === 'prepare' && !tools.every((t) => existsSync(path.join(ROOT, t)))) {
    process.stdout.write('Build tools not installed (npm install --omit=dev?): skipping the build.\n')
    process.exit(0)
  }
  try {
    const took = await build({ force: args.includes('--force'), only: args.filter((a) => !a.startsWith('--')) })
    const done = Object.entries(took).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
    process.stdout.write(done.length ? `Built: ${done.join(', ')}\n` : 'Everything is up to date.\n')
  } catch (err) {
    process.stderr.write(`The build failed: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  }
}
