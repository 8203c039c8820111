// The local OpenID Connect provider for e2e/oauth.spec.ts (playwright.config.ts): the test helper
// src/server/test/oidc-provider.ts (oidc-provider package) on a fixed port, with one client whose
// redirect URI is the e2e server's callback. Its login page takes any email (created verified).
//
// Env: E2E_OIDC_PORT, E2E_OIDC_REDIRECT_URI, E2E_OIDC_CLIENT_ID, E2E_OIDC_CLIENT_SECRET (all required).
import { tsImport } from 'tsx/esm/api'

const { E2E_OIDC_PORT, E2E_OIDC_REDIRECT_URI, E2E_OIDC_CLIENT_ID, E2E_OIDC_CLIENT_SECRET } = process.env
if (!E2E_OIDC_PORT || !E2E_OIDC_REDIRECT_URI || !E2E_OIDC_CLIENT_ID || !E2E_OIDC_CLIENT_SECRET) {
  process.stderr.write(
    'E2E_OIDC_PORT, E2E_OIDC_REDIRECT_URI, E2E_OIDC_CLIENT_ID and E2E_OIDC_CLIENT_SECRET are required\n',
  )
  process.exit(1)
}
const { startOidcProvider } = await tsImport('../src/server/test/oidc-provider.ts', import.meta.url)
const idp = await startOidcProvider({
  port: Number(E2E_OIDC_PORT),
  redirectUri: E2E_OIDC_REDIRECT_URI,
  clientId: E2E_OIDC_CLIENT_ID,
  clientSecret: E2E_OIDC_CLIENT_SECRET,
})
process.stdout.write(`OpenID Connect test provider at ${idp.issuer}\n`)
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => void idp.close().then(() => process.exit(0)))
}
