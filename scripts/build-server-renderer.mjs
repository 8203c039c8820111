// Builds the web app's server renderer (src/web/entry-server.tsx) with `vite build --ssr` into one
// self-contained ES module, dist/web-ssr/entry-server.js by default, which the API server imports at
// run time to render the public pages (src/server/features/public-pages). `npm start` calls
// buildServerRenderer beside the browser build (scripts/start.mjs); `npm run build` runs this file.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Runs the server build into `outDir` (absolute), always as a production build. Returns the exit
 * status of Vite (0 on success); Vite prints its own errors.
 */
export function buildServerRenderer(outDir = path.join(root, 'dist/web-ssr')) {
  const res = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'entry-server.tsx',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  )
  return res.status ?? 1
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildServerRenderer())
}
