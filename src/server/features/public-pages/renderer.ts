/**
 * Loads the web app's server renderer, built by `vite build --ssr` (the ssr step of scripts/build.mjs)
 * into dist/web-ssr beside the browser build in dist/web. The server may not import web code, so the
 * built module is imported by its file path at run time and used through PublicPageRenderer only.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PageTemplates, PublicPageRenderer } from '#shared/contracts/server-render.ts'

/** The renderer module and the page templates it fills, from one build. */
export interface LoadedRenderer {
  renderer: PublicPageRenderer
  templates: PageTemplates
}

/** Where the renderer of a browser build in `webDist` lives. */
export function rendererEntry(webDist: string): string {
  return path.join(webDist, '..', 'web-ssr', 'entry-server.js')
}

/**
 * Reads the templates of `webDist` and imports its renderer, once (later calls share the first
 * promise). Resolves to null when the renderer has not been built (a browser-only build).
 */
export function rendererLoader(webDist: string): () => Promise<LoadedRenderer | null> {
  let loading: Promise<LoadedRenderer | null> | undefined
  return () =>
    (loading ??= (async () => {
      const entry = rendererEntry(webDist)
      if (!existsSync(entry)) return null
      const templates: PageTemplates = {
        app: readFileSync(path.join(webDist, 'index.html'), 'utf8'),
        landing: readFileSync(path.join(webDist, 'landing.html'), 'utf8'),
      }
      const renderer = (await import(pathToFileURL(entry).href)) as PublicPageRenderer
      return { renderer, templates }
    })())
}
