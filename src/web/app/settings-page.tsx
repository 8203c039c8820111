import { Link } from 'react-router'
import type { MeResponse } from '#shared/contracts/auth.ts'
import { PAGE_PATHS } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { LinkedIdentitiesCard } from '../features/identities/components/linked-identities-card'
import { NotificationsSettingsCard } from '../features/notifications/components/notifications-settings-card'
import { useAccountSessions } from '../features/account/api'
import { DeleteAccountCard } from '../features/account/components/delete-account-card'
import { EmailCard } from '../features/account/components/email-card'
import { PasswordCard } from '../features/account/components/password-card'
import { LanguageCard } from '../features/account/components/language-card'
import { ProfileCard } from '../features/account/components/profile-card'
import { SecurityActivityCard } from '../features/account/components/security-activity-card'
import { SessionsCard } from '../features/account/components/sessions-card'
import { TwoFactorCard } from '../features/account/components/two-factor-card'
import { YourDataCard } from '../features/account/components/your-data-card'

/** /app/settings: profile, password, where you're signed in, security activity, API access, notifications. */
export function SettingsPage({ me }: { me: MeResponse }) {
  const sessions = useAccountSessions()
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Account settings</h1>
        <p className="text-muted-foreground">Your name, password and where you’re signed in.</p>
      </div>
      <ProfileCard fullName={me.profile.full_name} email={me.user.email} />
      <LanguageCard />
      <EmailCard email={me.user.email} signedInRecently={sessions.data?.signedInRecently} />
      <PasswordCard signedInRecently={sessions.data?.signedInRecently} />
      <TwoFactorCard email={me.user.email} />
      <LinkedIdentitiesCard />
      <SessionsCard />
      <SecurityActivityCard />
      <Card aria-labelledby="api-settings-title">
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <CardTitle as="h2" id="api-settings-title">
              API and webhooks
            </CardTitle>
            <CardDescription>Personal access tokens and webhook endpoints for your own systems.</CardDescription>
          </div>
          <Button asChild variant="outline" className="shrink-0">
            <Link to={PAGE_PATHS.settingsApi}>Manage API access</Link>
          </Button>
        </CardHeader>
      </Card>
      <NotificationsSettingsCard />
      <YourDataCard />
      <DeleteAccountCard email={me.user.email} />
    </div>
  )
}
