/**
 * A browser's side of an OpenID Connect sign-in in integration tests: a cookie jar, and logging in at
 * the local provider (oidc-provider.ts) by following its redirects and posting its login form.
 */

/** name=value pairs of a response's Set-Cookie headers, merged into `jar` (expired ones removed). */
export function keepCookies(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';')
    const eq = pair.indexOf('=')
    const name = pair.slice(0, eq)
    const value = pair.slice(eq + 1)
    if (value === '' || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name)
    else jar.set(name, value)
  }
}

/** The jar as a Cookie header value. */
export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

/**
 * Logs in at the provider (`issuer`) as `loginEmail`, starting from its authorization URL, and returns
 * the URL it sends the browser back to (our callback with code, state and iss; or an error).
 */
export async function loginAtProvider(issuer: string, authorizationUrl: string, loginEmail: string): Promise<URL> {
  const jar = new Map<string, string>()
  let url = authorizationUrl
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } })
    keepCookies(jar, res)
    if (res.status === 200 && url.includes('/interaction/')) {
      const login = await fetch(`${url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(jar), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: loginEmail }).toString(),
      })
      keepCookies(jar, login)
      url = new URL(login.headers.get('location')!, url).toString()
      continue
    }
    const location = res.headers.get('location')
    if (!location) throw new Error(`provider answered ${res.status} at ${url}: ${await res.text()}`)
    const next = new URL(location, url)
    if (next.origin !== new URL(issuer).origin) return next
    url = next.toString()
  }
  throw new Error('too many redirects at the provider')
}
