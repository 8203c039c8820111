/**
 * Starts one of the server's own TypeScript modules in a worker thread (node:worker_threads), the
 * same way whether the server runs from its sources or from the bundle `npm start` runs:
 * - from the bundle (dist/server, scripts/build.mjs): the module is an entry point of its own,
 *   dist/server/<bundleName>.js, listed in the build's `WORKERS`;
 * - from the sources (tsx in `npm run dev`, vitest in the tests): Node 20 cannot load TypeScript,
 *   so the worker first loads tsx's loader (a development dependency), then the module through it.
 * Which one is told by this file's own name: .ts only when it runs from the sources.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads'
import { fromAppRoot } from '../app-root'

const FROM_SOURCES = import.meta.url.endsWith('.ts')

/**
 * A Worker running `source` (the URL of a .ts module beside the caller: `new URL('./x.ts',
 * import.meta.url)`), or, in the bundle, dist/server/<bundleName>.js. `options` as Node's Worker
 * (eval is set here). Errors of loading the module arrive as the worker's 'error' event.
 */
export function startModuleWorker(source: URL, bundleName: string, options: WorkerOptions = {}): Worker {
  if (!FROM_SOURCES) return new Worker(fromAppRoot(`dist/server/${bundleName}.js`), options)
  const tsx = import.meta.resolve('tsx/esm/api')
  // An eval'd worker is a CommonJS script: it may import() an ES module by its absolute URL.
  const code = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source.href)}, ${JSON.stringify(source.href)}))`
  return new Worker(code, { ...options, eval: true })
}
