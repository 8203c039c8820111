/**
 * A request authenticated by an API token only (no cookie, no Origin), as a case-management system
 * or curl sends it: `Authorization: Bearer <token>`, a JSON body when `json` is given (then POST
 * unless `method` says otherwise), else GET. Answers the app's Response.
 */
export function requestWithToken(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  path: string,
  token: string,
  init: { method?: string; json?: unknown } = {},
): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  let body: string | undefined
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.json)
  }
  return Promise.resolve(app.request(path, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body }))
}
