/**
 * A local OpenID Connect provider for tests, built on the `oidc-provider` package:
 * one confidential client (client_secret_post, PKCE required, redirect to our callback), its own
 * RS256 signing key, and a tiny login page instead of the package's dev interactions: GET
 * /interaction/<uid> shows an email field and 'Continue' (and 'Cancel'); POST .../login signs in as
 * the user with that email (created verified on first use unless added with `addUser`). Consent is
 * granted automatically (a first-party client), so a login is the only step.
 *
 * Tests drive it with `loginAt()`; the e2e server uses scripts/e2e-oidc-provider.mjs.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { exportJWK, generateKeyPair } from 'jose'
import Provider from 'oidc-provider'

export interface OidcTestUser {
  sub: string
  email: string
  emailVerified: boolean
  name: string
}

export interface OidcTestProvider {
  issuer: string
  clientId: string
  clientSecret: string
  /** Adds (or replaces) the user who signs in with this email. */
  addUser(user: { email: string; emailVerified?: boolean; name?: string; sub?: string }): OidcTestUser
  close(): Promise<void>
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  // A request stream yields `any`; without an encoding set, Buffers.
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

function loginPage(uid: string, hint: string, clientName: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - Test identity provider</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}
label,input,button{display:block;width:100%;margin:.5rem 0;font-size:1rem}input,button{padding:.6rem}</style></head>
<body><main><h1>Test identity provider</h1><p>Sign in to continue to ${escapeHtml(clientName)}.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="username" value="${escapeHtml(hint)}">
<button type="submit">Continue</button></form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`
}

/**
 * Starts the provider on `port` (0: a free one) for a client that returns to `redirectUri`.
 * Close it in afterAll.
 */
export async function startOidcProvider(options: {
  redirectUri: string
  port?: number
  clientId?: string
  clientSecret?: string
}): Promise<OidcTestProvider> {
  const clientId = options.clientId ?? 'homeward-test'
  const clientSecret = options.clientSecret ?? `secret-${randomUUID()}`
  const users = new Map<string, OidcTestUser>()
  const bySub = new Map<string, OidcTestUser>()
  const addUser: OidcTestProvider['addUser'] = (u) => {
    const email = u.email.toLowerCase()
    const user: OidcTestUser = {
      sub: u.sub ?? users.get(email)?.sub ?? `sub-${randomUUID()}`,
      email,
      emailVerified: u.emailVerified ?? true,
      name: u.name ?? email.split('@')[0],
    }
    users.set(email, user)
    bySub.set(user.sub, user)
    return user
  }

  let provider: InstanceType<typeof Provider> | null = null
  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      res.statusCode = 500
      res.end(String(err))
    })
  })
  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (!provider) throw new Error('provider not ready')
    if (req.url === '/favicon.ico') {
      res.statusCode = 204 // no icon; a browser's 404 for it would read as a console error in e2e
      return res.end()
    }
    const match = /^\/interaction\/([^/?]+)(?:\/(login|abort))?/.exec(req.url ?? '')
    if (!match) return provider.callback()(req, res)
    const [, , action] = match
    const details = await provider.interactionDetails(req, res)
    if (!action && req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8')
      res.setHeader('cache-control', 'no-store')
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : ''
      return res.end(loginPage(details.uid, hint, 'Homeward'))
    }
    if (action === 'abort' && req.method === 'POST') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person cancelled.' },
        { mergeWithLastSubmission: false },
      )
    }
    if (action === 'login' && req.method === 'POST') {
      const email = (await readForm(req)).get('email')?.trim().toLowerCase() ?? ''
      if (!email) {
        res.statusCode = 400
        return res.end('Enter an email')
      }
      const user = users.get(email) ?? addUser({ email })
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: user.sub } },
        { mergeWithLastSubmission: false },
      )
    }
    res.statusCode = 405
    res.end()
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string')
    throw new Error('the test OpenID provider is not listening on a TCP port')
  const issuer = `http://127.0.0.1:${address.port}`
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', use: 'sig', alg: 'RS256' }

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: 'Homeward',
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomUUID()] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The email in the ID token too, as Microsoft and Google put it.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // First-party client: consent is implied, so logging in is the only interaction.
    loadExistingGrant: async (ctx: ProviderContext) => {
      const existing = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId)
      if (existing) return ctx.oidc.provider.Grant.find(existing)
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      })
      grant.addOIDCScope('openid email profile')
      grant.addOIDCClaims(['email', 'email_verified', 'name'])
      await grant.save()
      return grant
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const user = bySub.get(sub)
      if (!user) return undefined
      return {
        accountId: sub,
        claims: () => ({ sub, email: user.email, email_verified: user.emailVerified, name: user.name }),
      }
    },
  })

  return {
    issuer,
    clientId,
    clientSecret,
    addUser,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The slice of oidc-provider's Koa context that loadExistingGrant reads. */
interface ProviderContext {
  oidc: {
    result?: { consent?: { grantId?: string } }
    session: { accountId: string; grantIdFor(clientId: string): string | undefined }
    client: { clientId: string }
    provider: {
      Grant: {
        new (init: { clientId: string; accountId: string }): {
          addOIDCScope(scope: string): void
          addOIDCClaims(claims: string[]): void
          save(): Promise<string>
        }
        find(id: string): Promise<unknown>
      }
    }
  }
}
