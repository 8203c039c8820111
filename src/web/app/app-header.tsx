import {
  Award,
  BookOpen,
  Briefcase,
  Building2,
  CalendarDays,
  FolderKanban,
  GraduationCap,
  ListChecks,
  LogOut,
  Settings,
  Store,
} from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../components/ui/button'
import { NotificationBell } from '../features/notifications/components/notification-bell'
import { YourGiftsLink } from '../features/funds/components/your-gifts'
import { useMyGifts } from '../features/funds/api'
import { Logo } from '../components/logo'
import { avatarLetter } from '../lib/avatar'
import { useSession } from '../lib/session/api'
import { useSignOut } from '../lib/session/use-sign-out'
import {
  ACADEMY_PATH,
  ACCREDITATION_PATH,
  firmPath,
  PAGE_PATHS,
  signedInHomePath,
  tradeHomeLink,
} from '#shared/paths.ts'

const TRADE_ICONS = { Schedule: CalendarDays, Portfolio: Briefcase, Pipeline: ListChecks, Cases: FolderKanban } as const

/**
 * The signed-in app's top bar (spec: Screens and routes): logo (to the person's home: their trade's
 * workbench, or their moves; never the public landing page), the trade's workbench (Cases, Schedule,
 * Portfolio or Pipeline, from the session's roles), Marketplace link, the notifications bell, for
 * professionals their Firm, Academy Lite and their firm's Accreditation (for buyers and sellers their home
 * Logbook), account Settings, Sign Out and an avatar with the first letter of the email.
 * On phones the labels shrink to icons with accessible names (Marketplace too below 420 px, to leave
 * room for the bell; Settings's label shows from 1024 px). A professional's bar has the most links:
 * its buttons are narrower and Settings stays an icon below 1440 px, so that it fits 1280 px.
 */
export function AppHeader({ email, professional = false }: { email: string; professional?: boolean }) {
  const signOut = useSignOut()
  const roles = useSession().data?.roles ?? []
  const trade = tradeHomeLink(roles)
  const TradeIcon = trade ? TRADE_ICONS[trade.label] : null
  // A giftor's bar has one more link (Your gifts): it too fits 390 px with the mark alone.
  const myGifts = useMyGifts()
  const giving = !professional && (myGifts.data?.gifts.length ?? 0) > 0
  // The professional bar's buttons are narrower at desktop widths, so that it fits 1280 px.
  const pad = professional ? 'px-2 xl:px-3' : 'px-2 sm:px-4'
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        {/* Professionals have two more links, a giftor one: below 420 px the wordmark gives way to the mark alone. */}
        <Logo
          to={signedInHomePath(roles)}
          className={professional || giving ? '[&>span]:sr-only min-[420px]:[&>span]:not-sr-only' : undefined}
        />
        <nav aria-label="Account" className={`flex items-center gap-1 ${professional ? '' : 'sm:gap-2'}`}>
          {trade && TradeIcon ? (
            <Button asChild variant="ghost" className={pad}>
              <Link to={trade.path}>
                <TradeIcon aria-hidden="true" />
                <span className="sr-only md:not-sr-only">{trade.label}</span>
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="ghost" className={pad}>
            <Link to={PAGE_PATHS.marketplace}>
              <Store aria-hidden="true" />
              <span className="sr-only min-[420px]:not-sr-only">Marketplace</span>
            </Link>
          </Button>
          {professional ? (
            <>
              <Button asChild variant="ghost" className={pad}>
                <Link to={firmPath()}>
                  <Building2 aria-hidden="true" />
                  <span className="sr-only lg:not-sr-only">Firm</span>
                </Link>
              </Button>
              <Button asChild variant="ghost" className={pad}>
                <Link to={ACADEMY_PATH}>
                  <GraduationCap aria-hidden="true" />
                  <span className="sr-only lg:not-sr-only">Academy</span>
                </Link>
              </Button>
              <Button asChild variant="ghost" className={pad}>
                <Link to={ACCREDITATION_PATH}>
                  <Award aria-hidden="true" />
                  <span className="sr-only lg:not-sr-only">Accreditation</span>
                </Link>
              </Button>
            </>
          ) : (
            // Narrower than its neighbours on phones: the header fits 390 px with the bell and Sign Out.
            <Button asChild variant="ghost" className="px-1.5 sm:px-4">
              <Link to={PAGE_PATHS.logbook}>
                <BookOpen aria-hidden="true" />
                <span className="sr-only lg:not-sr-only">Logbook</span>
              </Link>
            </Button>
          )}
          {/* Someone giving a gift towards a deposit finds it here on every page (decision 069). */}
          {!professional && <YourGiftsLink className="px-1.5 sm:px-4" />}
          <NotificationBell />
          <Button asChild variant="ghost" className={pad}>
            <Link to={PAGE_PATHS.settings} title="Settings">
              <Settings aria-hidden="true" />
              <span className={professional ? 'sr-only min-[1440px]:not-sr-only' : 'sr-only lg:not-sr-only'}>
                Settings
              </span>
            </Link>
          </Button>
          <Button variant="outline" className={pad} onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOut aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Sign Out</span>
          </Button>
          <span
            role="img"
            aria-label={`Signed in as ${email}`}
            title={email}
            data-testid="avatar"
            className="flex size-8 shrink-0 items-center sm:size-9 justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          >
            {avatarLetter(email)}
          </span>
        </nav>
      </div>
    </header>
  )
}
