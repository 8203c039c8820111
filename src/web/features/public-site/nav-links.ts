/** A link in the public navigation or footer. */
export interface NavLink {
  label: string
  href: string
}

/** The four professional pages (spec: Screens and routes), with the old top-level slugs that redirect to them. */
export const PROFESSIONAL_PAGES = [
  {
    slug: 'conveyancers',
    href: '/professionals/conveyancers',
    label: 'Conveyancers',
    summary: 'Case board, SLA tracking and AML checks in one place',
  },
  {
    slug: 'surveyors',
    href: '/professionals/surveyors',
    label: 'Surveyors',
    summary: 'Booking calendar, report upload and payouts',
  },
  {
    slug: 'brokers',
    href: '/professionals/brokers',
    label: 'Mortgage Brokers',
    summary: 'Decision in principle and lender packs, shared',
  },
  {
    slug: 'agents',
    href: '/professionals/agents',
    label: 'Estate Agents',
    summary: 'Portfolio risk alerts and weekly seller updates',
  },
] as const

/** Footer columns; together they hold every footer link of spec: Screens and routes. */
export const FOOTER_GROUPS: ReadonlyArray<{ title: string; links: readonly NavLink[] }> = [
  {
    title: 'Moving home',
    links: [
      { label: 'For Buyers', href: '/buyers' },
      { label: 'For Sellers', href: '/sellers' },
      { label: 'Pricing', href: '/pricing' },
      { label: 'Find a professional', href: '/marketplace' },
    ],
  },
  {
    title: 'For professionals',
    links: PROFESSIONAL_PAGES.map(({ label, href }) => ({ label, href })),
  },
  {
    title: 'Support and legal',
    links: [
      { label: 'Help centre', href: '/help' },
      { label: 'Privacy policy', href: '/privacy' },
      { label: 'Terms of service', href: '/terms' },
      { label: 'Cookie policy', href: '/cookies' },
    ],
  },
]
