/**
 * The route loaders of the public pages. Each runs twice in a page's life: on the server, where
 * `context` is the server render context (render-context.ts) and the data comes from the server's
 * own use cases, and in the browser on client-side navigation, where it starts the API request and
 * lets the page show its loading state rather than holding the navigation. The marketplace's
 * modules (its API queries and their contracts, with zod) are imported by its loaders when they run,
 * so that the other public pages, whose script imports this module, do not load and run them.
 */
import { data, redirectDocument, type LoaderFunctionArgs } from 'react-router'
import type { CertificateCheck } from '../shared/contracts/academy'
import type { MarketingClaims, OrganizationProfile } from '../shared/contracts/directory'
import type { DirectoryPage } from './features/marketplace/result-page'
import type { RootData } from './lib/page-meta'
import { appQueryClient } from './providers'
import { onServer } from './render-context'

/** Root: the site address for canonical URLs. Runs once per document (the root never revalidates). */
export function rootLoader({ context }: LoaderFunctionArgs): RootData {
  return { siteUrl: onServer(context)?.siteUrl ?? window.location.origin }
}

/**
 * The landing page is a document of its own (landing.html: server-rendered, not hydrated), so a
 * client-side navigation to / loads it afresh. On the server: the marketing claims it may show.
 */
export async function landingLoader({ context }: LoaderFunctionArgs): Promise<MarketingClaims> {
  const server = onServer(context)
  if (server) return server.data.loadMarketingClaims()
  throw redirectDocument('/')
}

/**
 * Pages with a marketing figure (/professionals/conveyancers): the claims they may show (decision
 * 068), from the server's own use case, or GET /api/marketing-claims on client-side navigation.
 */
export async function marketingClaimsLoader({ context }: LoaderFunctionArgs): Promise<MarketingClaims> {
  const server = onServer(context)
  if (server) return server.data.loadMarketingClaims()
  const res = await fetch('/api/marketing-claims', { headers: { accept: 'application/json' } })
  if (!res.ok) throw new Error(`The page could not be loaded (${res.status}). Try again in a moment.`)
  return (await res.json()) as MarketingClaims
}

/** Unknown paths: the not-found page, with status 404. */
export function notFoundLoader() {
  return data(null, { status: 404 })
}

/** /marketplace: on the server, the page of results the URL asks for; in the browser, null (the page fetches). */
export async function marketplaceLoader({ request, context }: LoaderFunctionArgs): Promise<DirectoryPage | null> {
  const server = onServer(context)
  if (!server) {
    // Start the directory request alongside the route's code instead of after it.
    const { directoryQueryOptions } = await import('./features/marketplace/api')
    void appQueryClient.prefetchQuery(directoryQueryOptions)
    return null
  }
  const { directoryPage } = await import('./features/marketplace/result-page')
  const { organizations } = await server.data.loadDirectory()
  return directoryPage(organizations, new URL(request.url).searchParams)
}

/** Loader data of a profile rendered by the server: the firm, or null (answered with status 404). */
export interface ProfileData {
  org: OrganizationProfile | null
}

/** /marketplace/:orgId: on the server, the firm or a 404; in the browser, null (the page fetches). */
export async function profileLoader({ params, context }: LoaderFunctionArgs) {
  const orgId = params.orgId ?? ''
  const server = onServer(context)
  if (!server) {
    const { organizationQueryOptions } = await import('./features/marketplace/api')
    void appQueryClient.prefetchQuery(organizationQueryOptions(orgId))
    return null
  }
  const org = await server.data.loadProfile(orgId)
  return org ? ({ org } satisfies ProfileData) : data({ org: null } satisfies ProfileData, { status: 404 })
}

/** Loader data of the certificate check: the certificate, or null when no certificate has this number. */
export interface CertificateData {
  number: string
  certificate: CertificateCheck | null
}

/**
 * /certificates/:number: on the server, the certificate from the Academy's own check, or a 404; in the
 * browser, the same answer from GET /api/certificates/{number} (404 for an unknown or malformed number).
 */
export async function certificateLoader({ params, context }: LoaderFunctionArgs) {
  const number = (params.number ?? '').trim().toUpperCase()
  const server = onServer(context)
  let certificate: CertificateCheck | null
  if (server) {
    certificate = await server.data.loadCertificate(number)
  } else {
    const res = await fetch(`/api/certificates/${encodeURIComponent(number)}`, {
      headers: { accept: 'application/json' },
    })
    if (res.status !== 200 && res.status !== 404 && res.status !== 400) {
      throw new Error(`The certificate could not be checked (${res.status}). Try again in a moment.`)
    }
    certificate = res.status === 200 ? ((await res.json()) as CertificateCheck) : null
  }
  const found: CertificateData = { number, certificate }
  return certificate ? found : data(found, { status: 404 })
}
