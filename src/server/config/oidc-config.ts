/**
 * OpenID Connect sign-in providers from the environment:
 *
 *   OIDC_PROVIDERS=microsoft,google          ids, comma-separated (lower case, digits, hyphens)
 *   OIDC_MICROSOFT_ISSUER=https://login.microsoftonline.com/<tenant>/v2.0
 *   OIDC_MICROSOFT_CLIENT_ID=...
 *   OIDC_MICROSOFT_CLIENT_SECRET=...
 *   OIDC_MICROSOFT_NAME=Microsoft            optional button label, defaults to the id capitalised
 *
 * The per-provider variable names are the id upper-cased with hyphens as underscores. The issuer's
 * discovery document (<issuer>/.well-known/openid-configuration) supplies every endpoint. Each mistake
 * is reported against the variable that holds it, e.g. "OIDC_MICROSOFT_CLIENT_ID: is required because
 * OIDC_PROVIDERS lists microsoft". See docs/decisions/010-oauth.md.
 */
import { z } from 'zod'

export interface OidcProviderConfig {
  /** Our id for the provider: in the callback URL /api/auth/callback/<id> and in account.provider_id. */
  id: string
  /** What the buttons say: 'Sign in with <name>'. */
  name: string
  issuer: string
  clientId: string
  clientSecret: string
}

const PROVIDER_ID = /^[a-z][a-z0-9-]{0,31}$/
/** Better Auth's own account provider ids: an OIDC provider must not take them over. */
const RESERVED_IDS = new Set(['credential', 'email', 'email-otp', 'magic-link', 'two-factor'])
/** The variables of one provider, in the order their problems are listed. */
const OIDC_FIELDS = ['issuer', 'clientId', 'clientSecret', 'name'] as const
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

function urlOrNull(v: string): URL | null {
  try {
    return new URL(v)
  } catch {
    return null
  }
}

const Issuer = z
  .url({ message: 'must be an absolute URL such as https://login.microsoftonline.com/<tenant>/v2.0' })
  .refine(
    (v) => {
      const u = urlOrNull(v)
      return !u || u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname))
    },
    { message: 'must be an https:// URL (http:// only for localhost)' },
  )
  .refine((v) => !urlOrNull(v)?.search && !urlOrNull(v)?.hash, { message: 'must not have a query or a fragment' })

const Required = (what: string) =>
  z
    .string({ message: `is required (${what})` })
    .trim()
    .min(1, `is required (${what})`)

/** The prefix of a provider's variables: 'microsoft' -> 'OIDC_MICROSOFT_', 'my-idp' -> 'OIDC_MY_IDP_'. */
export function oidcEnvPrefix(id: string): string {
  return `OIDC_${id.toUpperCase().replace(/-/g, '_')}_`
}

/**
 * Reads OIDC_PROVIDERS and each listed provider's variables. Never throws: returns the providers and,
 * for each mistake, a line "VARIABLE: what is wrong" for the configuration error at start.
 */
export function readOidcProviders(env: NodeJS.ProcessEnv): { providers: OidcProviderConfig[]; issues: string[] } {
  const list = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const issues: string[] = []
  const providers: OidcProviderConfig[] = []
  const seen = new Set<string>()
  for (const id of list) {
    if (!PROVIDER_ID.test(id)) {
      issues.push(
        `OIDC_PROVIDERS: '${id}' is not a valid provider id (lower-case letters, digits and hyphens, starting with a letter, at most 32)`,
      )
      continue
    }
    if (RESERVED_IDS.has(id)) {
      issues.push(`OIDC_PROVIDERS: '${id}' is reserved; choose another id`)
      continue
    }
    if (seen.has(id)) {
      issues.push(`OIDC_PROVIDERS: '${id}' is listed twice`)
      continue
    }
    seen.add(id)
    const prefix = oidcEnvPrefix(id)
    const because = `because OIDC_PROVIDERS lists ${id}`
    const fields = {
      issuer: Issuer.safeParse(env[`${prefix}ISSUER`] ?? ''),
      clientId: Required(because).safeParse(env[`${prefix}CLIENT_ID`]),
      clientSecret: Required(because).safeParse(env[`${prefix}CLIENT_SECRET`]),
      name: z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(40, 'must be at most 40 characters')
        .optional()
        .safeParse(env[`${prefix}NAME`]),
    }
    const names = { issuer: 'ISSUER', clientId: 'CLIENT_ID', clientSecret: 'CLIENT_SECRET', name: 'NAME' } as const
    let ok = true
    for (const key of OIDC_FIELDS) {
      const result = fields[key]
      if (!result.success) {
        ok = false
        const message =
          key === 'issuer' && !env[`${prefix}ISSUER`]
            ? `is required ${because}`
            : (result.error?.issues[0]?.message ?? 'is not valid')
        issues.push(`${prefix}${names[key]}: ${message}`)
      }
    }
    if (
      !ok ||
      !fields.issuer.success ||
      !fields.clientId.success ||
      !fields.clientSecret.success ||
      !fields.name.success
    )
      continue
    providers.push({
      id,
      name: fields.name.data ?? id.charAt(0).toUpperCase() + id.slice(1),
      issuer: fields.issuer.data.replace(/\/$/, ''),
      clientId: fields.clientId.data,
      clientSecret: fields.clientSecret.data,
    })
  }
  return { providers, issues }
}
