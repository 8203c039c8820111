// The Dockerfile's steps, run without a container engine (CI machines have none): reads the
// Dockerfile, mirrors each stage in a temporary directory and starts the runtime stage's CMD from it,
// so a COPY that misses a file the server reads, a production dependency the bundle needs, or a flag
// that differs from `npm start`'s fails CI as `docker build` + `docker run` would.
//
//   deps     runs its RUN (npm ci --omit=dev ...) for real, against the lock file and the registry
//   build    its steps are `npm ci` and `npm run build` on the whole context: this checkout's own
//            install and build stand for it (`npm run build` is run here; up to date after the tests)
//   runtime  every COPY is done (from the context, or from the stages above), ENV and WORKDIR are
//            applied, then CMD is started as the USER (when this runs as root; else as this user) on
//            the embedded database with NODE_ENV=production, and the HEALTHCHECK's command must pass;
//            then a sign-up (the common-password list), the web app's page and a public page, and a
//            clean SIGTERM.
// Also: every path the server reads with fromAppRoot('...') (src/server) exists in the runtime
// directory, and CMD carries scripts/server-flags.mjs's flags.
//
// Any instruction this script does not know fails it: change the Dockerfile and this script together.
// Usage: node scripts/check-dockerfile.mjs   (the server's port: CHECK_DOCKERFILE_PORT, default 4790)
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER_NODE_FLAGS } from './server-flags.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const port = Number(process.env.CHECK_DOCKERFILE_PORT ?? 4790)
const started = performance.now()
const say = (line) =>
  process.stdout.write(`[check-dockerfile ${((performance.now() - started) / 1000).toFixed(1)} s] ${line}\n`)
const fail = (message) => {
  process.stderr.write(`check-dockerfile: ${message}\n`)
  process.exitCode = 1
  throw new Error(message)
}

/** The Dockerfile as instructions: { stage, op, args (text), line } with `\` continuations joined. */
export function parseDockerfile(text) {
  const out = []
  let stage = null
  let pending = ''
  let startLine = 0
  text.split('\n').forEach((raw, i) => {
    const line = raw.trimEnd()
    if (!pending && (line.trim() === '' || line.trim().startsWith('#'))) return
    if (!pending) startLine = i + 1
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `
      return
    }
    const full = (pending + line).trim()
    pending = ''
    const [, op, args] = /^(\S+)\s*(.*)$/.exec(full)
    const upper = op.toUpperCase()
    if (upper === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? `stage${out.length}`
    out.push({ stage, op: upper, args: args.trim(), line: startLine })
  })
  return out
}

/** `--from=x --chown=y a b dest` as { from, sources, dest }. JSON form is not used in our Dockerfile. */
function parseCopy(args) {
  const words = args.split(/\s+/)
  const flags = Object.fromEntries(
    words
      .filter((w) => w.startsWith('--'))
      .map((w) => w.slice(2).split('='))
      .map(([k, v]) => [k, v ?? true]),
  )
  const paths = words.filter((w) => !w.startsWith('--'))
  return { from: flags.from, sources: paths.slice(0, -1), dest: paths.at(-1) }
}

/** `KEY=value KEY2=value2` (our ENV form) as an object. */
function parseEnv(args) {
  const env = {}
  for (const m of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[m[1]] = m[2].replace(/^"|"$/g, '')
  return env
}

/** The paths the .dockerignore leaves out of the context (top-level names and globs of ours). */
function ignored() {
  const lines = readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
  const patterns = lines.map((l) => new RegExp(`^${l.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}(/|$)`))
  return (rel) => patterns.some((p) => p.test(rel))
}

/** The `fromAppRoot('...')` paths in src/server (not tests), `${CONST}` resolved within the file. */
function appRootReads() {
  const found = []
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'test') visit(full)
      } else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        const text = readFileSync(full, 'utf8')
        const consts = Object.fromEntries([...text.matchAll(/const (\w+) = '([^']+)'/g)].map((m) => [m[1], m[2]]))
        for (const m of text.matchAll(/fromAppRoot\(\s*['`]([^'`]+)['`]\s*\)/g)) {
          found.push({
            file: path.relative(root, full),
            path: m[1].replace(/\$\{(\w+)\}/g, (_, k) => consts[k] ?? `?${k}`),
          })
        }
      }
    }
  }
  visit(path.join(root, 'src/server'))
  return found
}

/** The names of the worker bundles the build writes: the keys of `WORKERS` in scripts/build.mjs. */
function workerBundles() {
  const block = /const WORKERS = \{([^}]*)\}/.exec(readFileSync(path.join(root, 'scripts/build.mjs'), 'utf8'))
  if (!block) throw new Error('check-dockerfile: scripts/build.mjs has no WORKERS')
  return [...block[1].matchAll(/'([\w-]+)':/g)].map((m) => m[1])
}

/** Whether `relative` (a path under the app root; a `?name` part is a wildcard within one path segment) exists under `app`. */
function runtimeHas(app, relative) {
  if (!relative.includes('?')) return existsSync(path.join(app, relative))
  const dir = path.dirname(relative)
  if (dir.includes('?')) throw new Error(`check-dockerfile: a run-time folder name is not supported (${relative})`)
  const escaped = path.basename(relative).replace(/[.+^$()|[\]\\{}*]/g, '\\$&')
  const pattern = new RegExp(`^${escaped.replace(/\?\w+/g, '[^/]+')}$`)
  const full = path.join(app, dir)
  return existsSync(full) && readdirSync(full).some((name) => pattern.test(name))
}

function userIds(name) {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })),
      gid: Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })),
    }
  } catch {
    return null
  }
}

async function waitFor(check, ms, what) {
  const until = Date.now() + ms
  for (;;) {
    const result = await check()
    if (result) return result
    if (Date.now() > until) fail(`timed out after ${ms / 1000} s waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

async function main() {
  const steps = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8'))
  const stages = [...new Set(steps.map((s) => s.stage).filter(Boolean))]
  if (stages.join(',') !== 'deps,build,runtime') fail(`expected the stages deps, build, runtime; found ${stages}`)
  // The mirror is left for inspection and removed by the next run of this checkout: removing its
  // 60,000 files took 80 s on a loaded CI machine, which a fresh CI machine need not spend. Under
  // the system's temporary directory, not the checkout: the unprivileged user must reach it.
  const checkoutId = createHash('sha256').update(root).digest('hex').slice(0, 8)
  const work = path.join(tmpdir(), `homeward-dockerfile-mirror-${checkoutId}`)
  if (existsSync(work)) {
    say(`removing the previous mirror (${work})`)
    if (spawnSync('rm', ['-rf', work]).status !== 0) rmSync(work, { recursive: true, force: true })
  }
  mkdirSync(work, { recursive: true })
  chmodSync(work, 0o755)
  const stageRoot = (stage) => path.join(work, stage)
  const workdirs = {}
  const envs = {}
  let user = null
  let cmd = null
  let healthcheck = null
  const isIgnored = ignored()
  const copyFromContext = (source, target) => {
    const from = path.join(root, source)
    if (!existsSync(from)) fail(`COPY ${source}: not in the build context`)
    cpSync(from, target, {
      recursive: true,
      filter: (src) => !isIgnored(path.relative(root, src).split(path.sep).join('/')),
    })
  }
  try {
    for (const step of steps) {
      const where = `Dockerfile:${step.line} (${step.stage}) ${step.op} ${step.args}`
      if (!step.stage) {
        if (step.op !== 'ARG') fail(`${where}: only ARG may come before the first FROM`)
        continue
      }
      const cwd = path.join(stageRoot(step.stage), workdirs[step.stage] ?? '/')
      switch (step.op) {
        case 'FROM':
        case 'ARG':
        case 'EXPOSE':
        case 'VOLUME':
          break
        case 'WORKDIR':
          workdirs[step.stage] = step.args
          mkdirSync(path.join(stageRoot(step.stage), step.args), { recursive: true })
          break
        case 'ENV':
          envs[step.stage] = { ...envs[step.stage], ...parseEnv(step.args) }
          break
        case 'USER':
          user = step.args
          break
        case 'CMD':
          cmd = JSON.parse(step.args)
          break
        case 'HEALTHCHECK':
          healthcheck = JSON.parse(/CMD\s+(\[.*\])$/.exec(step.args)?.[1] ?? 'null')
          if (!healthcheck) fail(`${where}: expected HEALTHCHECK ... CMD [json]`)
          break
        case 'COPY': {
          if (step.stage === 'build') {
            // The build stage is this checkout (see the top of this file): nothing to copy.
            if (!['package.json package-lock.json ./', '. .'].includes(step.args)) fail(`${where}: unknown build step`)
            break
          }
          const { from, sources, dest } = parseCopy(step.args)
          const target = path.resolve(cwd, dest)
          mkdirSync(dest.endsWith('/') ? target : path.dirname(target), { recursive: true })
          for (const source of sources) {
            const into = dest.endsWith('/') ? path.join(target, path.basename(source)) : target
            if (!from) copyFromContext(source, into)
            else if (from === 'build') {
              // /app/<x> of the build stage: <checkout>/<x>.
              const rel = path.relative(workdirs.build ?? '/', source)
              const src = path.join(root, rel)
              if (!existsSync(src)) fail(`${where}: ${rel} was not built (npm run build)`)
              cpSync(src, into, { recursive: true })
            } else {
              // Hard links: the deps stage's 450 MB of node_modules in a moment instead of minutes.
              const linked = spawnSync('cp', ['-al', path.join(stageRoot(from), source), into])
              if (linked.status !== 0) cpSync(path.join(stageRoot(from), source), into, { recursive: true })
            }
          }
          break
        }
        case 'RUN': {
          if (step.stage === 'build') {
            if (/^npm ci\b/.test(step.args)) break // this checkout's own install (CI's first phase)
            if (step.args === 'npm run build') {
              say('build stage: npm run build (in this checkout)')
              const res = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' })
              if (res.status !== 0) fail(`${where}: failed`)
              break
            }
            fail(`${where}: unknown build step`)
          }
          if (step.stage === 'deps' && /^npm ci --omit=dev\b/.test(step.args)) {
            say(`deps stage: ${step.args}`)
            // From npm's cache when it has the packages (CI's install filled it): the same lock file.
            const res = spawnSync('bash', ['-c', step.args], {
              cwd,
              stdio: ['ignore', 'inherit', 'inherit'],
              env: { ...process.env, npm_config_prefer_offline: 'true' },
            })
            if (res.status !== 0) fail(`${where}: failed`)
            break
          }
          if (step.stage === 'runtime' && /^mkdir -p (\S+) && chown node:node \1$/.test(step.args)) {
            const dir = /^mkdir -p (\S+)/.exec(step.args)[1]
            mkdirSync(path.join(stageRoot('runtime'), dir), { recursive: true })
            break
          }
          fail(`${where}: unknown step: teach scripts/check-dockerfile.mjs what it does`)
          break
        }
        default:
          fail(`${where}: unknown instruction`)
      }
    }
    if (!cmd || !healthcheck || !user) fail('the runtime stage needs CMD, HEALTHCHECK and USER')
    if (user === 'root' || user === '0') fail('the runtime stage must not run as root')
    const runtimeApp = path.join(stageRoot('runtime'), workdirs.runtime)
    const env = envs.runtime ?? {}

    say('runtime stage copied')
    // The server's own file reads must be in the image.
    // A path with a part only known at run time (`?name`, e.g. a worker's bundle name) must match at
    // least one file of its folder.
    for (const read of appRootReads()) {
      if (!runtimeHas(runtimeApp, read.path))
        fail(`${read.file} reads ${read.path}, which the Dockerfile does not copy into the runtime stage`)
    }
    // Each worker thread's bundle (scripts/build.mjs WORKERS; platform/module-worker.ts starts them).
    for (const name of workerBundles())
      if (!existsSync(path.join(runtimeApp, 'dist/server', `${name}.js`)))
        fail(`the runtime stage lacks the worker bundle dist/server/${name}.js (scripts/build.mjs WORKERS)`)
    const missingFlags = SERVER_NODE_FLAGS.filter((f) => !cmd.includes(f))
    if (cmd[0] !== 'node' || missingFlags.length)
      fail(`CMD must be node with ${SERVER_NODE_FLAGS} (missing ${missingFlags})`)
    // Our own development tools must not be in the image. (vite and esbuild are: better-auth declares
    // vitest a peer dependency, which npm installs; the server never loads them.)
    for (const tool of ['typescript', 'eslint', '@playwright/test', 'prettier'])
      if (existsSync(path.join(runtimeApp, 'node_modules', tool)))
        fail(`the runtime stage has the development dependency ${tool}`)

    // Start it as the image would: the runtime directory, its ENV, the USER when we can be them.
    const dataDir = path.join(stageRoot('runtime'), env.DATA_DIR ?? '/data')
    const ids = process.getuid?.() === 0 ? (userIds(user) ?? userIds('nobody')) : null
    // Everything readable by that user, DATA_DIR theirs (the image's chown).
    if (ids) {
      spawnSync('chmod', ['-R', 'a+rX', work])
      spawnSync('chown', ['-R', `${ids.uid}:${ids.gid}`, dataDir])
    }
    const appEnv = {
      PATH: process.env.PATH,
      ...env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // No partner is configured here: the sandbox opt-in (production refuses sandbox partners otherwise).
      SANDBOX_PARTNERS: 'true',
    }
    say(`runtime stage: ${cmd.join(' ')} in ${runtimeApp} as ${ids ? `uid ${ids.uid}` : 'this user'}`)
    const [, ...args] = cmd
    const child = spawn(process.execPath, args, {
      cwd: runtimeApp,
      env: appEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(ids ?? {}),
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)))
    let exitCode = null
    void exited.then((c) => (exitCode = c))
    try {
      const base = `http://127.0.0.1:${port}`
      await waitFor(
        async () => {
          if (exitCode !== null) fail(`the server exited (${exitCode}) before it was healthy:\n${output}`)
          const res = await fetch(`${base}/api/health`).catch(() => null)
          return res?.ok
        },
        120_000,
        'the server to answer /api/health',
      )
      say('the server answers; running the HEALTHCHECK command')
      const hc = spawnSync(process.execPath, healthcheck.slice(1), { cwd: runtimeApp, env: appEnv, ...(ids ?? {}) })
      if (hc.status !== 0) fail(`HEALTHCHECK ${healthcheck.join(' ')} exited ${hc.status}: ${hc.stderr}`)
      const page = await fetch(`${base}/`)
      const html = await page.text()
      if (page.status !== 200 || !html.includes('<div id="root"')) fail(`GET / answered ${page.status} without the app`)
      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({
          name: 'Image Check',
          email: 'image-check@homeward.test',
          password: 'password123',
          role: 'buyer',
        }),
      })
      const refusal = await signUp.text()
      // 'password123' is on the common-password list the image must carry: refused with a clear reason.
      if (signUp.status !== 400 || !/common|guess/i.test(refusal))
        fail(`a sign-up with a common password answered ${signUp.status} ${refusal.slice(0, 200)}`)
      const good = await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({
          name: 'Image Check',
          email: 'image-check@homeward.test',
          password: 'a long unusual passphrase 42',
          role: 'buyer',
        }),
      })
      if (good.status !== 200) fail(`sign-up answered ${good.status}: ${(await good.text()).slice(0, 300)}`)
      say('healthy: HEALTHCHECK passed, / serves the app, sign-up checks the common-password list')
    } finally {
      child.kill('SIGTERM')
      const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))])
      if (code === 'timeout') {
        child.kill('SIGKILL')
        fail('the server did not exit within 15 s of SIGTERM')
      }
      if (code !== 0) fail(`the server exited ${code} after SIGTERM:\n${output}`)
      if (/error/i.test(output.replace(/"level":\s*\d+/g, ''))) say(`note: the server's output:\n${output}`)
    }
    say('passed')
  } finally {
    say(`the mirror is left in ${work} (removed by the next run)`)
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    if (!process.exitCode) process.stderr.write(`check-dockerfile: ${err.stack ?? err}\n`)
    process.exitCode = 1
  })
}
