/**
 * The lazily loaded route modules of the public site, shared by the router (its `lazy` functions)
 * and main.tsx, which starts fetching the current page's module together with the app itself
 * (one network round trip sooner on a first visit). import() returns the same module both times.
 */
export const publicRouteModules = {
  landing: () => import('./routes/landing'),
  buyers: () => import('./routes/buyers'),
  sellers: () => import('./routes/sellers'),
  conveyancers: () => import('./routes/professionals-conveyancers'),
  surveyors: () => import('./routes/professionals-surveyors'),
  brokers: () => import('./routes/professionals-brokers'),
  agents: () => import('./routes/professionals-agents'),
  help: () => import('./routes/help'),
  pricing: () => import('./routes/pricing'),
  privacy: () => import('./routes/privacy'),
  terms: () => import('./routes/terms'),
  cookies: () => import('./routes/cookies'),
  notFound: () => import('./routes/not-found'),
  marketplaceLayout: () => import('./routes/marketplace-layout'),
  marketplace: () => import('./routes/marketplace'),
  marketplaceProfile: () => import('./routes/marketplace-profile'),
  certificate: () => import('./routes/certificate'),
}

const BY_PATH: Record<string, Array<keyof typeof publicRouteModules>> = {
  '/buyers': ['buyers'],
  '/sellers': ['sellers'],
  '/professionals/conveyancers': ['conveyancers'],
  '/professionals/surveyors': ['surveyors'],
  '/professionals/brokers': ['brokers'],
  '/professionals/agents': ['agents'],
  '/help': ['help'],
  '/pricing': ['pricing'],
  '/privacy': ['privacy'],
  '/terms': ['terms'],
  '/cookies': ['cookies'],
  '/marketplace': ['marketplaceLayout', 'marketplace'],
}

/** Starts loading the route modules for `pathname` when it is a public page; does nothing otherwise. */
export function preloadPublicRoute(pathname: string): void {
  const path = pathname.replace(/\/+$/, '') || '/'
  const keys =
    BY_PATH[path] ??
    (/^\/marketplace\/[^/]+$/.test(path)
      ? ['marketplaceLayout', 'marketplaceProfile']
      : /^\/certificates\/[^/]+$/.test(path)
        ? ['certificate']
        : [])
  for (const key of keys) void publicRouteModules[key]()
}
