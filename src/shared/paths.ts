/**
 * The web app's page paths, for everything that links to a page: the server's emails,
 * notification links and OAuth redirects, and the web's own links. Each is a same-origin path; an
 * email puts PUBLIC_URL in front. The routes themselves are declared in src/web/router.tsx
 * (src/web/page-paths.test.tsx checks that every path here reaches one of them).
 *
 * Path segments and query values are URL-encoded; the ids and tokens in use (UUIDs, base64url)
 * need no encoding, so a link reads exactly as its id.
 */
export const PAGE_PATHS = {
  /** Sign in and sign up (tabs); `next` returns there afterwards. */
  signIn: '/auth',
  /** The signed-in app's front door: shows sign-in, or goes on to `home`. */
  app: '/app',
  /** 'Your Transactions', where a signed-in person lands by default. */
  home: '/app/home',
  /** The cases board: a professional's home, one row per matter of their firm. */
  cases: '/app/cases',
  /** An estate agent's portfolio of sales, riskiest first: the agent's home. */
  portfolio: '/app/portfolio',
  /** An estate agent creates a sale at sold subject to contract (SSTC). */
  newSale: '/app/portfolio/new',
  /** The chains of an estate agent's live sales. */
  portfolioChains: '/app/portfolio/chains',
  /** The mortgage broker's pipeline: their buyers with the application stage, DIP and offer expiry. */
  pipeline: '/app/pipeline',
  /** The surveyor's workbench: their firm's survey bookings by day and week, availability, products. */
  schedule: '/app/schedule',
  /** The home logbooks of a buyer whose purchase completed: documents, PDTF data, maintenance record. */
  logbook: '/app/logbook',
  settings: '/app/settings',
  /** Personal access tokens and webhook endpoints (the open API). */
  settingsApi: '/app/settings/api',
  support: '/app/support',
  marketplace: '/marketplace',
  /** Where an emailed password-reset link lands (with `?token=`). */
  resetPassword: '/reset-password',
  /** Where an emailed confirm-your-address link lands (with `?token=`, and `next` after a sign-up). */
  verifyEmail: '/verify-email',
} as const

/** The transaction workspace's five tabs (spec: Screens and routes), named by `?tab=` (Overview when absent). */
export const TRANSACTION_TABS = ['overview', 'timeline', 'documents', 'people', 'chat'] as const
export type TransactionTab = (typeof TRANSACTION_TABS)[number]

/**
 * The views inside a tab, named by `?view=`, and the tab each sits in (decision 063): the enquiries
 * and the move's Activity trail in Documents, the property chain in Timeline. Each tab's first view
 * (the documents, the stages) is the one shown without `?view=`.
 */
export const TRANSACTION_VIEWS = { enquiries: 'documents', activity: 'documents', chain: 'timeline' } as const
export type TransactionView = keyof typeof TRANSACTION_VIEWS

// encodeURIComponent, not URLSearchParams: the links keep the exact form they have always had
// (a space as %20, `!'()~` as they are).
const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const search = Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&')
  return search ? `${path}?${search}` : path
}

/** The sign-in page, optionally with the email filled in: '/auth?email=amelia%40example.com'. */
export function signInPath(query: { email?: string } = {}): string {
  return withQuery(PAGE_PATHS.signIn, { email: query.email })
}

/**
 * One transaction's workspace: '/app/transactions/{txId}', with `?tab=` to open a tab, `view` to
 * open a view inside its tab ('/app/transactions/t1?tab=documents&view=enquiries': the tab follows
 * from the view) and, on the Chat tab, `&thread=` to open one thread
 * ('/app/transactions/t1?tab=chat&thread=th1').
 */
export function transactionPath(
  txId: string,
  open: { tab?: TransactionTab; view?: TransactionView; thread?: string } = {},
): string {
  const tab = open.view ? TRANSACTION_VIEWS[open.view] : open.tab
  return withQuery(`/app/transactions/${encodeURIComponent(txId)}`, { tab, view: open.view, thread: open.thread })
}

/** The title checks of one move: '/app/transactions/{txId}/title'. */
export function titleCheckPath(txId: string): string {
  return `/app/transactions/${encodeURIComponent(txId)}/title`
}

/**
 * A property information form of one move (TA6 or TA10): '/app/transactions/{txId}/forms/ta6', with
 * `?section=` to open one section ('parking').
 */
export function propertyFormPath(txId: string, form: 'ta6' | 'ta10', open: { section?: string } = {}): string {
  return withQuery(`/app/transactions/${encodeURIComponent(txId)}/forms/${form}`, { section: open.section })
}

/**
 * A client's task to answer an enquiry for their conveyancer: the enquiry's text, their answer and
 * files: '/app/transactions/{txId}/enquiry-tasks/{taskId}'.
 */
export function enquiryTaskPath(txId: string, taskId: string): string {
  return `/app/transactions/${encodeURIComponent(txId)}/enquiry-tasks/${encodeURIComponent(taskId)}`
}

/** Booking a survey for one move: '/app/transactions/{txId}/survey'. */
export function surveyBookingPath(txId: string): string {
  return `/app/transactions/${encodeURIComponent(txId)}/survey`
}

/** A move's property chain, first buyer to top of the chain: '/app/transactions/{txId}/chain'. */
export function chainPath(txId: string): string {
  return `/app/transactions/${encodeURIComponent(txId)}/chain`
}

/** A move's source of funds page (the buyer and their conveyancer): /app/transactions/:txId/funds. */
export function fundsPath(txId: string): string {
  return `/app/transactions/${encodeURIComponent(txId)}/funds`
}

/** One home logbook: '/app/logbook/{logbookId}'. */
export function logbookPath(logbookId: string): string {
  return `${PAGE_PATHS.logbook}/${encodeURIComponent(logbookId)}`
}

/** A move's deposit, held by the client-money partner: '/app/transactions/{txId}/deposit'. */
export function depositPath(txId: string): string {
  return `/app/transactions/${encodeURIComponent(txId)}/deposit`
}

/** The page that shows and accepts an invitation: '/invite/{token}'. */
export function invitationPath(token: string): string {
  return `/invite/${encodeURIComponent(token)}`
}

/** A firm's public profile in the marketplace: '/marketplace/{orgId}'. */
export function organizationPath(orgId: string): string {
  return `${PAGE_PATHS.marketplace}/${encodeURIComponent(orgId)}`
}

/** 'Your Transactions' opening the marketplace's invite for one firm: '/app/home?invite={orgId}'. */
export function inviteOrganizationPath(orgId: string): string {
  return withQuery(PAGE_PATHS.home, { invite: orgId })
}

/** An emailed password-reset link's path: '/reset-password?token={token}'. */
export function resetPasswordPath(token: string): string {
  return withQuery(PAGE_PATHS.resetPassword, { token })
}

/**
 * An emailed confirm-your-address link's path: '/verify-email?token={token}', plus `&next=` (a
 * same-origin path, checked by the caller) where a sign-up continues after confirming.
 */
export function verifyEmailPath(token: string, next?: string): string {
  return withQuery(PAGE_PATHS.verifyEmail, { token, next })
}

/**
 * An emailed invitation to join a firm: its own page, '/join/{token}?email={address}', naming the firm
 * and the inviter and opening on Sign Up with the address filled in. The address rides in the link
 * sent to that address only, never in the public preview's answer (security battery 2026-12, I1).
 * Links sent before this page existed ('/app/cases?join={token}') still work: the cases board offers
 * the same join, and a signed-out visitor is sent here.
 */
export function firmInvitationPath(token: string, email?: string): string {
  return withQuery(`/join/${encodeURIComponent(token)}`, { email })
}

/**
 * The firm page's sections: members, invitations (admins), settings (SLA targets and standard
 * enquiries), activity (admins: the firm's events).
 */
export const FIRM_SECTIONS = ['members', 'invitations', 'settings', 'billing', 'activity'] as const
export type FirmSection = (typeof FIRM_SECTIONS)[number]

/** A professional's firm page: '/app/firm' (members), '/app/firm/{section}' for the others. */
export function firmPath(section: FirmSection = 'members'): string {
  return section === 'members' ? '/app/firm' : `/app/firm/${section}`
}

/** Opening a matter from the cases board: '/app/cases/new'. */
export const OPEN_MATTER_PATH = '/app/cases/new'

/** Academy Lite's course list: '/app/academy'. */
export const ACADEMY_PATH = '/app/academy'

/** One Academy Lite course: '/app/academy/{slug}'; its quiz at '/app/academy/{slug}/quiz'. */
export function coursePath(slug: string, page?: 'quiz'): string {
  return `${ACADEMY_PATH}/${encodeURIComponent(slug)}${page ? `/${page}` : ''}`
}

/** The public check of a CPD certificate: '/certificates/{number}' (server-rendered, decision 068). */
export function certificatePath(number: string): string {
  return `/certificates/${encodeURIComponent(number)}`
}

/** A firm's own Accreditation page: '/app/accreditation'. */
export const ACCREDITATION_PATH = '/app/accreditation'

/** "Your gifts": every gift the signed-in person gives, with a link to each (decision 069). */
export const MY_GIFTS_PATH = '/app/gifts'

/** The buyer's conveyancer's view of a giftor's checks (identity, screening, bank; decision 069). */
export function giftChecksPath(txId: string, giftId: string): string {
  return `/app/transactions/${encodeURIComponent(txId)}/gifts/${encodeURIComponent(giftId)}/checks`
}

/** A giftor's own gift page (decision 037): '/app/gifts/{giftId}'. The giftor sees nothing else of the move. */
export function giftorGiftPath(giftId: string): string {
  return `/app/gifts/${encodeURIComponent(giftId)}`
}

/** A giftor verifying their identity, from their gift page: '/app/gifts/{giftId}/identity'. */
export function giftorIdentityPath(giftId: string): string {
  return `/app/gifts/${encodeURIComponent(giftId)}/identity`
}

/** Verifying one's identity, from a move: '/app/transactions/{txId}/identity'. */
export function identityCheckPath(txId: string): string {
  return `/app/transactions/${encodeURIComponent(txId)}/identity`
}

/** A client's due diligence record on a move (their conveyancer): '/app/transactions/{txId}/cdd/{profileId}'. */
export function cddPath(txId: string, profileId: string): string {
  return `/app/transactions/${encodeURIComponent(txId)}/cdd/${encodeURIComponent(profileId)}`
}

/** Where the buyer or seller of a completed move reviews its professionals: '/app/transactions/{txId}/review'. */
export function reviewPath(txId: string): string {
  return `/app/transactions/${encodeURIComponent(txId)}/review`
}

/** One buyer's mortgage case on the broker's pipeline: '/app/pipeline/{txId}'. */
export function mortgageCasePath(txId: string): string {
  return `${PAGE_PATHS.pipeline}/${encodeURIComponent(txId)}`
}

/**
 * Where a professional's /app/home opens: their role's own workbench. Surveyors
 * (pro_surveyor): the schedule; estate agents (pro_agent): the portfolio; mortgage brokers
 * (pro_broker): the pipeline; everyone else: the cases board. Takes the stored roles (src/shared/domain/roles.ts); the first trade role listed wins.
 */
export function professionalHomePath(roles: readonly string[]): string {
  for (const role of roles) {
    switch (role) {
      case 'pro_surveyor':
        return PAGE_PATHS.schedule
      case 'pro_agent':
        return PAGE_PATHS.portfolio
      case 'pro_broker':
        return PAGE_PATHS.pipeline
    }
  }
  return PAGE_PATHS.cases
}

/**
 * The trade workbench link of the signed-in header for the stored roles: 'Schedule' for surveyors,
 * 'Portfolio' for estate agents, 'Pipeline' for mortgage brokers, 'Cases' for conveyancers (the first
 * trade role listed wins, as in professionalHomePath); null for buyers and sellers, whose home is
 * reached by the logo.
 */
export function tradeHomeLink(
  roles: readonly string[],
): { path: string; label: 'Schedule' | 'Portfolio' | 'Pipeline' | 'Cases' } | null {
  for (const role of roles) {
    switch (role) {
      case 'pro_surveyor':
        return { path: PAGE_PATHS.schedule, label: 'Schedule' }
      case 'pro_agent':
        return { path: PAGE_PATHS.portfolio, label: 'Portfolio' }
      case 'pro_broker':
        return { path: PAGE_PATHS.pipeline, label: 'Pipeline' }
      case 'pro_conveyancer':
        return { path: PAGE_PATHS.cases, label: 'Cases' }
    }
  }
  return null
}

/**
 * The page an emailed enquiry reply link opens (decision 054): '/enquiries/reply/{token}'. Public: a
 * firm not on Homeward answers the enquiries it lists without an account.
 */
export function enquiryReplyPath(token: string): string {
  return `/enquiries/reply/${encodeURIComponent(token)}`
}

/**
 * Where the logo of the signed-in app leads: a professional's trade home (professionalHomePath), a
 * buyer's or seller's 'Your Transactions' (/app/home); never the public landing page.
 */
export function signedInHomePath(roles: readonly string[]): string {
  return roles.some((r) => r.startsWith('pro_')) ? professionalHomePath(roles) : PAGE_PATHS.home
}

/** One of the broker's client records (fact find, affordability, recommendations): '/app/pipeline/clients/{id}'. */
export function brokerClientPath(clientId: string): string {
  return `${PAGE_PATHS.pipeline}/clients/${encodeURIComponent(clientId)}`
}
