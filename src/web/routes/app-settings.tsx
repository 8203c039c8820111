import { SettingsPage } from '../features/account/components/settings-page'
import { SignedInPage } from '../features/session/components/signed-in-page'
import { PageTitle } from '../lib/page-meta'

/** /app/settings: account settings, signed in only (without a session, /auth and back here afterwards). */
export function Component() {
  const pageMeta = { title: 'Account settings', description: 'Your name, password, sessions and security activity.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInPage>{(me) => <SettingsPage me={me} />}</SignedInPage>
    </>
  )
}
