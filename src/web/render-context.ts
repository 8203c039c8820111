import type { PublicPageData } from '../shared/contracts/server-render'

const SERVER_RENDER = Symbol.for('homeward.server-render')

/**
 * What route loaders receive as `context` while the server renders a page (entry-server.tsx passes
 * it to the static handler's query). In the browser loaders get no such context and fetch through
 * the API instead.
 */
export interface ServerRenderContext {
  readonly [SERVER_RENDER]: true
  data: PublicPageData
  siteUrl: string
}

/** The context entry-server.tsx hands the static handler. */
export function serverRenderContext(data: PublicPageData, siteUrl: string): ServerRenderContext {
  return { [SERVER_RENDER]: true, data, siteUrl }
}

/** The server render context when a loader runs on the server, else null (in the browser). */
export function onServer(context: unknown): ServerRenderContext | null {
  return typeof context === 'object' && context !== null && SERVER_RENDER in context
    ? (context as ServerRenderContext)
    : null
}
