/**
 * A small static server for a built web app, for the web benchmark and for looking at a build
 * without the API server: serves `dir` with the single-page-app fallback to index.html, gzip for
 * text assets (as a production host would), and either proxies /api to `apiTarget` or answers
 * /api with `apiStub`. Loopback only.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
}

export interface StaticServerOptions {
  dir: string
  port?: number
  /** e.g. 'http://127.0.0.1:3000': /api requests are forwarded there. */
  apiTarget?: string
  /** Answers /api requests when there is no apiTarget: return [status, body] or null for 404. */
  apiStub?: (pathname: string) => [number, unknown] | null
}

/** Starts the server on 127.0.0.1; resolves with its base URL and a close function. */
export function serveBuild(options: StaticServerOptions): Promise<{ url: string; close: () => Promise<void> }> {
  const { dir, apiTarget, apiStub } = options
  const gzCache = new Map<string, Buffer>()

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname.startsWith('/api/')) {
      if (apiTarget) {
        const upstream = http.request(
          new URL(url.pathname + url.search, apiTarget),
          { method: req.method, headers: { ...req.headers, host: new URL(apiTarget).host } },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers)
            up.pipe(res)
          },
        )
        upstream.on('error', () => res.writeHead(502).end())
        req.pipe(upstream)
        return
      }
      const answer = apiStub?.(url.pathname) ?? [404, { error: { code: 'not_found', message: 'Not found' } }]
      const body = Buffer.from(JSON.stringify(answer[1]))
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        res.writeHead(answer[0], { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(body))
      } else res.writeHead(answer[0], { 'content-type': 'application/json' }).end(body)
      return
    }
    let file = path.join(dir, decodeURIComponent(url.pathname))
    if (!file.startsWith(dir)) return void res.writeHead(403).end()
    const isFile = existsSync(file) && statSync(file).isFile()
    if (!isFile) {
      if (url.pathname.startsWith('/assets/')) return void res.writeHead(404).end()
      file = path.join(dir, 'index.html')
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream'
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': file.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    }
    if (/text|javascript|json|svg/.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      // Hashed assets never change, so their gzip is cached; index.html is read afresh.
      const immutable = headers['cache-control'].includes('immutable')
      let gz = immutable ? gzCache.get(file) : undefined
      if (!gz) {
        gz = gzipSync(readFileSync(file))
        if (immutable) gzCache.set(file, gz)
      }
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': String(gz.length) }).end(gz)
      return
    }
    res.writeHead(200, headers)
    createReadStream(file).pipe(res)
  })

  return new Promise((resolve) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      })
    })
  })
}

// Run directly: `tsx bench/web.serve.ts <dir> <port> [apiTarget]` serves a build until stopped.
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [dir = 'dist/web', port = '4173', apiTarget] = process.argv.slice(2)
  const { url } = await serveBuild({ dir: path.resolve(dir), port: Number(port), apiTarget })
  process.stdout.write(`Serving ${dir} at ${url}${apiTarget ? `, /api -> ${apiTarget}` : ''}\n`)
}
