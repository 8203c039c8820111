// The Node and V8 flags the server runs with: those on `npm start`'s command line in package.json
// (the one place they are written). Every script that starts the server another way (Playwright's
// e2e servers, scripts/e2e-s3-server.mjs, the benchmarks) passes the same flags, so what is tested
// and measured is what `npm start` runs. Why these flags: docs/benchmarks/2026-11-28.md, "Memory
// after start".
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const start = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start

/** The `--` arguments between `node` and `scripts/start.mjs` in package.json's start script. */
export const SERVER_NODE_FLAGS = start
  .split(/\s+/)
  .slice(1)
  .filter((arg) => arg.startsWith('--'))
