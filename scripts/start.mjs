// `npm start`: builds what is missing or older than its sources (scripts/build.mjs: the web app, then
// the server bundle), then runs the compiled server, dist/server/main.js, in this process (so that
// SIGTERM reaches it directly) with source maps on for stack traces. The build runs in a child
// process: no build tool stays loaded in the server's memory.
//
// `npm start` runs this with two V8 flags (package.json; scripts/server-flags.mjs hands the same
// flags to every other script that starts the server), both for memory, measured in
// docs/benchmarks/2026-11-28.md ("Memory after start"): --liftoff-only keeps PGlite's WebAssembly
// in V8's baseline compiler's code, without the optimising compiler's second copy of hot functions
// and its working memory (about 60 MB); --max-semi-space-size=4 (MB) caps the young generation,
// which start-up otherwise grows to 32 MB and keeps.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ROOT, staleSteps } from './build.mjs'

if (staleSteps().length) {
  process.stdout.write('Building Homeward (first start or sources changed)...\n')
  const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' })
  if (res.status !== 0) process.exit(res.status ?? 1)
}

// A newcomer's `npm start` shows the emails Homeward would send (sign-up links, invitations) at
// /dev/mail: a local development outbox, served to this computer only (src/server/features/dev-mail).
// Never in production, where config.ts refuses DEV_MAIL=true; set DEV_MAIL=false to turn it off.
if (process.env.NODE_ENV !== 'production' && process.env.DEV_MAIL === undefined) process.env.DEV_MAIL = 'true'

process.setSourceMapsEnabled(true)
await import(pathToFileURL(path.join(ROOT, 'dist/server/main.js')).href)
